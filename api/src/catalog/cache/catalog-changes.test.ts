import { type CatalogChange, type CatalogDependencies, changeTouches, type ListedColumn, listColumns, readCatalogNotice } from './catalog-changes';

const ROSE = '0b6c9a52-3f1e-4c11-9d4a-5d1f7f0e2a01';
const FERN = '7d2e4f60-8a9b-4c3d-8e1f-2a3b4c5d6e7f';

const changed = (productId: string, ...columns: ListedColumn[]): CatalogChange => ({ kind: 'changed', productId, columns: new Set(columns) });
const list = (productIds: string[], ...columns: ListedColumn[]): CatalogDependencies => ({
  on: 'list',
  productIds: new Set(productIds),
  columns: new Set(columns),
});

describe('readCatalogNotice', () => {
  it.each<[string, string, ReturnType<typeof readCatalogNotice>]>([
    [
      'stock taken by an order',
      `41 product ${ROSE} stock 17 2026-11-26T09:15:02.123Z`,
      { version: 41, change: { kind: 'stock', productId: ROSE, stock: 17, updatedAt: '2026-11-26T09:15:02.123Z' } },
    ],
    ['a new image or tax rate', `41 product ${ROSE} changed:`, { version: 41, change: changed(ROSE) }],
    ['a new price and name', `42 product ${ROSE} changed:name,price`, { version: 42, change: changed(ROSE, 'name', 'price') }],
    ['a product added', `43 product ${FERN} added`, { version: 43, change: { kind: 'added', productId: FERN } }],
    ['a product removed', `44 product ${FERN} removed`, { version: 44, change: { kind: 'removed', productId: FERN } }],
    ['totals may have moved', '45 counts', { version: 45, change: { kind: 'counts' } }],
    ['a bulk change', '46 all', { version: 46, change: { kind: 'everything' } }],
    ["an earlier trigger's plain version", '47', { version: 47, change: { kind: 'everything' } }],
    ['a column nobody lists by', `48 product ${ROSE} changed:stock`, { version: 48, change: { kind: 'everything' } }],
    ['no product id', '49 product  changed:', { version: 49, change: { kind: 'everything' } }],
    ['something else after the change', `50 product ${ROSE} added extra`, { version: 50, change: { kind: 'everything' } }],
    ['stock that is not a whole number', `51 product ${ROSE} stock 1.5 2026-11-26T09:15:02.123Z`, { version: 51, change: { kind: 'everything' } }],
    ['stock with a leading zero', `52 product ${ROSE} stock 07 2026-11-26T09:15:02.123Z`, { version: 52, change: { kind: 'everything' } }],
    ['stock without its time', `53 product ${ROSE} stock 7`, { version: 53, change: { kind: 'everything' } }],
    ['a time in another format', `54 product ${ROSE} stock 7 2026-11-26 09:15:02`, { version: 54, change: { kind: 'everything' } }],
    ['something after the stock notice', `55 product ${ROSE} stock 7 2026-11-26T09:15:02.123Z x`, { version: 55, change: { kind: 'everything' } }],
    ['no version', `product ${ROSE} added`, { version: null, change: { kind: 'everything' } }],
    ['an empty payload', '', { version: null, change: { kind: 'everything' } }],
  ])('%s: %j', (_case, payload, expected) => {
    expect(readCatalogNotice(payload)).toEqual(expected);
  });
});

describe('changeTouches: which cached answers a change drops', () => {
  const roseAnswer: CatalogDependencies = { on: 'product', productId: ROSE };
  const newestFirstWithRose = list([ROSE, FERN], 'created');
  const newestFirstWithoutRose = list([FERN], 'created');
  const flowersByPriceWithoutRose = list([FERN], 'type', 'price');
  const searchByNameWithoutRose = list([FERN], 'name', 'description');
  const sitemap: CatalogDependencies = { on: 'everything' };

  const stock = (productId: string): CatalogChange => ({ kind: 'stock', productId, stock: 3, updatedAt: '2026-11-26T09:15:02.123Z' });

  it.each<[string, boolean, CatalogChange, CatalogDependencies]>([
    ['stock of the rose: its own answer', true, stock(ROSE), roseAnswer],
    ['stock of the fern: not the rose', false, stock(FERN), roseAnswer],
    ['stock of the rose: a list showing it', true, stock(ROSE), newestFirstWithRose],
    ['stock of the rose: a list not showing it', false, stock(ROSE), newestFirstWithoutRose],
    ['stock of the rose: a filtered list not showing it', false, stock(ROSE), flowersByPriceWithoutRose],
    ['stock of the rose: what depends on everything', true, stock(ROSE), sitemap],
    ['a new image of the rose: its own answer', true, changed(ROSE), roseAnswer],
    ['a new image of the rose: a list showing it', true, changed(ROSE), newestFirstWithRose],
    ['a new image of the rose: a list not showing it', false, changed(ROSE), newestFirstWithoutRose],
    ['a new price: a list by price it may now belong on', true, changed(ROSE, 'price'), flowersByPriceWithoutRose],
    ['a new price: a list by date it cannot enter', false, changed(ROSE, 'price'), newestFirstWithoutRose],
    ['a new type: a list filtered by type', true, changed(ROSE, 'type'), flowersByPriceWithoutRose],
    ['a new description: a search', true, changed(ROSE, 'description'), searchByNameWithoutRose],
    ['a new description: a list by date without it', false, changed(ROSE, 'description'), newestFirstWithoutRose],
    ['a product added: every list (pages shift)', true, { kind: 'added', productId: ROSE }, newestFirstWithoutRose],
    ['a product added: another product', false, { kind: 'added', productId: ROSE }, { on: 'product', productId: FERN }],
    ['a product removed: its own answer', true, { kind: 'removed', productId: ROSE }, roseAnswer],
    ['a product removed: a list without it (later pages shift)', true, { kind: 'removed', productId: ROSE }, flowersByPriceWithoutRose],
    ['totals only: no answer', false, { kind: 'counts' }, newestFirstWithRose],
    ['everything: a product answer', true, { kind: 'everything' }, { on: 'product', productId: FERN }],
    ['everything: a list', true, { kind: 'everything' }, newestFirstWithoutRose],
  ])('%s: %s', (_case, touched, change, dependencies) => {
    expect(changeTouches(change, dependencies)).toBe(touched);
  });
});

describe('listColumns', () => {
  it.each<[Parameters<typeof listColumns>[0], ListedColumn[]]>([
    [{}, ['created']],
    [{ sort: 'price' }, ['price']],
    [{ sort: '-price', type: 'flower' }, ['type', 'price']],
    [{ sort: 'name', q: 'rose' }, ['name', 'description']],
    [{ q: 'rose', type: 'green_leaf' }, ['type', 'name', 'description', 'created']],
  ])('%j reads %j', (query, columns) => {
    expect(listColumns(query)).toEqual(new Set(columns));
  });
});
