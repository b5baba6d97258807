import { jsonAnswer, type Responder } from '@thalir/api-client/testing';
import type { Quote, QuoteRequest } from '@thalir/contracts';

interface PricedProduct {
  _id: string;
  name: string;
  price: number;
}

/** What a quote has beyond its items: offers taken off, the delivery fee, the word on a code, the free-delivery hint. */
export type QuoteExtras = Partial<Pick<Quote, 'discounts' | 'deliveryFee' | 'code' | 'freeDeliveryShortBy'>>;

const paise = (rupees: number) => Math.round(rupees * 100);

/** The quote the server would give for `request` at these products' prices, with the extras; its total adds up. */
export function quoteFor(request: QuoteRequest, products: PricedProduct[], extras: QuoteExtras = {}): Quote {
  const items = request.orderItems.map(({ product, quantity }) => {
    const { name, price } = products.find((candidate) => candidate._id === product) ?? { name: product, price: 0 };
    return { product, name, quantity, price, discount: 0, total: (paise(price) * quantity) / 100 };
  });
  const { discounts = [], deliveryFee = 0 } = extras;
  const itemsPaise = items.reduce((sum, item) => sum + paise(item.total), 0);
  const discountPaise = discounts.reduce((sum, discount) => sum + paise(discount.amount), 0);
  return { ...extras, items, itemsAmount: itemsPaise / 100, discounts, deliveryFee, total: (itemsPaise - discountPaise + paise(deliveryFee)) / 100 };
}

/** `POST /api/orders/quote` answered with `quoteFor`, the extras chosen per request (by its code, its PIN code…). */
export function quoteAnswer(products: PricedProduct[], extras: (request: QuoteRequest) => QuoteExtras = () => ({})): Responder {
  return ({ body }) => jsonAnswer(quoteFor(body as QuoteRequest, products, extras(body as QuoteRequest)));
}
