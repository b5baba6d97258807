import { Injectable } from '@nestjs/common';
import { CachedJson } from './cached-json';
import { type CatalogChange, type CatalogDependencies, changeTouches, EVERYTHING_CHANGED, ON_EVERYTHING } from './catalog-changes';

/** Limits that keep a flood of distinct searches from growing the process without bound. */
const MAX_RESPONSES = 2000;
const MAX_RESPONSE_BYTES = 256 * 1024 * 1024;
const MAX_COUNTS = 2000;

/** Cache keys of the two cached reads, shared by the service (which fills) and the fast path (which reads). */
export const listCacheKey = (queryString: string) => `list?${queryString}`;
export const productCacheKey = (id: string) => `product/${id}`;

/** The body plus room for its compressed variants, which are made after it is stored. */
function bytesBudgeted(value: CachedJson): number {
  return value.body.length * 2;
}

/** An answer drawn from the catalogue that says what it was drawn from; other cached answers depend on everything. */
export class CatalogAnswer extends CachedJson {
  constructor(
    body: Buffer,
    readonly dependsOn: CatalogDependencies,
  ) {
    super(body);
  }
}

const dependenciesOf = (value: CachedJson): CatalogDependencies => (value instanceof CatalogAnswer ? value.dependsOn : ON_EVERYTHING);

/**
 * Changes kept for builds still running; past this many, a build that started before the oldest
 * kept one cannot tell what it missed, and its result is not stored.
 */
const MAX_LOGGED_CHANGES = 10_000;

interface Build {
  promise: Promise<CachedJson | null>;
  /** The change sequence when it started: changes after it may have been missed by what it read. */
  startedAfter: number;
  /** Once built: the first change after the start that touches the result, null when none did. */
  firstTouch?: number | null;
}

/**
 * The catalogue's read cache: pre-serialised answers of GET /api/products(/:id) (and the pages and
 * sitemaps drawn from the catalogue) and the totals behind paged lists.
 *
 * Staleness rules, in one place:
 * - Every committed change to `products` (any module, any process, even plain SQL) moves
 *   `catalog_state.version` and NOTIFYs `catalog_changed` with what changed, row by row
 *   (migration 1764950000000); the CatalogChangeListener feeds those notices to `apply()`, which
 *   drops the answers the change touches (`changeTouches`): a product's own answer, the lists that
 *   show it, and the lists it may newly belong on. Stock taken by an order drops that product's
 *   answer and the lists showing it, nothing else. Totals are dropped only on a "counts" notice.
 * - `invalidate()` drops everything at once (a lost listener connection, a missed notice).
 * - A build that was running while a change touching its result was applied may have read the old
 *   catalogue: its result answers the request that started it but is never stored, and requests
 *   that joined it after the change build again (the change log).
 * - While no listener connection is up, nothing is stored at all (`setLive(false)`).
 * - A version read from the database that differs from the last one heard, in either direction
 *   (after a failover that lost commits it goes back), means notices were missed: everything goes.
 */
@Injectable()
export class CatalogCache {
  private responses = new Map<string, CachedJson>();
  private responseBytes = 0;
  private counts = new Map<string, number>();
  private building = new Map<string, Build>();
  private counting = new Map<string, Promise<number>>();
  /** Moves on every drop of the totals; a count stores its result only if the epoch it started in is current. */
  private countsEpoch = 0;
  /** Changes applied, numbered, for the builds that were running meanwhile. */
  private changeLog: { sequence: number; change: CatalogChange }[] = [];
  private changeSequence = 0;
  /** The version of the last notice heard or read, null before the first. */
  private versionHeard: number | null = null;
  private live = false;

  /** The ready answer for a key, if any: the hot path, synchronous. */
  peek(key: string): CachedJson | undefined {
    return this.responses.get(key);
  }

  /**
   * The answer for a key, building it once however many requests ask at the same time.
   * `build` returns null for "no such thing" (a 404), which is not stored. A CatalogAnswer says
   * what it depends on; any other answer is dropped by every change.
   */
  async response(key: string, build: () => Promise<CachedJson | null>): Promise<CachedJson | null> {
    const ready = this.responses.get(key);
    if (ready) return ready;
    const running = this.building.get(key);
    if (running) {
      const joinedAfter = this.changeSequence;
      const value = await running.promise;
      // A change applied before this request joined, which the build may have missed: build afresh.
      const { firstTouch } = running;
      if (firstTouch === null || firstTouch === undefined || firstTouch > joinedAfter) return value;
    }
    return this.startBuild(key, build);
  }

