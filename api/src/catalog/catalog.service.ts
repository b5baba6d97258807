import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Product } from '@thalir/contracts';
import { ProductEntity } from './product.entity';
import { toProduct } from './product.mapper';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class CatalogService {
  constructor(@InjectRepository(ProductEntity) private readonly products: Repository<ProductEntity>) {}

  async list(): Promise<Product[]> {
    const rows = await this.products.find({ order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toProduct);
  }

  async get(id: string): Promise<Product> {
    const row = UUID.test(id) ? await this.products.findOneBy({ id }) : null;
    if (!row) throw new NotFoundException('Product not found');
    return toProduct(row);
  }
}
