import { seedProducts } from './shop-fixtures';
import { createTestApp, type TestApp, type TestUser } from './test-app';

/** What a browser sends when it posts a page's form itself (JavaScript off, or before the app could). */
const BROWSER_POST = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

const form = (fields: [string, string][]) => new URLSearchParams(fields).toString();

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };
const unescape = (html: string) => html.replace(/&(?:lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity]);

/** The page's headline, messages and link, and the values of the form it shows again. */
function readAnswer(html: string) {
  const values = Object.fromEntries(
    [
      ...html.matchAll(/<input id="field-(\w+)" name="\w+" type="\w+" value="([^"]*)">|<textarea id="field-(\w+)" name="\w+" rows="6">([^<]*)<\/textarea>/g),
    ].map((match) => [match[1] ?? match[3], unescape(match[2] ?? match[4])]),
  );
  const hidden = [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((match) => [match[1], match[2]]);
  return {
    title: /<h1>([^<]*)<\/h1>/.exec(html)?.[1],
    alert: /<p class="error" role="alert">([^<]*)<\/p>/.exec(html)?.[1],
    status: /<p role="status">([^<]*)<\/p>/.exec(html)?.[1],
    action: /<form method="post" action="([^"]*)">/.exec(html)?.[1],
    back: /<p><a href="([^"]*)">([^<]*)<\/a><\/p>/.exec(html)?.slice(1, 3),
    values,
    hidden,
  };
}

/**
 * The contact, enquiry and newsletter forms post without JavaScript: the same routes, validation and
 * limits, answering a browser's own post with a page (sent; or the reason and the form again, with
 * what was typed), and the app's JSON calls as before.
 */
describe('forms posted by the browser itself', () => {
  let t: TestApp;
  let admin: TestUser;
  let roses: string;
  let ferns: string;

  beforeAll(async () => {
    t = await createTestApp({ JOB_WORKERS: 'false' });
    admin = await t.createUser({ role: 'admin' });
    [roses, ferns] = await seedProducts(t, [{ name: 'Red Naomi Rose' }, { name: 'Leatherleaf Fern' }]);
  });
  afterAll(() => t?.close());

  const contactMessages = async () =>
    (await t.request('GET', '/api/contact', { token: admin.token })).body as { name: string; email: string; message: string }[];

  it('sends a contact message and answers with a page that says so, linking back to the contact page', async () => {
    const res = await t.request('POST', '/api/contact', {
      headers: BROWSER_POST,
      payload: form([
        ['name', 'Meera Iyer'],
        ['email', 'meera@example.com'],
        ['message', 'Roses & ferns for Friday?'],
      ]),
    });
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(readAnswer(res.body)).toMatchObject({ title: 'Message sent', status: 'Message sent successfully!', back: ['/contact', 'Back to the contact page'] });
    expect((await contactMessages())[0]).toMatchObject({ name: 'Meera Iyer', email: 'meera@example.com', message: 'Roses & ferns for Friday?' });
  });

  it('shows a refused message’s reason and the form again holding what was typed, storing nothing', async () => {
    const before = (await contactMessages()).length;
    const res = await t.request('POST', '/api/contact', {
      headers: BROWSER_POST,
      payload: form([
        ['name', 'Arjun "A" <Rao>'],
        ['email', 'arjun@example'],
        ['message', 'Line one\nLine two & more'],
      ]),
    });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(readAnswer(res.body)).toEqual({
      title: 'Your message was not sent',
      alert: 'Please enter a valid email address',
      status: undefined,
      action: '/api/contact',
      back: ['/contact', 'Back to the contact page'],
      values: { name: 'Arjun "A" <Rao>', email: 'arjun@example', message: 'Line one\nLine two & more' },
      hidden: [],
    });
    expect(res.body).toContain('<label for="field-email">Email</label><input id="field-email" name="email" type="email"');
    expect(await contactMessages()).toHaveLength(before);
  });

  it('sends an enquiry with one product or several ticked, and keeps the ticked ones when it is refused', async () => {
    const fields = (productIds: string[], changes: Record<string, string> = {}) =>
      form([
        ...Object.entries({
          company: 'Perth Petals Pty Ltd',
          contactName: 'Olivia Chen',
          email: 'olivia@perthpetals.example',
          phone: '',
          country: 'AU',
          quantity: '2400',
          frequency: '',
          targetMonth: '',
          message: 'Weekly boxes of red roses.',
          ...changes,
        }),
        ...productIds.map((id) => ['productIds', id] as [string, string]),
      ]);
    for (const ticked of [[roses], [roses, ferns]]) {
      const res = await t.request('POST', '/api/enquiries', { headers: BROWSER_POST, payload: fields(ticked) });
      expect([res.status, readAnswer(res.body).status]).toEqual([201, 'Thank you! Your enquiry is with our export desk; we answer within two working days.']);
    }
    const listed = (await t.request('GET', '/api/admin/enquiries', { token: admin.token })).body as { products: { _id: string }[] }[];
    expect(listed.slice(0, 2).map((enquiry) => enquiry.products.length)).toEqual([2, 1]);

    const refused = await t.request('POST', '/api/enquiries', { headers: BROWSER_POST, payload: fields([roses, ferns], { quantity: '0' }) });
    expect(refused.status).toBe(400);
    expect(readAnswer(refused.body)).toMatchObject({
      title: 'Your enquiry was not sent',
      alert: 'Quantity must be at least 1 stem',
      action: '/api/enquiries',
      back: ['/export', 'Back to wholesale and export'],
      values: { company: 'Perth Petals Pty Ltd', quantity: '0', message: 'Weekly boxes of red roses.' },
      hidden: [
        ['productIds', roses],
        ['productIds', ferns],
      ],
    });
  });

  it('subscribes to the newsletter', async () => {
    const res = await t.request('POST', '/api/newsletter', { headers: BROWSER_POST, payload: form([['email', 'kiran@example.com']]) });
    expect(res.status).toBe(201);
    expect(readAnswer(res.body)).toMatchObject({ title: 'Thank you for subscribing', back: ['/', 'Back to Thalir Blooms'] });
  });

  it('answers the app, which posts JSON, as before', async () => {
    const res = await t.request('POST', '/api/contact', { body: { name: 'Meera', email: 'bad@', message: 'Hi' } });
    expect([res.status, res.body]).toEqual([
      400,
      { success: false, message: 'Please enter a valid email address', errors: ['Please enter a valid email address'] },
    ]);
    // A urlencoded post that does not ask for a page (a script, a form library) gets JSON too.
    const scripted = await t.request('POST', '/api/contact', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form([
        ['name', 'Meera'],
        ['email', 'meera@example.com'],
        ['message', 'Hi'],
      ]),
    });
    expect([scripted.status, scripted.body]).toEqual([201, { success: true, message: 'Message sent successfully!' }]);
  });

  it('shows the limit as the reason once an address has sent too many, keeping what was typed', async () => {
    let last = await t.request('POST', '/api/contact', { headers: BROWSER_POST, payload: form([['name', 'Flood']]) });
    for (let sent = 0; sent < 25 && last.status !== 429; sent++) {
      last = await t.request('POST', '/api/contact', { headers: BROWSER_POST, payload: form([['name', 'Flood']]) });
    }
    expect(last.status).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(readAnswer(last.body)).toMatchObject({ alert: expect.stringMatching(/^Too many messages from your address/), values: { name: 'Flood' } });
  });
});
