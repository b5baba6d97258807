import { CachedJson } from './cached-json';
import { CatalogAnswer } from './catalog-answer';
import { CatalogCache } from './catalog-cache';
import type { CatalogChange, CatalogDependencies, ListedColumn } from './catalog-changes';

const ROSE = '0b6c9a52-3f1e-4c11-9d4a-5d1f7f0e2a01';
const FERN = '7d2e4f60-8a9b-4c3d-8e1f-2a3b4c5d6e7f';

const answer = (dependsOn: CatalogDependencies) => CatalogAnswer.fixed(Buffer.from('{}'), dependsOn);
const list = (productIds: string[], ...columns: ListedColumn[]) => answer({ on: 'list', productIds: new Set(productIds), columns: new Set(columns) });
const changed = (productId: string, ...columns: ListedColumn[]): CatalogChange => ({ kind: 'changed', productId, columns: new Set(columns) });

/** What the shop caches, by key: two product answers, three lists, and the sitemap (drawn from everything). */
const ENTRIES: Record<string, () => CachedJson> = {
  'product/rose': () => answer({ on: 'product', productId: ROSE }),
  'product/fern': () => answer({ on: 'product', productId: FERN }),
  'list/newest, rose and fern': () => list([ROSE, FERN], 'created'),
  'list/newest, fern only': () => list([FERN], 'created'),
  'list/flowers by price, fern only': () => list([FERN], 'type', 'price'),
  sitemap: () => new CachedJson(Buffer.from('<urlset/>'), 'application/xml'),
};

async function filledCache(): Promise<CatalogCache> {
  const cache = new CatalogCache();
  cache.setLive(true);
  for (const [key, make] of Object.entries(ENTRIES)) await cache.response(key, async () => make());
  return cache;
}

const cachedKeys = (cache: CatalogCache) => Object.keys(ENTRIES).filter((key) => cache.peek(key));

/** A build that finishes when told to. */
function pendingBuild(value: CachedJson) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const build = jest.fn(async () => {
    await finished;
    return value;
  });
  return { build, finish };
}

describe('CatalogCache: a change drops only what it touches', () => {
  it.each<[string, CatalogChange, string[]]>([
    ['stock taken from the rose', changed(ROSE), ['product/rose', 'list/newest, rose and fern', 'sitemap']],
    [
      'stock taken from the fern',
      changed(FERN),
      ['product/fern', 'list/newest, rose and fern', 'list/newest, fern only', 'list/flowers by price, fern only', 'sitemap'],
    ],
    ['a new price for the rose', changed(ROSE, 'price'), ['product/rose', 'list/newest, rose and fern', 'list/flowers by price, fern only', 'sitemap']],
    [
      'a product added',
      { kind: 'added', productId: '11111111-2222-4333-8444-555555555555' },
      ['list/newest, rose and fern', 'list/newest, fern only', 'list/flowers by price, fern only', 'sitemap'],
    ],
    ['totals only', { kind: 'counts' }, []],
    ['everything', { kind: 'everything' }, Object.keys(ENTRIES)],
  ])('%s drops %j', async (_case, change, dropped) => {
    const cache = await filledCache();
    cache.apply(change, 7);
    expect(cachedKeys(cache)).toEqual(Object.keys(ENTRIES).filter((key) => !dropped.includes(key)));
  });
});

describe('CatalogCache: builds running while a change arrives', () => {
  it('does not keep a build that a change touched, and builds again for a request that came after it', async () => {
    const cache = new CatalogCache();
    cache.setLive(true);
    const first = pendingBuild(answer({ on: 'product', productId: ROSE }));
    const asked = cache.response('product/rose', first.build);
    cache.apply(changed(ROSE), 8);
    const fresh = answer({ on: 'product', productId: ROSE });
    const askedAfter = cache.response('product/rose', async () => fresh);
    first.finish();
    await asked;
    expect(await askedAfter).toBe(fresh);
    expect(cache.peek('product/rose')).toBe(fresh);
  });

  it('keeps a build that only other products changed under, and lets requests join it', async () => {
    const cache = new CatalogCache();
    cache.setLive(true);
    const value = list([FERN], 'created');
    const pending = pendingBuild(value);
    const asked = cache.response('list/fern', pending.build);
    cache.apply(changed(ROSE, 'price'), 9);
    const joined = cache.response('list/fern', async () => list([FERN], 'created'));
    pending.finish();
    expect(await asked).toBe(value);
    expect(await joined).toBe(value);
    expect(pending.build).toHaveBeenCalledTimes(1);
    expect(cache.peek('list/fern')).toBe(value);
  });
});

