import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { changedFields, recordAudit } from '../audit/audit-log';
import type { StaffAct } from '../audit/staff-act';
import type { CatalogueLanguage, Product } from '@thalir/contracts';
import { ApiException } from '../common/http-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { containsPattern } from '../common/like-pattern';
import { constraintOf } from '../common/database-errors';
import { saveTranslation } from '../common/translations';
import { rupeesToPaise } from '../common/money';
import { MetricsService } from '../metrics/metrics.service';
import { CachedJson } from './cache/cached-json';
import { CatalogAnswer, type ProductJson } from './cache/catalog-answer';
import { CatalogCache, listCacheKey, productCacheKey } from './cache/catalog-cache';
import { type CatalogChange, type ListedColumn, listColumns } from './cache/catalog-changes';
import { DEFAULT_PAGE_SIZE, ProductListQueryDto } from './dto/product-list-query.dto';
import type { CreateProductDto, UpdateProductDto } from './dto/product-form.dto';
import type { TranslationDto } from '../common/translation.dto';
import { validateDto } from './dto/validate-dto';
import { ImageRejectedError, ProductImages } from './product-images';
import { productColumns, productOrder, SEARCH_EXPRESSION } from './product-rows';
import { catalogueLanguage } from '../common/catalogue-language';
import type { ProductEntity } from './product.entity';
import { isUuid } from '../common/ids';
import { imageBaseOf, productJsonColumn, toProduct } from './product.mapper';

const PRODUCT_NOT_FOUND = 'Product not found';
const PRODUCT_IN_A_PLAN = 'This product is in a subscription plan: take it out of the plan before deleting it';
/** The foreign key that keeps a product a plan delivers (migration 1765100000000). */
const IN_A_PLAN = 'subscription_plan_items_product_id_fkey';

interface Filter {
  sql: string;
  params: unknown[];
  /** Identifies the filter for the memoised totals. */
  key: string;
}

function filterOf(query: ProductListQueryDto): Filter {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (query.type) {
    params.push(query.type);
    conditions.push(`type = $${params.length}`);
  }
  if (query.q) {
    // In English or in a translation: each side reads its own trigram index.
    params.push(containsPattern(query.q));
    conditions.push(
      `p.id IN (SELECT id FROM products WHERE ${SEARCH_EXPRESSION} ILIKE $${params.length}
        UNION SELECT product_id FROM product_translations WHERE ${SEARCH_EXPRESSION} ILIKE $${params.length})`,
    );
  }
  return {
    sql: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '',
    params,
    key: JSON.stringify([query.type ?? null, query.q?.toLowerCase() ?? null]),
  };
}

/** Percent (5, 0.25) to basis points (500, 25); null when not given. */
const gstRateBp = (percent: number | null | undefined) => (percent === undefined || percent === null ? null : Math.round(percent * 100));

/** What the audit log keeps of a product (money in paise, as stored). */
function auditedFields(product: ProductEntity): Record<string, unknown> {
  return {
    name: product.name,
    description: product.description,
    pricePaise: product.pricePaise,
    stock: product.stock,
    type: product.type,
    imageKey: product.imageKey,
    hsnCode: product.hsnCode,
    gstRateBp: product.gstRateBp,
  };
}

/** The columns lists filter or sort by that an update moved (as the products trigger tells them). */
function movedColumns(before: ProductEntity, after: ProductEntity): Set<ListedColumn> {
  const moved = new Set<ListedColumn>();
  if (before.type !== after.type) moved.add('type');
  if (before.name !== after.name) moved.add('name');
  if (before.description !== after.description) moved.add('description');
  if (before.pricePaise !== after.pricePaise) moved.add('price');
  return moved;
}

/**
 * The catalogue: reads are served as pre-serialised JSON from CatalogCache, writes go straight
 * to the database and drop what they touch from the cache (see CatalogCache for why that is never stale).
 */
