import { Injectable } from '@nestjs/common';
import { CachedJson } from './cached-json';

/** Limits that keep a flood of distinct searches from growing the process without bound. */
const MAX_RESPONSES = 2000;
const MAX_RESPONSE_BYTES = 256 * 1024 * 1024;
const MAX_COUNTS = 2000;

/** Cache keys of the two cached reads, shared by the service (which fills) and the fast path (which reads). */
export const listCacheKey = (queryString: string) => `list?${queryString}`;
export const productCacheKey = (id: string) => `product/${id}`;

/** The two parts of the cache that are dropped separately. */
type CachePart = 'responses' | 'counts';

/** The body plus room for its compressed variants, which are made after it is stored. */
function bytesBudgeted(value: CachedJson): number {
  return value.body.length * 2;
}

/**
 * The catalogue's read cache: pre-serialised answers of GET /api/products(/:id) and the totals
 * behind paged lists, all belonging to one catalogue version.
 *
 * Staleness rules, in one place:
 * - Every committed change to `products` (any module, any process, even plain SQL) bumps
 *   `catalog_state.version` and NOTIFYs `catalog_changed` (migrations 1763800000000/1); the
 *   CatalogChangeListener feeds those notices to `changed()`, which drops every cached answer.
 *   Totals are dropped only when the notice says counts may have moved (rows added or removed,
 *   type, name or description changed): stock taken by orders leaves them alone.
 * - `invalidate()` drops everything at once (the API's own writes, a lost listener connection).
 * - A build that was running while its part of the cache was dropped may have read the old
 *   catalogue, so its result answers the request that asked for it but is never stored (epochs).
 * - While no listener connection is up, nothing is stored at all (`setLive(false)`).
 */
@Injectable()
export class CatalogCache {
  private responses = new Map<string, CachedJson>();
  private responseBytes = 0;
  private counts = new Map<string, number>();
  private building = new Map<string, Promise<CachedJson | null>>();
  private counting = new Map<string, Promise<number>>();
  /** Move on every drop; a build stores its result only if the epoch it started in is current. */
  private readonly epochs: Record<CachePart, number> = { responses: 0, counts: 0 };
  /** The newest versions announced (for any change, for count changes); older or repeated notices change nothing. */
  private version = 0;
  private countsVersion = 0;
  private live = false;

  /** The ready answer for a key, if any: the hot path, synchronous. */
  peek(key: string): CachedJson | undefined {
    return this.responses.get(key);
  }

  /**
   * The answer for a key, building it once however many requests ask at the same time.
   * `build` returns null for "no such thing" (a 404), which is not stored.
   */
  response(key: string, build: () => Promise<CachedJson | null>): Promise<CachedJson | null> {
    const ready = this.responses.get(key);
    if (ready) return Promise.resolve(ready);
    return this.once('responses', this.building, key, build, (value) => value && this.storeResponse(key, value));
  }

  /** A memoised row count for a filter (the `total` of paged lists). */
  count(key: string, build: () => Promise<number>): Promise<number> {
    const ready = this.counts.get(key);
    if (ready !== undefined) return Promise.resolve(ready);
    return this.once('counts', this.counting, key, build, (value) => {
      if (this.counts.size >= MAX_COUNTS) this.counts.delete(this.counts.keys().next().value!);
      this.counts.set(key, value);
    });
  }

  /** A catalogue version was committed somewhere; `countsChanged` when it may have moved a total. */
  changed(version: number, countsChanged: boolean): void {
    if (version > this.version) {
      this.version = version;
      this.dropResponses();
    }
    if (countsChanged && version > this.countsVersion) {
      this.countsVersion = version;
      this.dropCounts();
    }
  }

  /** A version read without knowing what changed (catching up after a missed notice): assume anything did. */
  caughtUp(version: number): void {
    if (version > this.version) this.changed(version, true);
  }

  /** Drops everything now; the next read goes to the database. */
  invalidate(): void {
    this.dropResponses();
    this.dropCounts();
  }

  private dropResponses(): void {
    this.epochs.responses += 1;
    this.responses = new Map();
    this.responseBytes = 0;
    // Requests arriving from now on must not join builds that may have read the old catalogue.
    this.building = new Map();
  }

  private dropCounts(): void {
    this.epochs.counts += 1;
    this.counts = new Map();
    this.counting = new Map();
  }

  /** Caching is only safe while change notifications can reach this process. */
  setLive(live: boolean): void {
    if (live !== this.live) this.invalidate();
    this.live = live;
  }

  private once<T>(part: CachePart, inFlight: Map<string, Promise<T>>, key: string, build: () => Promise<T>, store: (value: T) => void): Promise<T> {
    const running = inFlight.get(key);
    if (running) return running;
    const startedIn = this.epochs[part];
    const promise = build().finally(() => {
      if (inFlight.get(key) === promise) inFlight.delete(key);
    });
    inFlight.set(key, promise);
    return promise.then((value) => {
      if (this.live && this.epochs[part] === startedIn) store(value);
      return value;
    });
  }

  private storeResponse(key: string, value: CachedJson): void {
    const budget = bytesBudgeted(value);
    if (budget > MAX_RESPONSE_BYTES / 2) return;
    // Oldest first: Map keeps insertion order. Hits do not reorder, to keep the hot path a plain get.
    for (const [oldKey, old] of this.responses) {
      if (this.responses.size < MAX_RESPONSES && this.responseBytes + budget <= MAX_RESPONSE_BYTES) break;
      this.responses.delete(oldKey);
      this.responseBytes -= bytesBudgeted(old);
    }
    this.responses.set(key, value);
    this.responseBytes += budget;
  }
}
