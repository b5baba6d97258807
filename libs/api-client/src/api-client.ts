import { getAuth } from '@thalir/auth';
import type { ApiError } from '@thalir/contracts';

/** An error answer from the API, carrying the server's human-readable message. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: ApiError,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body, or FormData for uploads. */
  body?: unknown;
  signal?: AbortSignal;
  /** Sees a successful answer's headers, e.g. X-Total-Count on a paged list. */
  onHeaders?: (headers: Headers) => void;
}

/** The server's message if it sent one, else the screen's own fallback text from the spec. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.body?.message ? error.body.message : fallback;
}

/** The page's language (`<html lang="ta">` on a Tamil page, `en-IN` on an English one), when in a browser. */
function pageLanguage(): 'en' | 'ta' | null {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang === 'ta' ? 'ta' : lang.startsWith('en') ? 'en' : null;
}

/**
 * The one fetch wrapper: JSON in and out, the bearer token when signed in, errors as ApiRequestError.
 * Every request says the page's language in Accept-Language, so the messages the API writes (errors,
 * "Profile updated" and the like) and catalogue answers asked without `lang` come in it: Tamil on a
 * Tamil page, English on an English one whatever the browser's own languages (docs/tamil.md).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const { token } = getAuth();
  if (token) headers.authorization = `Bearer ${token}`;
  const language = pageLanguage();
  if (language) headers['accept-language'] = language;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(path, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'Network error: please check your connection');
  }
  const type = response.headers.get('content-type') ?? '';
  const data = type.includes('application/json') ? await response.json().catch(() => undefined) : undefined;
  if (!response.ok) {
    const message = typeof data?.message === 'string' ? data.message : `Request failed (${response.status})`;
    throw new ApiRequestError(response.status, message, data);
  }
  options.onHeaders?.(response.headers);
  return data as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
