import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import type { CatalogueLanguage, Product, WishlistResponse } from '@thalir/contracts';
import { productColumns } from '../catalog/product-rows';
import type { ProductEntity } from '../catalog/product.entity';
import { imageBaseOf, productJsonColumn, toProduct } from '../catalog/product.mapper';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

const FOREIGN_KEY_VIOLATION = '23503';

/** Each customer's wishlist: one entry per product, newest first; entries go with their product. */
@Injectable()
export class WishlistService {
  private readonly imageBase: string;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.imageBase = imageBaseOf(config);
  }

  /** In `language`, each product's texts as the catalogue answers them (English where not translated). */
  async list(userId: string, language: CatalogueLanguage = 'en'): Promise<WishlistResponse> {
    if (language !== 'en') {
      const translated: { json: string }[] = await this.dataSource.query(
        `SELECT ${productJsonColumn('p', this.imageBase, language)} AS json
         FROM wishlist_items w JOIN products p ON p.id = w.product_id
         WHERE w.user_id = $1
         ORDER BY w.created_at DESC, w.product_id DESC`,
        [userId],
      );
      return { items: translated.map((row) => ({ product: JSON.parse(row.json) as Product })) };
    }
    const rows: ProductEntity[] = await this.dataSource.query(
      `SELECT ${productColumns('p')}
       FROM wishlist_items w JOIN products p ON p.id = w.product_id
       WHERE w.user_id = $1
       ORDER BY w.created_at DESC, w.product_id DESC`,
      [userId],
    );
    return { items: rows.map((row) => ({ product: toProduct(row, this.imageBase) })) };
  }

  /** Adding a product already there keeps the one entry (and its place). */
  async add(userId: string, productId: string): Promise<WishlistResponse> {
    try {
      await this.dataSource.query(`INSERT INTO wishlist_items (user_id, product_id) VALUES ($1, $2) ON CONFLICT (user_id, product_id) DO NOTHING`, [
        userId,
        productId,
      ]);
    } catch (error) {
      // The product does not exist (or was deleted a moment ago): the foreign key says so.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === FOREIGN_KEY_VIOLATION) {
        throw new NotFoundException('Product not found');
      }
      throw error;
    }
    return this.list(userId);
  }

  async remove(userId: string, productId: string): Promise<WishlistResponse> {
    await this.dataSource.query(`DELETE FROM wishlist_items WHERE user_id = $1 AND product_id = $2`, [userId, productId]);
    return this.list(userId);
  }
}
