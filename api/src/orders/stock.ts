import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ApiException } from '../common/http-errors';

export interface StockLine {
  productId: string;
  quantity: number;
}

export interface TakenLine extends StockLine {
  name: string;
  pricePaise: number;
  hsnCode: string;
  gstRateBp: number;
}

/** Thrown when a product is gone from the catalogue; the caller decides the status and wording. */
export class ProductUnavailableError extends Error {
  constructor(readonly productId: string) {
    super(`Product ${productId} is no longer available`);
  }
}

/** Locks rows in one global order (product id) so two transactions never wait on each other in a cycle. */
export function inLockOrder<T extends StockLine>(lines: T[]): T[] {
  return [...lines].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
}

export function shortStockMessage(name: string, available: number): string {
  return available <= 0 ? `${name} is out of stock` : `Only ${available} of ${name} left in stock`;
}

/**
 * Takes stock for every line inside the caller's transaction. The conditional UPDATE is the lock:
 * PostgreSQL re-checks `stock >= quantity` on the latest row version, so two buyers cannot both take
 * the last item. Throws 409 when a line is short and ProductUnavailableError when a product is gone;
 * either way the caller's transaction rolls back, so nothing is taken.
 */
export async function takeStock(
  manager: EntityManager,
  lines: StockLine[],
  describeShortage: (name: string, available: number) => string = shortStockMessage,
): Promise<Map<string, TakenLine>> {
  const taken = new Map<string, TakenLine>();
  for (const line of inLockOrder(lines)) {
    const [rows] = (await manager.query(
      `UPDATE products SET stock = stock - $1, updated_at = now()
       WHERE id = $2 AND stock >= $1
       RETURNING name, price_paise AS "pricePaise", hsn_code AS "hsnCode", gst_rate_bp AS "gstRateBp"`,
      [line.quantity, line.productId],
    )) as [Omit<TakenLine, keyof StockLine>[], number];
    if (rows.length === 1) {
      taken.set(line.productId, { ...line, ...rows[0] });
      continue;
    }
    const [product] = (await manager.query(`SELECT name, stock FROM products WHERE id = $1`, [line.productId])) as { name: string; stock: number }[];
    if (!product) throw new ProductUnavailableError(line.productId);
    throw new ApiException(HttpStatus.CONFLICT, describeShortage(product.name, product.stock), {
      product: line.productId,
      available: product.stock,
    });
  }
  return taken;
}

/** Gives stock back, e.g. when an order is cancelled. Lines whose product was deleted have nowhere to go. */
export async function returnStock(manager: EntityManager, lines: StockLine[]): Promise<void> {
  for (const line of inLockOrder(lines)) {
    await manager.query(`UPDATE products SET stock = stock + $1, updated_at = now() WHERE id = $2`, [line.quantity, line.productId]);
  }
}