  private startBuild(key: string, build: () => Promise<CachedJson | null>): Promise<CachedJson | null> {
    const record: Build = { promise: build(), startedAfter: this.changeSequence };
    const finished = () => {
      if (this.building.get(key) === record) this.building.delete(key);
      this.trimChangeLog();
    };
    record.promise = record.promise.then(
      (value) => {
        record.firstTouch = value ? this.firstTouchingChange(record.startedAfter, dependenciesOf(value)) : null;
        if (value && this.live && record.firstTouch === null) this.storeResponse(key, value);
        finished();
        return value;
      },
      (error: unknown) => {
        finished();
        throw error;
      },
    );
    this.building.set(key, record);
    return record.promise;
  }

  /** A memoised row count for a filter (the `total` of paged lists). */
  count(key: string, build: () => Promise<number>): Promise<number> {
    const ready = this.counts.get(key);
    if (ready !== undefined) return Promise.resolve(ready);
    const running = this.counting.get(key);
    if (running) return running;
    const startedIn = this.countsEpoch;
    const promise = build().finally(() => {
      if (this.counting.get(key) === promise) this.counting.delete(key);
    });
    this.counting.set(key, promise);
    return promise.then((value) => {
      if (this.live && this.countsEpoch === startedIn) {
        if (this.counts.size >= MAX_COUNTS) this.counts.delete(this.counts.keys().next().value!);
        this.counts.set(key, value);
      }
      return value;
    });
  }

  /** A change committed somewhere (`version` null when not known): drops what it touches. */
  apply(change: CatalogChange, version: number | null = null): void {
    if (version !== null) this.versionHeard = version;
    if (change.kind === 'counts' || change.kind === 'everything') this.dropCounts();
    if (change.kind === 'counts') return;
    this.changeSequence += 1;
    if (this.building.size > 0) this.changeLog.push({ sequence: this.changeSequence, change });
    if (this.changeLog.length > MAX_LOGGED_CHANGES) this.changeLog.shift();
    if (change.kind === 'everything') {
      this.responses = new Map();
      this.responseBytes = 0;
      // Requests arriving from now on must not join builds that may have read the old catalogue.
      this.building = new Map();
      return;
    }
    for (const [key, value] of this.responses) {
      if (changeTouches(change, dependenciesOf(value))) this.dropResponse(key, value);
    }
  }

  /**
   * The version as read from the database (on connecting, and now and then): one that differs from
   * the last heard, in either direction, means notices were missed, so anything may have changed.
   */
  caughtUp(version: number): void {
    if (version !== this.versionHeard) this.apply(EVERYTHING_CHANGED, version);
  }

  /** Drops everything now; the next read goes to the database. */
  invalidate(): void {
    this.apply(EVERYTHING_CHANGED);
  }

  /** Caching is only safe while change notifications can reach this process. */
  setLive(live: boolean): void {
    if (live !== this.live) this.invalidate();
    this.live = live;
  }

  /**
   * The first change applied after `after` that touches an answer drawn from `dependencies`; null
   * when none did. Changes no longer logged cannot be checked: the first of them counts as touching.
   */
  private firstTouchingChange(after: number, dependencies: CatalogDependencies): number | null {
    if (this.changeSequence === after) return null;
    const oldestLogged = this.changeLog[0]?.sequence ?? this.changeSequence + 1;
    if (oldestLogged > after + 1) return after + 1;
    return this.changeLog.find((entry) => entry.sequence > after && changeTouches(entry.change, dependencies))?.sequence ?? null;
  }

  /** Keeps only the changes that a running build may still need to check. */
  private trimChangeLog(): void {
    let oldestStart = this.changeSequence;
    for (const build of this.building.values()) oldestStart = Math.min(oldestStart, build.startedAfter);
    const keepFrom = this.changeLog.findIndex((entry) => entry.sequence > oldestStart);
    this.changeLog = keepFrom === -1 ? [] : this.changeLog.slice(keepFrom);
  }

  private dropResponse(key: string, value: CachedJson): void {
    this.responses.delete(key);
    this.responseBytes -= bytesBudgeted(value);
  }

  private dropCounts(): void {
    this.countsEpoch += 1;
    this.counts = new Map();
    this.counting = new Map();
  }

  private storeResponse(key: string, value: CachedJson): void {
    const budget = bytesBudgeted(value);
    if (budget > MAX_RESPONSE_BYTES / 2) return;
    const replaced = this.responses.get(key);
    if (replaced) this.dropResponse(key, replaced);
    // Oldest first: Map keeps insertion order. Hits do not reorder, to keep the hot path a plain get.
    for (const [oldKey, old] of this.responses) {
      if (this.responses.size < MAX_RESPONSES && this.responseBytes + budget <= MAX_RESPONSE_BYTES) break;
      this.dropResponse(oldKey, old);
    }
    this.responses.set(key, value);
    this.responseBytes += budget;
  }
}
