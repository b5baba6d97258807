/**
 * The API double of every frontend test (`@thalir/api-client/testing`, never imported by app code):
 * fetch answers by route, "METHOD /url" first, then "METHOD /path" without the query, and records
 * every call.
 *
 *   const api = mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: [] }) });
 *   expect(api.callsTo('GET', '/api/products')).toHaveLength(1);
 */

export interface ApiCall {
  method: string;
  url: string;
  /** Parsed when JSON; FormData as sent. */
  body: unknown;
  authorization: string | undefined;
}

export interface ApiAnswer {
  status?: number;
  /** Sent as JSON, or a Blob as it is (a PDF download). */
  body?: unknown;
  headers?: Record<string, string>;
}

export type Responder = (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>;
export type Routes = Record<string, Responder>;

export interface MockedApi {
  /** Every call, answered or not, in order. */
  calls: ApiCall[];
  callsTo(method: string, path: string): ApiCall[];
  /** Adds routes, replacing those with the same key. */
  answer(routes: Routes): void;
}

const ROUTE_KEY = /^(GET|POST|PUT|PATCH|DELETE) \/\S*$/;

/** A call no route answers: the screen may swallow fetch's rejection, so the test fails after it ends. */
class UnexpectedCall extends Error {}

const realFetch = globalThis.fetch;
let unexpectedCalls: UnexpectedCall[] = [];

// Registered by importing this module: no test inherits another's routes.
afterEach(() => {
  globalThis.fetch = realFetch;
  const [first] = unexpectedCalls;
  unexpectedCalls = [];
  if (first) throw first;
});

export function jsonAnswer(body: unknown, status = 200, headers: Record<string, string> = {}): ApiAnswer {
  return { status, body, headers };
}

/** A responder for a lost connection: fetch rejects, as a browser's does offline. */
export function networkFailure(): never {
  throw new TypeError('Failed to fetch');
}

/** Answers the n-th call with the n-th responder; a call after the last is unexpected. */
export function inSequence(...responders: Responder[]): Responder {
  let next = 0;
  return (call) => {
    const responder = responders[next++];
    if (!responder) throw new UnexpectedCall(`Unexpected call ${call.method} ${call.url}: its ${responders.length} answers are used up`);
    return responder(call);
  };
}

const pathOf = (url: string) => url.split('?')[0];

export function mockApi(routes: Routes): MockedApi {
  const table: Routes = {};
  const calls: ApiCall[] = [];
  const answer = (more: Routes) => {
    for (const [key, responder] of Object.entries(more)) {
      if (!ROUTE_KEY.test(key)) throw new Error(`Route "${key}" should read "METHOD /path"`);
      table[key] = responder;
    }
  };
  answer(routes);

  globalThis.fetch = (async (input: string | URL, init: RequestInit = {}) => {
    const call: ApiCall = {
      method: init.method ?? 'GET',
      url: String(input),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      authorization: new Headers(init.headers).get('authorization') ?? undefined,
    };
    calls.push(call);
    const responder = table[`${call.method} ${call.url}`] ?? table[`${call.method} ${pathOf(call.url)}`];
    try {
      if (!responder) throw new UnexpectedCall(`Unexpected call ${call.method} ${call.url}`);
      return toResponse(await responder(call));
    } catch (error) {
      if (error instanceof UnexpectedCall) unexpectedCalls.push(error);
      throw error;
    }
  }) as typeof fetch;

  return { calls, callsTo: (method, path) => calls.filter((call) => call.method === method && pathOf(call.url) === path), answer };
}

/** jsdom has no Response: a stand-in with what the API client and the download helpers read. */
function toResponse({ status = 200, body, headers = {} }: ApiAnswer): Response {
  const answerHeaders = new Headers(headers);
  const type = body instanceof Blob ? body.type : 'application/json';
  if (body !== undefined && !answerHeaders.has('content-type')) answerHeaders.set('content-type', type);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: answerHeaders,
    json: async () => body,
    blob: async () => (body instanceof Blob ? body : new Blob([JSON.stringify(body)], { type })),
  } as Response;
}
