import type { CatalogueLanguage, Product } from '@thalir/contracts';
import { paiseToRupees } from '../common/money';
import type { AppConfig } from '../config/app-config';
import type { ProductEntity } from './product.entity';

const PLACEHOLDER_IMAGE = '/assets/product-placeholder.svg';

/** Where the API itself serves stored images (web/upload-routes.ts). */
export const UPLOADS_PATH = '/uploads';

/** The base of product image URLs: ASSET_BASE_URL (a CDN) when set, else the API's own /uploads. */
export function imageBaseOf(config: Pick<AppConfig, 'assetBaseUrl'>): string {
  return config.assetBaseUrl ?? UPLOADS_PATH;
}

/** Public URL of one rendition of a product image; every upload gets a fresh key, so they never change. */
export function productImageUrl(imageKey: string | null, size: 'card' | 'detail', imageBase = UPLOADS_PATH): string {
  return imageKey ? `${imageBase}/${imageKey}-${size}.webp` : PLACEHOLDER_IMAGE;
}

/** `imageBase` is imageBaseOf(config): the placeholder stays on the site whatever it is. */
export function toProduct(entity: ProductEntity, imageBase = UPLOADS_PATH): Product {
  return {
    _id: entity.id,
    name: entity.name,
    price: paiseToRupees(entity.pricePaise),
    stock: entity.stock,
    type: entity.type,
    description: entity.description,
    image: productImageUrl(entity.imageKey, 'detail', imageBase),
    imageCard: productImageUrl(entity.imageKey, 'card', imageBase),
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
export function productJsonColumn(alias: string, imageBase = UPLOADS_PATH, language: CatalogueLanguage = 'en'): string {
  // The base is configuration, not input; quoted all the same.
  const base = `'${`${imageBase}/`.replace(/'/g, "''")}'`;
  const image = (size: 'card' | 'detail') =>
    `CASE WHEN ${alias}.image_key IS NULL THEN '${PLACEHOLDER_IMAGE}' ELSE ${base} || ${alias}.image_key || '-${size}.webp' END`;
  // Milliseconds, in UTC, like Date.prototype.toISOString().
  const iso = (column: string) => `to_char(${alias}.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  if (language === 'en') {
    return `(SELECT row_to_json(product)::text FROM (SELECT
      ${alias}.id AS "_id", ${alias}.name, trim_scale(${alias}.price_paise / 100.0) AS price, ${alias}.stock, ${alias}.type,
      ${alias}.description, ${image('detail')} AS image, ${image('card')} AS "imageCard",
      ${iso('created_at')} AS "createdAt", ${iso('updated_at')} AS "updatedAt", ${alias}.hsn_code AS "hsnCode",
      trim_scale(${alias}.gst_rate_bp / 100.0) AS "gstRate") AS product)`;
  }
  // Another language: its texts where translated, English where not, and which is which (`languages`).
  const translated = `(SELECT t.name, nullif(t.description, '') AS description FROM product_translations t WHERE t.product_id = ${alias}.id AND t.lang = '${language}')`;
  return `(SELECT row_to_json(product)::text FROM (SELECT
      ${alias}.id AS "_id", coalesce(t.name, ${alias}.name) AS name, trim_scale(${alias}.price_paise / 100.0) AS price, ${alias}.stock, ${alias}.type,
      coalesce(t.description, ${alias}.description) AS description, ${image('detail')} AS image, ${image('card')} AS "imageCard",
      ${iso('created_at')} AS "createdAt", ${iso('updated_at')} AS "updatedAt", ${alias}.hsn_code AS "hsnCode",
      trim_scale(${alias}.gst_rate_bp / 100.0) AS "gstRate",
      json_build_object('name', CASE WHEN t.name IS NULL THEN 'en' ELSE '${language}' END,
        'description', CASE WHEN t.description IS NULL THEN 'en' ELSE '${language}' END) AS languages
    FROM (SELECT 1) AS one LEFT JOIN LATERAL ${translated} AS t ON true) AS product)`;
}
