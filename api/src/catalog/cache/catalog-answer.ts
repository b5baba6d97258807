import { CachedJson, type CompressionEffort } from './cached-json';
import type { CatalogDependencies, DrawnFromCatalog, StockShown } from './catalog-changes';

/** A product as a catalogue read returns it: its id and its JSON as PostgreSQL wrote it (productJsonColumn). */
export interface ProductJson {
  id: string;
  json: string;
}

/**
 * Answers bigger than this (the whole of a large catalogue) are not rewritten when stock moves:
 * keeping their text in pieces would double their memory, and rewriting them per notice would
 * cost more than reading them again.
 */
const MAX_REWRITABLE_CHARS = 256 * 1024;

const STOCK_KEY = ',"stock":';
const UPDATED_AT_KEY = ',"updatedAt":"';

/**
 * Where a product's stock and `updatedAt` values sit in its JSON text. A key with a quote before it
 * can only be the object's own key: inside a JSON string every quote is escaped.
 */
function stockSlotsOf(json: string): { stock: [number, number]; updatedAt: [number, number] } | null {
  const stockStart = json.indexOf(STOCK_KEY);
  if (stockStart === -1) return null;
  const stockEnd = json.indexOf(',', stockStart + STOCK_KEY.length);
  const updatedStart = json.indexOf(UPDATED_AT_KEY, stockEnd);
  if (stockEnd === -1 || updatedStart === -1) return null;
  const updatedEnd = json.indexOf('"', updatedStart + UPDATED_AT_KEY.length);
  if (updatedEnd === -1) return null;
  return { stock: [stockStart + STOCK_KEY.length, stockEnd], updatedAt: [updatedStart + UPDATED_AT_KEY.length, updatedEnd] };
}

/** The text of an answer cut around the values a stock notice rewrites: piece, value, piece, value, …, piece. */
interface RewritableText {
  pieces: readonly string[];
  values: readonly string[];
  /** Per product, the index in `values` of its stock; its `updatedAt` is the next one. */
  slots: ReadonlyMap<string, number>;
}

function cutAroundStock(head: string, products: readonly ProductJson[], tail: string): RewritableText | null {
  const pieces: string[] = [];
  const values: string[] = [];
  const slots = new Map<string, number>();
  let piece = head;
  for (const [index, product] of products.entries()) {
    const found = stockSlotsOf(product.json);
    if (!found || slots.has(product.id)) return null;
    if (index > 0) piece += ',';
    slots.set(product.id, values.length);
    pieces.push(piece + product.json.slice(0, found.stock[0]));
    values.push(product.json.slice(...found.stock));
    pieces.push(product.json.slice(found.stock[1], found.updatedAt[0]));
    values.push(product.json.slice(...found.updatedAt));
    piece = product.json.slice(found.updatedAt[1]);
  }
  pieces.push(piece + tail);
  return { pieces, values, slots };
}

function joined({ pieces, values }: RewritableText): string {
  let text = pieces[0];
  for (let index = 0; index < values.length; index++) text += values[index] + pieces[index + 1];
  return text;
}

/**
 * An answer drawn from the catalogue: it says what it was drawn from (which changes touch it), and
 * it can show a product's new stock without the database, as the products trigger reports it.
 */
export class CatalogAnswer extends CachedJson implements DrawnFromCatalog {
  private constructor(
    body: Buffer,
    readonly dependsOn: CatalogDependencies,
    private readonly text: RewritableText | null,
    effort: CompressionEffort,
  ) {
    super(body, undefined, true, effort);
  }

  /** `head`, the products' JSON separated by commas, then `tail`: one product's answer or a list. */
  static ofProducts(head: string, products: readonly ProductJson[], tail: string, dependsOn: CatalogDependencies): CatalogAnswer {
    const body = `${head}${products.map((product) => product.json).join(',')}${tail}`;
    const text = body.length <= MAX_REWRITABLE_CHARS ? cutAroundStock(head, products, tail) : null;
    return new CatalogAnswer(Buffer.from(body), dependsOn, text, 'best');
  }

  /** Any other body (tests, answers that cannot show stock on their own): dropped by every change that touches it. */
  static fixed(body: Buffer, dependsOn: CatalogDependencies): CatalogAnswer {
    return new CatalogAnswer(body, dependsOn, null, 'best');
  }

  /** Without a `lang` parameter, the catalogue answers in the language Accept-Language prefers. */
  override get vary(): string {
    return 'accept-encoding, accept-language';
  }

  /** Whether a stock notice for this product can be shown by rewriting this answer. */
  canShowStockOf(productId: string): boolean {
    return this.text?.slots.has(productId) ?? false;
  }

  /** The same answer showing these products' stock; products it does not show are ignored. */
  withStock(stocks: ReadonlyMap<string, StockShown>): CatalogAnswer {
    if (!this.text) throw new Error('This answer cannot be rewritten');
    const values = this.text.values.slice();
    for (const [productId, shown] of stocks) {
      const slot = this.text.slots.get(productId);
      if (slot === undefined) continue;
      values[slot] = String(shown.stock);
      values[slot + 1] = shown.updatedAt;
    }
    const text = { ...this.text, values };
    return new CatalogAnswer(Buffer.from(joined(text)), this.dependsOn, text, 'quick');
  }
}
