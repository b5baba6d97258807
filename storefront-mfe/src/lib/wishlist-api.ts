import { api } from '@thalir/api-client';
import type { Product, WishlistResponse } from '@thalir/contracts';
import type { Language } from '@thalir/pages';
import { inLanguage } from './in-language';

/** The spec lets the list arrive bare or inside `items`, with entries either products or `{product}`. */
export type WishlistBody = WishlistResponse | Array<Product | { product: Product }> | undefined;

export function wishlistProducts(body: WishlistBody): Product[] {
  const entries: Array<Product | { product: Product }> = Array.isArray(body) ? body : (body?.items ?? []);
  return entries.map((entry) => ('product' in entry && entry.product ? entry.product : (entry as Product))).filter((product) => Boolean(product?._id));
}

/** The customer's wishlist, its products' texts in `language`. */
export async function fetchWishlist(language: Language, signal?: AbortSignal): Promise<Product[]> {
  return wishlistProducts(await api.get<WishlistBody>(inLanguage('/api/wishlist', language), signal));
}

export async function addToWishlist(productId: string): Promise<void> {
  await api.post<WishlistBody>('/api/wishlist', { productId });
}

export async function removeFromWishlist(productId: string): Promise<void> {
  await api.delete<WishlistBody>(`/api/wishlist/${encodeURIComponent(productId)}`);
}
