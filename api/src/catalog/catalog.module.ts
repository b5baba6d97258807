import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogService } from './catalog.service';
import { ProductImages } from './product-images';
import { ProductEntity } from './product.entity';
import { ProductsController } from './products.controller';

@Module({
  imports: [TypeOrmModule.forFeature([ProductEntity])],
  controllers: [ProductsController],
  providers: [CatalogService, ProductImages],
  exports: [CatalogService, ProductImages],
})
export class CatalogModule {}
