import { api, ApiRequestError } from './api-client';

/** fetch as a jest mock answering `body` as JSON with `status`, recording each call's headers. */
function answering(body: unknown, status = 200) {
  const calls: Headers[] = [];
  globalThis.fetch = jest.fn(async (_input: string | URL, init: RequestInit = {}) => {
    calls.push(new Headers(init.headers));
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => body,
    } as Response;
  }) as typeof fetch;
  return calls;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  document.documentElement.lang = 'en';
});

describe('apiRequest and the page’s language', () => {
  it('asks for Tamil messages on a Tamil page, for every kind of request', async () => {
    document.documentElement.lang = 'ta';
    const calls = answering({ message: 'சுயவிவரம் வெற்றிகரமாகப் புதுப்பிக்கப்பட்டது' });
    await api.get('/api/users/profile');
    await api.put('/api/users/profile', { name: 'Asha' });
    await api.post('/api/newsletter', { email: 'asha@example.com' });
    await api.delete('/api/wishlist/1');
    expect(calls.map((headers) => headers.get('accept-language'))).toEqual(['ta', 'ta', 'ta', 'ta']);
    expect(calls[1].get('content-type')).toBe('application/json');
  });

  it('hands on the Tamil error message the API sent', async () => {
    document.documentElement.lang = 'ta';
    answering({ success: false, message: 'மின்னஞ்சல் அல்லது கடவுச்சொல் தவறு' }, 401);
    await expect(api.post('/api/auth/login', { email: 'a@example.com', password: 'x' })).rejects.toEqual(
      new ApiRequestError(401, 'மின்னஞ்சல் அல்லது கடவுச்சொல் தவறு'),
    );
  });

  it('asks for English on an English page, whatever the browser prefers, and names no language on a page without one', async () => {
    const calls = answering({ success: true });
    document.documentElement.lang = 'en-IN';
    await api.get('/api/products');
    document.documentElement.removeAttribute('lang');
    await api.post('/api/contact', { message: 'Hello' });
    expect(calls.map((headers) => headers.get('accept-language'))).toEqual(['en', null]);
    expect([...calls[1].keys()]).toEqual(['accept', 'content-type']);
  });
});
