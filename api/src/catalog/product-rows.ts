import type { ProductSort } from '@thalir/contracts';

/** Columns of `products` under the entity's property names, so a raw row maps with toProduct. */
export function productColumns(alias = 'products'): string {
  return `${alias}.id, ${alias}.name, ${alias}.description, ${alias}.price_paise AS "pricePaise", ${alias}.stock, ${alias}.type,
    ${alias}.image_key AS "imageKey", ${alias}.hsn_code AS "hsnCode", ${alias}.gst_rate_bp AS "gstRateBp",
    ${alias}.created_at AS "createdAt", ${alias}.updated_at AS "updatedAt"`;
}

/** Each order has a matching index (see the initial schema); the id makes the order total, so pages never overlap. */
export const PRODUCT_ORDER: Record<ProductSort, string> = {
  '-createdAt': 'created_at DESC, id DESC',
  price: 'price_paise ASC, id ASC',
  '-price': 'price_paise DESC, id DESC',
  name: 'name ASC, id ASC',
};

/**
 * The searched text. It must stay exactly the expression of the trigram index
 * `products_search_trgm_idx`, or PostgreSQL cannot use the index and reads every row.
 */
export const SEARCH_EXPRESSION = `(name || ' ' || description)`;