describe('CatalogCache: versions', () => {
  it.each<[string, number, boolean]>([
    ['the version last heard', 100, false],
    ['a newer one (a notice missed)', 101, true],
    ['an older one (a failover lost commits)', 95, true],
  ])('reading %s drops everything: %s', async (_case, read, dropsEverything) => {
    const cache = await filledCache();
    cache.apply(changed(ROSE), 100);
    const before = cachedKeys(cache);
    cache.caughtUp(read);
    expect(cachedKeys(cache)).toEqual(dropsEverything ? [] : before);
  });

  it('still applies notices whose version is below one heard before (commits after a failover)', async () => {
    const cache = await filledCache();
    cache.apply(changed(FERN), 100);
    await cache.response('product/rose', async () => answer({ on: 'product', productId: ROSE }));
    cache.apply(changed(ROSE), 96);
    expect(cache.peek('product/rose')).toBeUndefined();
  });
});

describe('CatalogCache: stock notices', () => {
  const roseJson = (stock: number, updatedAt = '2026-11-26T09:00:00.000Z') => ({
    id: ROSE,
    json: JSON.stringify({ _id: ROSE, name: 'Rose', stock, updatedAt }),
  });
  const roseAnswer = (stock: number) => CatalogAnswer.ofProducts('{"data":', [roseJson(stock)], '}', { on: 'product', productId: ROSE });
  const stockNotice = (stock: number): CatalogChange => ({ kind: 'stock', productId: ROSE, stock, updatedAt: '2026-11-26T09:15:02.123Z' });
  const stockShown = (cache: CatalogCache) => JSON.parse(cache.peek('product/rose')!.body.toString()).data.stock as number;

  async function cacheWithRose(): Promise<CatalogCache> {
    const cache = new CatalogCache();
    cache.setLive(true);
    await cache.response('product/rose', async () => roseAnswer(40));
    return cache;
  }

  it('shows the new stock in the answer it keeps', async () => {
    const cache = await cacheWithRose();
    cache.apply(stockNotice(39), 10);
    cache.apply(stockNotice(38), 11);
    expect(stockShown(cache)).toBe(38);
    expect(JSON.parse(cache.peek('product/rose')!.body.toString()).data.updatedAt).toBe('2026-11-26T09:15:02.123Z');
  });

  it('shows the last of several notices of one transaction (one version)', async () => {
    const cache = await cacheWithRose();
    cache.apply(stockNotice(39), 10);
    cache.apply(stockNotice(37), 10);
    expect(stockShown(cache)).toBe(37);
  });

  it('skips a notice older than the stock shown (it came by the other path)', async () => {
    const cache = await cacheWithRose();
    cache.apply(stockNotice(37), 12);
    cache.apply(stockNotice(39), 11);
    expect(stockShown(cache)).toBe(37);
  });

  it('drops an answer that cannot show stock by itself', async () => {
    const cache = await filledCache();
    cache.apply(stockNotice(39), 10);
    expect(cache.peek('product/rose')).toBeUndefined();
    expect(cache.peek('product/fern')).toBeDefined();
  });

  it('stores a build that a stock notice arrived during, showing that stock, for it and for requests that joined it', async () => {
    const cache = new CatalogCache();
    cache.setLive(true);
    const pending = pendingBuild(roseAnswer(40));
    const asked = cache.response('product/rose', pending.build);
    cache.apply(stockNotice(39), 10);
    const joined = cache.response('product/rose', async () => roseAnswer(0));
    pending.finish();
    const stockOf = async (answer: Promise<CachedJson | null>) => JSON.parse((await answer)!.body.toString()).data.stock as number;
    expect([await stockOf(asked), await stockOf(joined), stockShown(cache)]).toEqual([39, 39, 39]);
    expect(pending.build).toHaveBeenCalledTimes(1);
  });
});
