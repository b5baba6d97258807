import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, type Product } from '@thalir/contracts';

/** What the cart keeps of a product: enough to show the line and clamp its quantity. */
export type CartProduct = Pick<Product, '_id' | 'name' | 'price' | 'stock' | 'image'> & Partial<Pick<Product, 'imageCard' | 'type'>>;

export interface CartItem {
  product: CartProduct;
  quantity: number;
}

export const CART_CHANGE_EVENT = 'cart-change';
export const OUT_OF_STOCK = 'Product is out of stock.';
export const OVER_STOCK = 'Cannot add more than available stock.';

export type CartResult = { ok: true } | { ok: false; message: string };

let raw: string | null = null;
let items: CartItem[] = [];

function isCartItem(value: unknown): value is CartItem {
  const item = value as CartItem;
  return Boolean(item?.product && typeof item.product._id === 'string' && Number.isInteger(item.quantity) && item.quantity > 0);
}

/** Parses the stored cart once per change; a damaged value reads as an empty cart. */
function read(): CartItem[] {
  const current = localStorage.getItem(STORAGE_KEYS.cart);
  if (current === raw) return items;
  raw = current;
  try {
    const parsed: unknown = current ? JSON.parse(current) : [];
    items = Array.isArray(parsed) ? parsed.filter(isCartItem) : [];
  } catch {
    items = [];
  }
  return items;
}

function write(next: CartItem[]): void {
  localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(next));
  window.dispatchEvent(new Event(CART_CHANGE_EVENT));
}

export function getCart(): CartItem[] {
  return read();
}

export function cartCount(cart: CartItem[] = read()): number {
  return cart.reduce((sum, item) => sum + item.quantity, 0);
}

/** Total in rupees, summed in paise so floating point never shows. */
export function cartTotal(cart: CartItem[] = read()): number {
  return cart.reduce((sum, item) => sum + Math.round(item.product.price * 100) * item.quantity, 0) / 100;
}

function slim(product: CartProduct): CartProduct {
  const { _id, name, price, stock, image, imageCard, type } = product;
  return { _id, name, price, stock, image, imageCard, type };
}

/** Adds one more (or `quantity` more), refusing past the product's stock with the spec's texts. */
export function addToCart(product: CartProduct, quantity = 1): CartResult {
  if (product.stock <= 0) return { ok: false, message: OUT_OF_STOCK };
  const cart = read();
  const existing = cart.find((item) => item.product._id === product._id);
  const wanted = (existing?.quantity ?? 0) + quantity;
  if (wanted > product.stock) return { ok: false, message: OVER_STOCK };
  write(
    existing ? cart.map((item) => (item === existing ? { product: slim(product), quantity: wanted } : item)) : [...cart, { product: slim(product), quantity }],
  );
  return { ok: true };
}

/** Sets a line's quantity, clamped between 1 and the product's stock. */
export function setQuantity(productId: string, quantity: number): CartResult {
  const cart = read();
  const line = cart.find((item) => item.product._id === productId);
  if (!line) return { ok: true };
  if (line.product.stock <= 0) return { ok: false, message: OUT_OF_STOCK };
  const clamped = Math.min(Math.max(1, Math.floor(quantity)), line.product.stock);
  write(cart.map((item) => (item === line ? { ...item, quantity: clamped } : item)));
  return clamped < quantity ? { ok: false, message: OVER_STOCK } : { ok: true };
}

export function removeFromCart(productId: string): void {
  write(read().filter((item) => item.product._id !== productId));
}

export function clearCart(): void {
  write([]);
}

export interface CartRefresh {
  /** Names of lines whose price changed. */
  repriced: string[];
  /** Names of lines cut down to the stock left (or removed when none is left). */
  reduced: string[];
  /** Names of lines whose product no longer exists. */
  removed: string[];
}

/**
 * Replaces the cart's copies of products with the server's current ones (`current` holds every
 * product still in the catalogue among the cart's ids), so the customer sees the truth before paying.
 */
export function refreshCart(current: CartProduct[]): CartRefresh {
  const byId = new Map(current.map((product) => [product._id, product]));
  const result: CartRefresh = { repriced: [], reduced: [], removed: [] };
  const next: CartItem[] = [];
  for (const item of read()) {
    const fresh = byId.get(item.product._id);
    if (!fresh) {
      result.removed.push(item.product.name);
      continue;
    }
    if (fresh.price !== item.product.price) result.repriced.push(fresh.name);
    const quantity = Math.min(item.quantity, fresh.stock);
    if (quantity < item.quantity) result.reduced.push(fresh.name);
    if (quantity > 0) next.push({ product: slim(fresh), quantity });
  }
  if (JSON.stringify(next) !== JSON.stringify(read())) write(next);
  return result;
}

export function subscribeCart(onChange: () => void): () => void {
  window.addEventListener(CART_CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  // The spec recomputes the badge every second; this also catches writes that sent no event.
  const timer = window.setInterval(onChange, 1000);
  return () => {
    window.removeEventListener(CART_CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
    window.clearInterval(timer);
  };
}

export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribeCart, read, () => []);
}
