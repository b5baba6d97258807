import type { ProductSort } from '@thalir/contracts';

/**
 * The columns of `products` that lists filter or sort by. Any other column (stock, the image, the
 * tax fields) only shows in the answers that contain the product.
 */
export type ListedColumn = 'type' | 'name' | 'description' | 'price' | 'created';

const LISTED_COLUMNS = new Set<string>(['type', 'name', 'description', 'price', 'created']);

/** A committed change to the catalogue, as the products trigger announces it (migrations 1764950000000 and 1765000000000). */
export type CatalogChange =
  /** Anything may have changed: a bulk change, a TRUNCATE, a notice missed or not understood. */
  | { kind: 'everything' }
  /** Rows came, went or changed what filters see: the totals of paged lists may have moved. */
  | { kind: 'counts' }
  | { kind: 'added' | 'removed'; productId: string }
  /** `columns`: those of ListedColumn that moved; empty when only what the product shows did (its image, its tax). */
  | { kind: 'changed'; productId: string; columns: ReadonlySet<ListedColumn> }
  /** Only the stock moved (and with it `updatedAt`): the new values, which cached answers can show without the database. */
  | ({ kind: 'stock'; productId: string } & StockShown);

/** What a product's answers show of its stock, as the products trigger reports it. */
export interface StockShown {
  stock: number;
  /** As the product's JSON writes it: ISO 8601 in UTC, milliseconds. */
  updatedAt: string;
}

/** What a cached answer was drawn from: which changes touch it. */
export type CatalogDependencies =
  /** Anything in the catalogue (the sitemaps, server-drawn pages). */
  | { on: 'everything' }
  | { on: 'product'; productId: string }
  /** A list: the products it shows, and the columns its filter and order read. */
  | { on: 'list'; productIds: ReadonlySet<string>; columns: ReadonlySet<ListedColumn> }
  /** Several reads at once (a page drawn from a list and a product): touched when any of them is. */
  | { on: 'several'; parts: readonly CatalogDependencies[] };

/** A cached answer that says what it was drawn from. */
export interface DrawnFromCatalog {
  readonly dependsOn: CatalogDependencies;
}

export const ON_EVERYTHING: CatalogDependencies = { on: 'everything' };
export const EVERYTHING_CHANGED: CatalogChange = { kind: 'everything' };

export interface CatalogNotice {
  /** The catalogue version the change committed as; null when the payload had none. */
  version: number | null;
  change: CatalogChange;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STOCK = /^(0|-?[1-9][0-9]{0,9})$/;
const ISO_MILLISECONDS = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$/;

/**
 * Reads a `catalog_changed` payload: "<version> counts", "<version> all", "<version> product <id>
 * added|removed|changed:<columns>", "<version> product <id> stock <stock> <updatedAt>", or the
 * plain "<version>" of earlier versions of the trigger.
 * Anything else counts as a change to everything: a notice not understood must not leave a stale answer.
 */
export function readCatalogNotice(payload: string): CatalogNotice {
  const [versionText, kind, productId, how, ...rest] = payload.split(' ');
  const parsed = Number(versionText);
  const version = versionText !== '' && Number.isSafeInteger(parsed) && parsed > 0 ? parsed : null;
  const everything = { version, change: EVERYTHING_CHANGED };
  if (version === null) return everything;
  if (kind === 'product' && how === 'stock' && UUID.test(productId ?? '')) {
    const [stock, updatedAt, ...more] = rest;
    if (more.length > 0 || !STOCK.test(stock ?? '') || !ISO_MILLISECONDS.test(updatedAt ?? '')) return everything;
    return { version, change: { kind: 'stock', productId, stock: Number(stock), updatedAt } };
  }
  if (rest.length > 0) return everything;
  if (kind === 'counts' && productId === undefined) return { version, change: { kind: 'counts' } };
  if (kind !== 'product' || !UUID.test(productId ?? '')) return everything;
  if (how === 'added' || how === 'removed') return { version, change: { kind: how, productId } };
  if (!how?.startsWith('changed:')) return everything;
  const columns = how.slice('changed:'.length).split(',').filter(Boolean);
  if (!columns.every((column) => LISTED_COLUMNS.has(column))) return everything;
  return { version, change: { kind: 'changed', productId, columns: new Set(columns as ListedColumn[]) } };
}

/** Whether `change` can make an answer drawn from `dependencies` wrong. */
export function changeTouches(change: CatalogChange, dependencies: CatalogDependencies): boolean {
  if (change.kind === 'counts') return false;
  if (change.kind === 'everything' || dependencies.on === 'everything') return true;
  if (dependencies.on === 'several') return dependencies.parts.some((part) => changeTouches(change, part));
  if (dependencies.on === 'product') return dependencies.productId === change.productId;
  if (dependencies.productIds.has(change.productId)) return true;
  // Lists neither filter nor sort by stock.
  if (change.kind === 'stock') return false;
  // A product coming or going shifts every later page (and totals); one that moved a column the
  // list filters or sorts by may now belong on it.
  if (change.kind !== 'changed') return true;
  for (const column of change.columns) if (dependencies.columns.has(column)) return true;
  return false;
}

/** The columns a list reads to choose and order its products. */
export function listColumns(query: { type?: string; q?: string; sort?: ProductSort }): Set<ListedColumn> {
  const columns = new Set<ListedColumn>();
  if (query.type) columns.add('type');
  if (query.q) {
    columns.add('name');
    columns.add('description');
  }
  const sort = query.sort ?? '-createdAt';
  columns.add(sort === 'name' ? 'name' : sort === '-createdAt' ? 'created' : 'price');
  return columns;
}
