import type { CatalogueLanguage, ProductSort } from '@thalir/contracts';

/** Columns of `products` under the entity's property names, so a raw row maps with toProduct. */
export function productColumns(alias = 'products'): string {
  return `${alias}.id, ${alias}.name, ${alias}.description, ${alias}.price_paise AS "pricePaise", ${alias}.stock, ${alias}.type,
    ${alias}.image_key AS "imageKey", ${alias}.hsn_code AS "hsnCode", ${alias}.gst_rate_bp AS "gstRateBp",
    ${alias}.created_at AS "createdAt", ${alias}.updated_at AS "updatedAt"`;
}

/** Each order has a matching index (see the initial schema); the id makes the order total, so pages never overlap. */
const PRODUCT_ORDER: Record<ProductSort, string> = {
  '-createdAt': 'p.created_at DESC, p.id DESC',
  price: 'p.price_paise ASC, p.id ASC',
  '-price': 'p.price_paise DESC, p.id DESC',
  name: 'p.name ASC, p.id ASC',
};

/** The ORDER BY of a list over `products p`; by name in another language, by the name shown (its translation, else English). */
export function productOrder(sort: ProductSort, language: CatalogueLanguage): string {
  if (sort !== 'name' || language === 'en') return PRODUCT_ORDER[sort];
  return `coalesce((SELECT t.name FROM product_translations t WHERE t.product_id = p.id AND t.lang = '${language}'), p.name) ASC, p.id ASC`;
}

/**
 * The searched text. It must stay exactly the expression of the trigram index
 * `products_search_trgm_idx`, or PostgreSQL cannot use the index and reads every row.
 */
export const SEARCH_EXPRESSION = `(name || ' ' || description)`;
