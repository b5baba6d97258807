import { Module } from '@nestjs/common';
import { CatalogCache } from './cache/catalog-cache';
import { CatalogChangeListener } from './cache/catalog-change-listener';
import { CatalogFastPath } from './cache/catalog-fast-path';
import { CatalogService } from './catalog.service';
import { ProductImages } from './product-images';
import { AdminProductsController, ProductsController } from './products.controller';

@Module({
  controllers: [ProductsController, AdminProductsController],
  providers: [CatalogService, ProductImages, CatalogCache, CatalogChangeListener, CatalogFastPath],
  exports: [CatalogService, ProductImages, CatalogCache],
})
export class CatalogModule {}
