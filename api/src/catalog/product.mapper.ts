import type { Product } from '@thalir/contracts';
import { paiseToRupees } from '../common/money';
import type { ProductEntity } from './product.entity';

/** Public URL of one rendition of a product image; file names are content-addressed, so they never change. */
export function productImageUrl(imageKey: string | null, size: 'card' | 'detail'): string {
  return imageKey ? `/uploads/${imageKey}-${size}.webp` : '/assets/product-placeholder.svg';
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
  };
}
