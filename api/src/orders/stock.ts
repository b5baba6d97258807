import type { EntityManager } from 'typeorm';
import { MAX_ORDER_TOTAL_PAISE, type StockFact } from './order-lifecycle';

export interface StockLine {
  productId: string;
  quantity: number;
}

/**
 * Takes the stock of every line or of none, through the stock rule the placing statement uses too
 * (shop_take_stock: products locked in id order, their latest stock checked), inside the caller's
 * transaction. Answers each line as the rule found it; `taken` says whether the stock was taken.
 */
export async function takeStock(manager: EntityManager, lines: StockLine[]): Promise<{ taken: boolean; lines: StockFact[] }> {
  const found = (await manager.query(`SELECT product_id AS "productId", name, stock, quantity, taken FROM shop_take_stock($1::uuid[], $2::int[], $3::bigint)`, [
    lines.map((line) => line.productId),
    lines.map((line) => line.quantity),
    MAX_ORDER_TOTAL_PAISE,
  ])) as (StockFact & { taken: boolean })[];
  return { taken: found.length > 0 && found.every((line) => line.taken), lines: found };
}

/** Gives stock back, e.g. when an order is cancelled, in id order like every lock on products. Lines whose product was deleted have nowhere to go. */
export async function returnStock(manager: EntityManager, lines: StockLine[]): Promise<void> {
  for (const line of [...lines].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0))) {
    await manager.query(`UPDATE products SET stock = stock + $1, updated_at = now() WHERE id = $2`, [line.quantity, line.productId]);
  }
}
