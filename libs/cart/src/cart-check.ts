import { useCallback, useEffect, useState } from 'react';
import { api, ApiRequestError } from '@thalir/api-client';
import type { ProductResponse } from '@thalir/contracts';
import { getCart, refreshCart, type CartProduct } from './cart-store';

export const CART_CHANGED_NOTICE = 'Prices or stock changed since you added these items:';

/** One cart line the check changed, with what happened to it ("price changed", "only 2 left"). */
export interface CartChange {
  name: string;
  notes: string[];
}

export interface CartCheckResult {
  changes: CartChange[];
  /** Lines whose product could not be fetched (network trouble); they were left as they were. */
  unchecked: number;
}

type Lookup = { id: string; product: CartProduct } | { id: string; deleted: true } | { id: string; unchecked: true };

async function lookUp(id: string, language: string, signal?: AbortSignal): Promise<Lookup> {
  try {
    const response = await api.get<ProductResponse>(`/api/products/${encodeURIComponent(id)}${language === 'en' ? '' : `?lang=${language}`}`, signal);
    return { id, product: response.data };
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return error instanceof ApiRequestError && error.status === 404 ? { id, deleted: true } : { id, unchecked: true };
  }
}

/**
 * Fetches the current product of every cart line (in parallel; a 404 means the product was
 * deleted) and rewrites the cart with the current prices and stock, and the names in `language`
 * (the page's: 'en' or 'ta').
 */
export async function checkCart(signal?: AbortSignal, language = 'en'): Promise<CartCheckResult> {
  const before = getCart();
  const ids = before.map((item) => item.product._id);
  if (ids.length === 0) return { changes: [], unchecked: 0 };
  const lookups = await Promise.all(ids.map((id) => lookUp(id, language, signal)));

  const checkedIds = new Set(lookups.filter((lookup) => !('unchecked' in lookup)).map((lookup) => lookup.id));
  const fresh = lookups.flatMap((lookup) => ('product' in lookup ? [lookup.product] : []));
  // Lines that could not be checked, or that arrived while we were asking, stay as they are.
  const untouched = getCart()
    .filter((item) => !checkedIds.has(item.product._id))
    .map((item) => item.product);
  const refresh = refreshCart([...fresh, ...untouched]);

  const after = getCart();
  const notes = new Map<string, string[]>();
  const note = (name: string, text: string) => notes.set(name, [...(notes.get(name) ?? []), text]);
  refresh.removed.forEach((name) => note(name, 'no longer sold'));
  refresh.repriced.forEach((name) => note(name, 'price changed'));
  refresh.reduced.forEach((name) => {
    const line = after.find((item) => item.product.name === name);
    note(name, line ? `only ${line.product.stock} left` : 'sold out');
  });
  // Listed in the cart's order, whatever kind of change each line had.
  const position = new Map<string, number>();
  before.forEach((item, index) => position.set(item.product.name, index));
  fresh.forEach((product) => position.set(product.name, ids.indexOf(product._id)));
  return {
    changes: [...notes].map(([name, itemNotes]) => ({ name, notes: itemNotes })).sort((a, b) => (position.get(a.name) ?? 0) - (position.get(b.name) ?? 0)),
    unchecked: lookups.filter((lookup) => 'unchecked' in lookup).length,
  };
}

/** "Prices or stock changed since you added these items: Red Rose (price changed, only 2 left); Fern (no longer sold)." */
export function describeCartChanges(changes: CartChange[]): string {
  return `${CART_CHANGED_NOTICE} ${changes.map((change) => `${change.name} (${change.notes.join(', ')})`).join('; ')}.`;
}

export interface CartCheckState extends CartCheckResult {
  checking: boolean;
  /** Checks again, e.g. after the server refused an order for lack of stock. */
  recheck: () => void;
}

/** Checks the cart against the catalogue when the screen opens (and on `recheck`), its names in `language`. */
export function useCartCheck(language = 'en'): CartCheckState {
  const [round, setRound] = useState(0);
  const [state, setState] = useState<CartCheckResult & { checking: boolean }>(() => ({ changes: [], unchecked: 0, checking: getCart().length > 0 }));

  useEffect(() => {
    if (getCart().length === 0) {
      setState({ changes: [], unchecked: 0, checking: false });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, checking: true }));
    checkCart(controller.signal, language).then(
      (result) => setState({ ...result, checking: false }),
      (error: Error) => {
        if (error.name !== 'AbortError') setState({ changes: [], unchecked: getCart().length, checking: false });
      },
    );
    return () => controller.abort();
  }, [round, language]);

  const recheck = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, recheck };
}
