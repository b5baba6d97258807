import type { Product } from '@thalir/contracts';
import { paiseToRupees } from '../common/money';
import type { ProductEntity } from './product.entity';

const PLACEHOLDER_IMAGE = '/assets/product-placeholder.svg';

/** Public URL of one rendition of a product image; file names are content-addressed, so they never change. */
export function productImageUrl(imageKey: string | null, size: 'card' | 'detail'): string {
  return imageKey ? `/uploads/${imageKey}-${size}.webp` : PLACEHOLDER_IMAGE;
}

export function toProduct(entity: ProductEntity): Product {
  return {
    _id: entity.id,
    name: entity.name,
    price: paiseToRupees(entity.pricePaise),
    stock: entity.stock,
    type: entity.type,
    description: entity.description,
    image: productImageUrl(entity.imageKey, 'detail'),
    imageCard: productImageUrl(entity.imageKey, 'card'),
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
    hsnCode: entity.hsnCode,
    gstRate: entity.gstRateBp / 100,
  };
}

/**
 * The same Product as toProduct, written by PostgreSQL as compact JSON text: a column expression
 * over the `products` row `alias`. The catalogue's list reads use it, so 100,000 products become
 * one string each instead of row objects mapped and serialised again in Node. Keep the two in
 * step; catalog.test.ts checks they agree.
 */
export function productJsonColumn(alias: string): string {
  const image = (size: 'card' | 'detail') =>
    `CASE WHEN ${alias}.image_key IS NULL THEN '${PLACEHOLDER_IMAGE}' ELSE '/uploads/' || ${alias}.image_key || '-${size}.webp' END`;
  // Milliseconds, in UTC, like Date.prototype.toISOString().
  const iso = (column: string) => `to_char(${alias}.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return `(SELECT row_to_json(product)::text FROM (SELECT
      ${alias}.id AS "_id", ${alias}.name, trim_scale(${alias}.price_paise / 100.0) AS price, ${alias}.stock, ${alias}.type,
      ${alias}.description, ${image('detail')} AS image, ${image('card')} AS "imageCard",
      ${iso('created_at')} AS "createdAt", ${iso('updated_at')} AS "updatedAt", ${alias}.hsn_code AS "hsnCode",
      trim_scale(${alias}.gst_rate_bp / 100.0) AS "gstRate") AS product)`;
}
