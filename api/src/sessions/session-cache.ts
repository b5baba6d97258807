import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../jobs/clock';

/** Sessions one process keeps at most; past it the oldest go first. */
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  userId: string;
  until: number;
}

/**
 * A process's short-lived copies of sessions as the database last answered them, keyed by user and
 * token. An entry is used for at most `sessionCacheMs` (≤ 1 s), so a session ended by another
 * process (logout, a new password, erasure, a role change, deactivation) is refused after at most
 * that long; the process that ends one calls `forgetUser` once the change is committed, so there it
 * is refused at once.
 */
@Injectable()
export class SessionCache<T = unknown> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly maxAgeMs: number;

  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'sessionCacheMs'>,
    @Inject(Clock) private readonly clock: Pick<Clock, 'aheadMs'>,
  ) {
    this.maxAgeMs = config.sessionCacheMs;
  }

  /** Milliseconds on a monotonic clock, moved on with the shop's Clock when a test lets time pass. */
  private now(): number {
    return performance.now() + this.clock.aheadMs;
  }

  /** The cached value, or what `read` answers (kept unless it is null). */
  async get(userId: string, tokenHash: string, read: () => Promise<T | null>): Promise<T | null> {
    if (this.maxAgeMs === 0) return read();
    const key = `${userId}:${tokenHash}`;
    const cached = this.entries.get(key);
    if (cached && cached.until > this.now()) return cached.value;
    this.entries.delete(key);
    const value = await read();
    if (value !== null) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, userId, until: this.now() + this.maxAgeMs });
    }
    return value;
  }

  /** Every session of the user is read afresh from now on (this process). */
  forgetUser(userId: string): void {
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
  }
}
