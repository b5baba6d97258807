import { Injectable } from '@nestjs/common';
import type { CatalogueLanguage } from '@thalir/contracts';
import { catalogueLanguage, langParameterOf } from '../../common/catalogue-language';
import { CachedJson } from './cached-json';
import { CatalogAnswer } from './catalog-answer';
import {
  type CatalogChange,
  type CatalogDependencies,
  changeTouches,
  type DrawnFromCatalog,
  EVERYTHING_CHANGED,
  ON_EVERYTHING,
  type StockShown,
} from './catalog-changes';

/** Limits that keep a flood of distinct searches from growing the process without bound. */
const MAX_RESPONSES = 2000;
const MAX_RESPONSE_BYTES = 256 * 1024 * 1024;
const MAX_COUNTS = 2000;

/** Cache keys of the two cached reads, shared by the service (which fills) and the fast path (which reads); English keys carry no language. */
const inLanguage = (language: CatalogueLanguage) => (language === 'en' ? '' : `${language}:`);
export const listCacheKey = (queryString: string, language: CatalogueLanguage = 'en') => `${inLanguage(language)}list?${queryString}`;
export const productCacheKey = (id: string, language: CatalogueLanguage = 'en') => `${inLanguage(language)}product/${id}`;

/** The two public catalogue reads, as paths and as the route templates metrics know them by. */
const LIST_ROUTE = '/api/products';
const PRODUCT_ROUTE = '/api/products/:id';
const PRODUCT_PREFIX = '/api/products/';
/** An id Fastify would hand the route unchanged: no percent-escapes to decode, no further segment. */
const PLAIN_ID = /^[^/%]+$/;

/** Which cached read a GET of `url` is, if any (in the language its lang or Accept-Language asks): its key and its route template. */
export function catalogReadOf(url: string, acceptLanguage?: string): { key: string; route: string } | undefined {
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  const queryString = end === -1 ? '' : url.slice(end + 1);
  if (path === LIST_ROUTE) return { key: listCacheKey(queryString, catalogueLanguage(langParameterOf(queryString), acceptLanguage)), route: LIST_ROUTE };
  const id = path.startsWith(PRODUCT_PREFIX) ? path.slice(PRODUCT_PREFIX.length) : '';
  if (!PLAIN_ID.test(id)) return undefined;
  return { key: productCacheKey(id, catalogueLanguage(langParameterOf(queryString), acceptLanguage)), route: PRODUCT_ROUTE };
}

/** The body plus room for its compressed variants, which are made after it is stored. */
function bytesBudgeted(value: CachedJson): number {
  return value.body.length * 2;
}

/** Answers that say what they were drawn from (product answers, lists, pages); any other depends on everything. */
const dependenciesOf = (value: CachedJson): CatalogDependencies => ('dependsOn' in value ? (value as DrawnFromCatalog).dependsOn : ON_EVERYTHING);

const canShowStock = (value: CachedJson, productId: string): boolean => value instanceof CatalogAnswer && value.canShowStockOf(productId);

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

/** What a build missed while it ran: the first change it cannot show (null: none), and stock it can. */
interface Missed {
  firstTouch: number | null;
  stocks: Map<string, StockShown>;
}

