import type { ProductType } from '@thalir/contracts';

/** How the back office names product types (the products and offers screens). */
export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  flower: 'Flower',
  green_leaf: 'Green leaf',
};