@Injectable()
export class CatalogService {
  /** Where product image URLs point: the API's /uploads or ASSET_BASE_URL. */
  private readonly imageBase: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: CatalogCache,
    private readonly images: ProductImages,
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.imageBase = imageBaseOf(config);
  }

  /**
   * GET /api/products as ready bytes, in the language its `lang` or Accept-Language asks. Keyed by
   * the raw query string and the language, so a hit skips validation; only valid queries are stored.
   */
  async listResponse(queryString: string, rawQuery: Record<string, unknown>, acceptLanguage?: string): Promise<CachedJson> {
    const language = catalogueLanguage(rawQuery.lang, acceptLanguage);
    const key = listCacheKey(queryString, language);
    const hit = this.countLookup(this.cache.peek(key));
    if (hit) return hit;
    const query = await validateDto(ProductListQueryDto, rawQuery);
    return (await this.cache.response(key, () => this.buildList(query, language)))!;
  }

  /** GET /api/products/:id as ready bytes; a malformed id is simply not found. */
  async productResponse(id: string, language: CatalogueLanguage = 'en'): Promise<CachedJson> {
    const key = productCacheKey(id, language);
    const hit = this.countLookup(this.cache.peek(key));
    if (hit) return hit;
    if (!isUuid(id)) throw new NotFoundException(PRODUCT_NOT_FOUND);
    const response = await this.cache.response(key, async () => {
      const rows: ProductJson[] = await this.dataSource.query(
        `SELECT p.id, ${productJsonColumn('p', this.imageBase, language)} AS json FROM products p WHERE p.id = $1`,
        [id],
      );
      return rows.length > 0 ? CatalogAnswer.ofProducts('{"success":true,"data":', rows, '}', { on: 'product', productId: id }) : null;
    });
    if (!response) throw new NotFoundException(PRODUCT_NOT_FOUND);
    return response;
  }

  /** Counts a read that reached the service: the fast path counts the hits it answers itself. */
  private countLookup(hit: CachedJson | undefined): CachedJson | undefined {
    (hit ? this.metrics.catalogCacheHits : this.metrics.catalogCacheMisses).inc();
    return hit;
  }

  /**
   * The list body, assembled from per-product JSON written by PostgreSQL: the whole catalogue
   * (no page asked) or one page with the filter's total.
   */
  private async buildList(query: ProductListQueryDto, language: CatalogueLanguage): Promise<CachedJson> {
    const filter = filterOf(query);
    const order = productOrder(query.sort ?? '-createdAt', language);
    const select = `SELECT p.id, ${productJsonColumn('p', this.imageBase, language)} AS json FROM products p ${filter.sql} ORDER BY ${order}`;
    const answer = (rows: ProductJson[], tail: string) =>
      CatalogAnswer.ofProducts('{"success":true,"data":[', rows, tail, {
        on: 'list',
        productIds: new Set(rows.map((row) => row.id)),
        columns: listColumns(query),
      });
    if (query.page === undefined && query.limit === undefined) {
      const rows: ProductJson[] = await this.dataSource.query(select, filter.params);
      return answer(rows, ']}');
    }
    const page = query.page ?? 1;
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const n = filter.params.length;
    const [rows, total] = await Promise.all([
      this.dataSource.query(`${select} LIMIT $${n + 1} OFFSET $${n + 2}`, [...filter.params, limit, (page - 1) * limit]) as Promise<ProductJson[]>,
      this.cache.count(filter.key, async () => {
        const [row] = await this.dataSource.query(`SELECT count(*)::int AS total FROM products p ${filter.sql}`, filter.params);
        return row.total as number;
      }),
    ]);
    return answer(rows, `],"total":${total},"page":${page},"limit":${limit}}`);
  }

  async create(dto: CreateProductDto, image: Buffer | null, act: StaffAct): Promise<Product> {
    if (!image) throw new BadRequestException('Please choose an image for the product');
    const imageKey = await this.storeImage(image);
    let row: ProductEntity;
    try {
      row = await this.dataSource.transaction(async (manager) => {
        const [created] = (await manager.query(
          `INSERT INTO products (name, description, price_paise, stock, type, image_key, hsn_code, gst_rate_bp)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           RETURNING ${productColumns()}`,
          [dto.name, dto.description ?? '', rupeesToPaise(dto.price), dto.stock ?? 0, dto.type, imageKey, dto.hsnCode ?? null, gstRateBp(dto.gstRate) ?? 0],
        )) as ProductEntity[];
        await recordAudit(manager, { actor: act, action: 'product.create', entity: 'product', entityId: created.id, after: auditedFields(created) });
        return created;
      });
    } catch (error) {
      await this.images.remove(imageKey);
      throw error;
    }
    this.dropFromCache({ kind: 'added', productId: row.id }, true);
    return toProduct(row, this.imageBase);
  }

  /** Applies the fields given; a new image replaces the old one, whose files go once the change is committed. */
  async update(id: string, dto: UpdateProductDto, image: Buffer | null, act: StaffAct): Promise<Product> {
    if (!isUuid(id)) throw new NotFoundException(PRODUCT_NOT_FOUND);
    const imageKey = image ? await this.storeImage(image) : null;
    let rows: (ProductEntity & { previous: ProductEntity })[];
    try {
      // The locked sub-select hands back the product as it was (its image key being replaced, and
      // the fields for the audit log), atomically with the change.
      rows = await this.dataSource.transaction(async (manager) => {
        const [updated] = (await manager.query(
          `UPDATE products AS p SET
           name = coalesce($2, p.name),
           description = coalesce($3, p.description),
           price_paise = coalesce($4, p.price_paise),
           stock = coalesce($5, p.stock),
           type = coalesce($6, p.type),
           image_key = coalesce($7, p.image_key),
           hsn_code = coalesce($8, p.hsn_code),
           gst_rate_bp = coalesce($9, p.gst_rate_bp),
           updated_at = now()
         FROM (SELECT ${productColumns('products')} FROM products WHERE id = $1 FOR UPDATE) AS previous
         WHERE p.id = previous.id
         RETURNING ${productColumns('p')}, to_json(previous) AS previous`,
          [
            id,
            dto.name ?? null,
            dto.description ?? null,
            dto.price === undefined || dto.price === null ? null : rupeesToPaise(dto.price),
            dto.stock ?? null,
            dto.type ?? null,
            imageKey,
            dto.hsnCode ?? null,
            gstRateBp(dto.gstRate),
          ],
        )) as [(ProductEntity & { previous: ProductEntity })[], number];
        if (updated.length > 0) {
          const change = changedFields(auditedFields(updated[0].previous), auditedFields(updated[0]));
          await recordAudit(manager, { actor: act, action: 'product.update', entity: 'product', entityId: id, ...change });
        }
        return updated;
      });
    } catch (error) {
      if (imageKey) await this.images.remove(imageKey);
      throw error;
    }
    if (rows.length === 0) {
      if (imageKey) await this.images.remove(imageKey);
      throw new NotFoundException(PRODUCT_NOT_FOUND);
    }
    const { previous, ...row } = rows[0];
    const moved = movedColumns(previous, row);
    this.dropFromCache({ kind: 'changed', productId: id, columns: moved }, moved.has('type') || moved.has('name') || moved.has('description'));
    if (imageKey && previous.imageKey && previous.imageKey !== imageKey) await this.images.remove(previous.imageKey);
    return toProduct(row, this.imageBase);
  }

  /** Sets (or, with an empty name, removes) a product's name and description in another language, and answers the product in it. */
  async translate(id: string, language: Exclude<CatalogueLanguage, 'en'>, dto: TranslationDto, act: StaffAct): Promise<Product> {
    if (!isUuid(id)) throw new NotFoundException(PRODUCT_NOT_FOUND);
    await this.dataSource.transaction(async (manager) => {
      const [found] = (await manager.query(`SELECT id FROM products WHERE id = $1 FOR UPDATE`, [id])) as { id: string }[];
      if (!found) throw new NotFoundException(PRODUCT_NOT_FOUND);
      await saveTranslation(manager, 'product', id, language, dto, act);
    });
    this.dropFromCache({ kind: 'changed', productId: id, columns: new Set(['name', 'description']) }, true);
    const answer = await this.productResponse(id, language);
    return (JSON.parse(answer.body.toString('utf8')) as { data: Product }).data;
  }

  /** Past orders keep their lines: order_items copy name and price, and their product link becomes null. */
  async remove(id: string, act: StaffAct): Promise<void> {
    if (!isUuid(id)) throw new NotFoundException(PRODUCT_NOT_FOUND);
    const rows = await this.dataSource
      .transaction(async (manager) => {
        const [deleted] = (await manager.query(`DELETE FROM products WHERE id = $1 RETURNING ${productColumns()}`, [id])) as [ProductEntity[], number];
        if (deleted.length > 0) {
          await recordAudit(manager, { actor: act, action: 'product.delete', entity: 'product', entityId: id, before: auditedFields(deleted[0]) });
        }
        return deleted;
      })
      .catch((error: unknown) => {
        if (constraintOf(error) === IN_A_PLAN) throw new ConflictException(PRODUCT_IN_A_PLAN);
        throw error;
      });
    if (rows.length === 0) throw new NotFoundException(PRODUCT_NOT_FOUND);
    this.dropFromCache({ kind: 'removed', productId: id }, true);
    if (rows[0].imageKey) await this.images.remove(rows[0].imageKey);
  }

  /**
   * The products trigger announces every change, and on a direct pool this process hears its own
   * before the commit returns. Behind PgBouncer it hears them a moment later, through the listener:
   * dropping here as well shows the staff member their change on their very next read.
   */
  private dropFromCache(change: CatalogChange, countsMayMove: boolean): void {
    this.cache.apply(change);
    if (countsMayMove) this.cache.apply({ kind: 'counts' });
  }

  private async storeImage(image: Buffer): Promise<string> {
    try {
      return await this.images.store(image);
    } catch (error) {
      if (error instanceof ImageRejectedError) throw new ApiException(error.status, error.message);
      throw error;
    }
  }
}