/**
 * The catalogue's read cache: pre-serialised answers of GET /api/products(/:id) (and the pages and
 * sitemaps drawn from the catalogue) and the totals behind paged lists.
 *
 * Staleness rules, in one place:
 * - Every committed change to `products` (any module, any process, even plain SQL) moves
 *   `catalog_state.version` and NOTIFYs `catalog_changed` with what changed, row by row
 *   (migrations 1764950000000 and 1765000000000); the CatalogChangeListener feeds those notices to `apply()`, which
 *   drops the answers the change touches (`changeTouches`): a product's own answer, the lists that
 *   show it, and the lists it may newly belong on. A change only to what a product shows (its image,
 *   its tax) drops its answer and the lists showing it, nothing else. Totals are dropped only on a
 *   "counts" notice.
 * - Stock is the exception: a notice of stock taken or given back carries the new stock, and the
 *   answers showing the product show it from then on, rewritten when next read (no database read).
 *   Notices come by two paths (this process's own sessions and the listener), so one older than a
 *   stock already shown for that product is skipped: versions follow commits. (A failover that goes
 *   back in versions also breaks the listener's connection, which empties the cache.)
 * - `invalidate()` drops everything at once (a lost listener connection, a missed notice).
 * - A build that was running while a change touching its result was applied may have read the old
 *   catalogue: its result answers the request that started it but is never stored, and requests
 *   that joined it after the change build again (the change log). Stock notices it missed are shown
 *   in its result, which is then stored.
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
  /** Per key, stock notices its stored answer is to show, applied when it is next read. */
  private stockToShow = new Map<string, Map<string, StockShown>>();
  /** Per product, the version of the last stock notice shown. */
  private stockVersions = new Map<string, number>();

  /** The ready answer for a key, if any: the hot path, synchronous. */
  peek(key: string): CachedJson | undefined {
    const stored = this.responses.get(key);
    const stocks = this.stockToShow.get(key);
    if (!stored || !stocks) return stored;
    this.stockToShow.delete(key);
    const shown = (stored as CatalogAnswer).withStock(stocks);
    this.responses.set(key, shown);
    this.responseBytes += bytesBudgeted(shown) - bytesBudgeted(stored);
    return shown;
  }

  /**
   * The answer for a key, building it once however many requests ask at the same time.
   * `build` returns null for "no such thing" (a 404), which is not stored. A CatalogAnswer says
   * what it depends on; any other answer is dropped by every change.
   */
  async response(key: string, build: () => Promise<CachedJson | null>): Promise<CachedJson | null> {
    const ready = this.peek(key);
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
      (built) => {
        const missed = built ? this.missedBy(record.startedAfter, built) : null;
        record.firstTouch = missed?.firstTouch ?? null;
        const value = built && missed && missed.stocks.size > 0 ? (built as CatalogAnswer).withStock(missed.stocks) : built;
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

  /** What the answer kept for a read was drawn from; everything when none is kept (nothing narrower is known). */
  dependenciesOfRead(url: string): CatalogDependencies {
    const read = catalogReadOf(url);
    const value = read && this.responses.get(read.key);
    return value ? dependenciesOf(value) : ON_EVERYTHING;
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

  /** A change committed somewhere (`version` null when not known): drops what it touches, or shows new stock. */
  apply(change: CatalogChange, version: number | null = null): void {
    if (version !== null) this.versionHeard = version;
    // Older than the stock shown: the state it reports is gone.
    if (change.kind === 'stock' && !this.isLatestStock(change.productId, version)) return;
    if (change.kind === 'counts' || change.kind === 'everything') this.dropCounts();
    if (change.kind === 'counts') return;
    this.changeSequence += 1;
    if (this.building.size > 0) this.changeLog.push({ sequence: this.changeSequence, change });
    if (this.changeLog.length > MAX_LOGGED_CHANGES) this.changeLog.shift();
    if (change.kind === 'everything') {
      this.responses = new Map();
      this.responseBytes = 0;
      this.stockToShow = new Map();
      this.stockVersions = new Map();
      // Requests arriving from now on must not join builds that may have read the old catalogue.
      this.building = new Map();
      return;
    }
    for (const [key, value] of this.responses) {
      if (!changeTouches(change, dependenciesOf(value))) continue;
      if (change.kind === 'stock' && canShowStock(value, change.productId)) this.showLater(key, change);
      else this.dropResponse(key, value);
    }
  }

  /** Records a stock notice's version; false when a newer one was shown already (it came by the other path). */
  private isLatestStock(productId: string, version: number | null): boolean {
    if (version === null) return true;
    const shown = this.stockVersions.get(productId);
    if (shown !== undefined && version < shown) return false;
    this.stockVersions.set(productId, version);
    return true;
  }

  private showLater(key: string, stock: StockShown & { productId: string }): void {
    let stocks = this.stockToShow.get(key);
    if (!stocks) this.stockToShow.set(key, (stocks = new Map()));
    stocks.set(stock.productId, stock);
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
   * What changes applied after `after` mean for an answer built meanwhile: the first it cannot show
   * (it may have read the catalogue before it), and the stock it can. Changes no longer logged cannot
   * be checked: the first of them counts as touching.
   */
  private missedBy(after: number, value: CachedJson): Missed {
    const stocks = new Map<string, StockShown>();
    if (this.changeSequence === after) return { firstTouch: null, stocks };
    const oldestLogged = this.changeLog[0]?.sequence ?? this.changeSequence + 1;
    if (oldestLogged > after + 1) return { firstTouch: after + 1, stocks };
    const dependencies = dependenciesOf(value);
    for (const { sequence, change } of this.changeLog) {
      if (sequence <= after || !changeTouches(change, dependencies)) continue;
      if (change.kind === 'stock' && canShowStock(value, change.productId)) stocks.set(change.productId, change);
      else return { firstTouch: sequence, stocks };
    }
    return { firstTouch: null, stocks };
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
    this.stockToShow.delete(key);
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
