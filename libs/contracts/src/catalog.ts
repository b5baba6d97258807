/** The catalogue: products, their types and prices, the product list's query, the wishlist. */

export const PRODUCT_TYPES = ['flower', 'green_leaf'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const PRODUCT_SORTS = ['price', '-price', 'name', '-createdAt'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface Product {
  _id: string;
  name: string;
  price: number;
  stock: number;
  type: ProductType;
  description: string;
  /** URL of the detail-size image. */
  image: string;
  /** URL of the card-size image (an addition to the contract, for srcset). */
  imageCard?: string;
  createdAt: string;
  updatedAt: string;
  /** HSN code for GST invoices (an addition): 0603 cut flowers, 0604 foliage. */
  hsnCode?: string;
  /** GST rate in percent, tax included in the price (an addition): 0 for fresh flowers today. */
  gstRate?: number;
  /**
   * Only when the catalogue was asked in another language than English (`lang=ta`, or an
   * Accept-Language that prefers Tamil): the language each text is in, English where the
   * translation is missing (the page marks those `lang="en"`).
   */
  languages?: { name: CatalogueLanguage; description: CatalogueLanguage };
}

/** The languages the catalogue answers in: English, the shop's own, and Tamil beside it. */
export const CATALOGUE_LANGUAGES = ['en', 'ta'] as const;
export type CatalogueLanguage = (typeof CATALOGUE_LANGUAGES)[number];

/** PUT /api/admin/products/{id}/translations/{lang} (and …/subscription-plans/{id}/…): a name and description in that language; an empty name removes them. */
export interface TranslationInput {
  name: string;
  description: string;
}

/** The GST rates a product may carry, percent. */
export const GST_RATES = [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40] as const;

export interface ProductListResponse {
  success: true;
  data: Product[];
  total?: number;
  page?: number;
  limit?: number;
}

export interface ProductListQuery {
  q?: string;
  lang?: CatalogueLanguage;
  type?: ProductType;
  sort?: ProductSort;
  page?: number;
  limit?: number;
}

export interface ProductResponse {
  success: true;
  data: Product;
}

export interface WishlistResponse {
  items: { product: Product }[];
}
