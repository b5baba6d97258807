/** What the checkout shares with the cart: the order as the server prices it, and the offer code applied to it. */
export { useOrderQuote, type OrderQuote } from './hooks/use-order-quote';
export { OfferCodeField } from './components/offer-code-field';
export { QuotedTotal } from './components/quoted-total';
export { CartChangesNotice } from './components/cart-changes';
