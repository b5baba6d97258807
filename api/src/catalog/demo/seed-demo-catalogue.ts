import { Logger } from '@nestjs/common';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { rupeesToPaise } from '../../common/money';
import { ProductEntity } from '../product.entity';
import { IMAGE_RENDITIONS, ProductImages } from '../product-images';
import { seedDemoOffers } from './demo-offers';
import { seedDemoPlans } from './demo-plans';
import { seedDemoTamilNames } from './demo-tamil-names';
import { DEMO_PRODUCTS } from './demo-products';

/** The artwork is drawn on a 400 px canvas; rendering it at the detail size keeps it sharp there. */
const ARTWORK_DENSITY = (72 * IMAGE_RENDITIONS.detail) / 400;

/**
 * Rasterises the SVG (uploads must be raster pictures) losslessly; the PNG is only a hand-over to
 * ProductImages, so it is barely compressed, which keeps the seed fast.
 */
export function renderArtwork(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: ARTWORK_DENSITY }).png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer();
}

/**
 * Fills an empty catalogue with the demo products and their rendered artwork, and sets the demo's
 * delivery charges, offer, products' Tamil names and subscription plans (in the shop's delivery slots).
 */
export async function seedDemoCatalogue(dataSource: DataSource, images: ProductImages, shopSlots: readonly string[]): Promise<number> {
  const products = dataSource.getRepository(ProductEntity);
  if ((await products.count()) > 0) return 0;
  const started = Date.now();
  const base = Date.now() - DEMO_PRODUCTS.length * 1000;
  const rows = await Promise.all(
    DEMO_PRODUCTS.map(async (demo, index) => {
      // The artwork's SVG is its original, in the code: only the renditions are stored.
      const imageKey = await images.store(await renderArtwork(demo.art()), { keepOriginal: false });
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
  await seedDemoOffers(dataSource);
  await dataSource.transaction(async (manager) => {
    await seedDemoTamilNames(manager);
    await seedDemoPlans(manager, shopSlots);
  });
  new Logger('Seed').log(`Seeded ${rows.length} demo products in ${Date.now() - started} ms`);
  return rows.length;
}
