/** A fetch double for screen tests: answers by method and path, and records every call. */
export interface MockCall {
  method: string;
  url: string;
  body: unknown;
}

export type Responder = (call: MockCall) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

export function jsonAnswer(body: unknown, status = 200) {
  return { status, body };
}

export function mockApi(routes: Record<string, Responder>) {
  const calls: MockCall[] = [];
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = String(input);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call = { method, url, body };
    calls.push(call);
    const path = url.split('?')[0];
    const responder = routes[`${method} ${url}`] ?? routes[`${method} ${path}`];
    if (!responder) throw new Error(`Unexpected call ${method} ${url}`);
    const { status = 200, body: answer } = await responder(call);
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' && answer !== undefined ? 'application/json' : null) },
      json: async () => answer,
    } as unknown as Response;
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return { fetchMock, calls, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.split('?')[0] === path) };
}
