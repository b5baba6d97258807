/** A fetch double for screen tests: answers by method and path, and records every call. */
export interface MockCall {
  method: string;
  url: string;
  body: unknown;
}

export interface MockAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Responder = (call: MockCall) => MockAnswer | Promise<MockAnswer>;

export function jsonAnswer(body: unknown, status = 200, headers: Record<string, string> = {}): MockAnswer {
  return { status, body, headers };
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
    const { status = 200, body: answer, headers = {} } = await responder(call);
    const answerHeaders = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    if (answer !== undefined) answerHeaders.set('content-type', 'application/json');
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: { get: (name: string) => answerHeaders.get(name.toLowerCase()) ?? null },
      json: async () => answer,
    } as unknown as Response;
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return { fetchMock, calls, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.split('?')[0] === path) };
}
