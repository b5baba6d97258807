/** Hits counted for one key in its current fixed window. */
export interface RateWindow {
  count: number;
  /** Milliseconds until the window closes and the count starts again from zero. */
  resetInMs: number;
}

/**
 * Where rate-limit counters live. The in-memory store serves one API process; a shared store
 * (Redis: INCR, PEXPIRE NX and PTTL in one MULTI) keeps the limits across several.
 */
export interface RateLimitStore {
  /** Counts one hit for `key`, opening a new window of `windowMs` when none is open. */
  increment(key: string, windowMs: number): Promise<RateWindow>;
  /** The open window for `key`, or null when none is open. */
  get(key: string): Promise<RateWindow | null>;
  /** Forgets `key` (e.g. after a successful sign-in). */
  delete(key: string): Promise<void>;
}

export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');
