import type { ProductType } from '@thalir/contracts';

export interface DemoProduct {
  name: string;
  type: ProductType;
  /** Rupees per item. */
  price: number;
  stock: number;
  description: string;
  /** Draws the product's original artwork as an SVG document. */
  art: () => string;
}

const roseArt = (petal: string, centre: string) => () => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400">
  <rect width="400" height="400" fill="#fdf6f0"/>
  <path d="M200 390 C196 320 204 260 200 220" stroke="#3f7d4e" stroke-width="10" fill="none"/>
  <circle cx="200" cy="170" r="90" fill="${petal}"/>
  <circle cx="200" cy="170" r="40" fill="${centre}"/>
</svg>`;

/** The demo catalogue seeded into an empty database (original artwork, drawn in code). */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Red Rose',
    type: 'flower',
    price: 45,
    stock: 120,
    description: 'A classic long-stemmed red rose grown in our Hosur greenhouses. Cut at first bloom for a long vase life. Perfect for anniversaries and declarations of love.',
    art: roseArt('#c81d3a', '#8e1029'),
  },
];
