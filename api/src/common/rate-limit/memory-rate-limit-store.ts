import type { RateLimitStore, RateWindow } from './rate-limit-store';

/** Closed windows are swept out once this many keys are held, so memory stays bounded. */
const SWEEP_THRESHOLD = 10_000;

interface StoredWindow {
  count: number;
  resetAt: number;
}

/** Counters in this process's memory: right for a single API process. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, StoredWindow>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  async increment(key: string, windowMs: number): Promise<RateWindow> {
    const now = this.now();
    const open = this.openWindow(key, now);
    if (!open && this.windows.size >= SWEEP_THRESHOLD) this.sweep(now);
    const next = open ? { count: open.count + 1, resetAt: open.resetAt } : { count: 1, resetAt: now + windowMs };
    this.windows.set(key, next);
    return { count: next.count, resetInMs: next.resetAt - now };
  }

  async get(key: string): Promise<RateWindow | null> {
    const now = this.now();
    const open = this.openWindow(key, now);
    return open ? { count: open.count, resetInMs: open.resetAt - now } : null;
  }

  async delete(key: string): Promise<void> {
    this.windows.delete(key);
  }

  /** Keys currently held, closed windows included until the next sweep. */
  get size(): number {
    return this.windows.size;
  }

  private openWindow(key: string, now: number): StoredWindow | null {
    const window = this.windows.get(key);
    if (!window) return null;
    if (window.resetAt <= now) {
      this.windows.delete(key);
      return null;
    }
    return window;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
  }
}
