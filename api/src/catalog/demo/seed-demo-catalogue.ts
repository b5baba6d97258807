import { Logger } from '@nestjs/common';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { rupeesToPaise } from '../../common/money';
import { ProductEntity } from '../product.entity';
import { ProductImages } from '../product-images';
import { DEMO_PRODUCTS } from './demo-products';

/** Fills an empty catalogue with the demo products and their rendered artwork. */
export async function seedDemoCatalogue(dataSource: DataSource, images: ProductImages): Promise<number> {
  const products = dataSource.getRepository(ProductEntity);
  if ((await products.count()) > 0) return 0;
  const started = Date.now();
  const base = Date.now() - DEMO_PRODUCTS.length * 1000;
  const rows = await Promise.all(
    DEMO_PRODUCTS.map(async (demo, index) => {
      const png = await sharp(Buffer.from(demo.art())).png().toBuffer();
      const imageKey = await images.store(png);
      // Spread creation times so "newest first" keeps the order written in the demo list.
      const createdAt = new Date(base + (DEMO_PRODUCTS.length - index) * 1000);
      return products.create({
        name: demo.name,
        type: demo.type,
        pricePaise: rupeesToPaise(demo.price),
        stock: demo.stock,
        description: demo.description,
        imageKey,
        createdAt,
        updatedAt: createdAt,
      });
    }),
  );
  await products.insert(rows);
  new Logger('Seed').log(`Seeded ${rows.length} demo products in ${Date.now() - started} ms`);
  return rows.length;
}
