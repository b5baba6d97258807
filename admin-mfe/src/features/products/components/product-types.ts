import type { ProductType } from '@thalir/contracts';

export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  flower: 'Flower',
  green_leaf: 'Green leaf',
};
