/** A JSON answer as fetch would give it, for `global.fetch` mocks in component tests. */
export function jsonResponse(body: unknown, status = 200): Response {
  // jsdom has no Response class: a stand-in with the parts the api client reads.
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers({ 'content-type': 'application/json' }),
    json: async () => body,
  } as Response;
}

export type FetchCall = { url: string; method: string; body: unknown; authorization: string | undefined };

/** Replaces global fetch with `handler`, recording every call with its parsed JSON body. */
export function mockFetch(handler: (call: FetchCall) => Response | Promise<Response>): FetchCall[] {
  const calls: FetchCall[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: FetchCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.authorization,
    };
    calls.push(call);
    return handler(call);
  }) as typeof fetch;
  return calls;
}
