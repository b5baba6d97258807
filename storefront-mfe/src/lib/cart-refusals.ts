import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { OUT_OF_STOCK, OVER_STOCK } from '@thalir/cart';

/** The cart's own refusals (@thalir/cart writes them in English), in the page's language. */
const CART_REFUSALS: Record<string, MessageDescriptor> = {
  [OUT_OF_STOCK]: msg`Product is out of stock.`,
  [OVER_STOCK]: msg`Cannot add more than available stock.`,
};

/** Says a refusal of the cart (`addToCart`, `setQuantity`) in the page's language; any other text as it is. */
export function useCartRefusal(): (message: string) => string {
  const { i18n } = useLingui();
  return (message) => {
    const refusal = CART_REFUSALS[message];
    return refusal ? i18n._(refusal) : message;
  };
}
