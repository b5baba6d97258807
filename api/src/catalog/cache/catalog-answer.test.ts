import { CatalogAnswer, type ProductJson } from './catalog-answer';
import type { StockShown } from './catalog-changes';

const ROSE = '0b6c9a52-3f1e-4c11-9d4a-5d1f7f0e2a01';
const FERN = '7d2e4f60-8a9b-4c3d-8e1f-2a3b4c5d6e7f';

/** A product's JSON with the keys in the order PostgreSQL writes them (productJsonColumn). */
function productJson(id: string, name: string, description: string, shown: StockShown): ProductJson {
  const product = {
    _id: id,
    name,
    price: 12.5,
    stock: shown.stock,
    type: 'flower',
    description,
    image: '/uploads/a-detail.webp',
    imageCard: '/uploads/a-card.webp',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: shown.updatedAt,
    hsnCode: '0603',
    gstRate: 5,
  };
  return { id, json: JSON.stringify(product) };
}

const EARLIER = { stock: 40, updatedAt: '2026-11-26T09:00:00.000Z' };
const LATER = { stock: 7, updatedAt: '2026-11-26T09:15:02.123Z' };
const LIST_HEAD = '{"success":true,"data":[';
const LIST_TAIL = '],"total":2,"page":1,"limit":24}';
const listOf = (products: ProductJson[]) =>
  CatalogAnswer.ofProducts(LIST_HEAD, products, LIST_TAIL, { on: 'list', productIds: new Set(products.map((p) => p.id)), columns: new Set() });

describe('CatalogAnswer: new stock shown without the database', () => {
  it.each<[string, string, string]>([
    ['plain names', 'Red Rose', 'Long stemmed.'],
    ['Tamil and emoji (more bytes than characters)', 'ரோஜா 🌹', 'மல்லிகை, சாமந்தி.'],
    ['a name that looks like the keys', 'Rose ,"stock":3,"updatedAt":"x"', '\\",\\"stock\\":9 ,"updatedAt":"2020'],
  ])('%s: the same bytes as an answer built with the new stock', (_case, name, description) => {
    const fern = productJson(FERN, 'Fern', 'Green.', EARLIER);
    const before = listOf([productJson(ROSE, name, description, EARLIER), fern]);
    const rewritten = before.withStock(new Map([[ROSE, LATER]]));
    const built = listOf([productJson(ROSE, name, description, LATER), fern]);
    expect(rewritten.body.toString()).toBe(built.body.toString());
    expect(rewritten.etag).toBe(built.etag);
    expect(rewritten.etag).not.toBe(before.etag);
    expect(JSON.parse(rewritten.body.toString()).data[0]).toMatchObject({ name, description, stock: 7 });
  });

  it('rewrites again from a rewritten answer, and leaves products it does not show alone', () => {
    const answer = listOf([productJson(ROSE, 'Rose', 'Red.', EARLIER)]);
    const twice = answer.withStock(new Map([[ROSE, LATER]])).withStock(
      new Map([
        [ROSE, { stock: 0, updatedAt: '2026-11-26T10:00:00.000Z' }],
        [FERN, LATER],
      ]),
    );
    expect(JSON.parse(twice.body.toString()).data).toEqual([expect.objectContaining({ stock: 0, updatedAt: '2026-11-26T10:00:00.000Z' })]);
    expect(twice.canShowStockOf(ROSE)).toBe(true);
    expect(twice.canShowStockOf(FERN)).toBe(false);
  });

  it("rewrites one product's own answer", () => {
    const answer = CatalogAnswer.ofProducts('{"success":true,"data":', [productJson(ROSE, 'Rose', 'Red.', EARLIER)], '}', { on: 'product', productId: ROSE });
    expect(JSON.parse(answer.withStock(new Map([[ROSE, LATER]])).body.toString()).data).toMatchObject(LATER);
  });

  it('does not offer to rewrite an empty list, a fixed body, or JSON without the stock', () => {
    expect(listOf([]).canShowStockOf(ROSE)).toBe(false);
    expect(CatalogAnswer.fixed(Buffer.from('{}'), { on: 'product', productId: ROSE }).canShowStockOf(ROSE)).toBe(false);
    expect(listOf([{ id: ROSE, json: `{"_id":"${ROSE}","name":"Rose"}` }]).canShowStockOf(ROSE)).toBe(false);
  });
});
