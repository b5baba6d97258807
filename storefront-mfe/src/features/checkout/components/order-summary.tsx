import { Trans } from '@lingui/react/macro';
import { cartTotal, type CartItem } from '@thalir/cart';
import { formatMoney } from '@thalir/ui';
import { OfferCodeField, QuotedTotal, type OrderQuote } from '../../cart';

interface OrderSummaryProps {
  items: CartItem[];
  quote: OrderQuote;
}

/**
 * One line per item: as the server priced it once it has, as the cart has it until then. Names are
 * the cart's, in the page's language (the quote names products in English).
 */
function summaryLines(items: CartItem[], quote: OrderQuote) {
  if (quote.status.state === 'loaded') {
    const names = new Map(items.map((item) => [item.product._id, item.product.name]));
    return quote.status.quote.items.map(({ product, name, quantity, price }) => ({ product, name: names.get(product) ?? name, quantity, price }));
  }
  return items.map(({ product, quantity }) => ({ product: product._id, name: product.name, quantity, price: product.price }));
}

export function OrderSummary({ items, quote }: OrderSummaryProps) {
  return (
    <aside className="card checkout-summary" aria-labelledby="checkout-summary-heading">
      <h2 id="checkout-summary-heading" className="checkout-summary__heading">
        <Trans>Order summary</Trans>
      </h2>
      <ul className="checkout-summary__lines">
        {summaryLines(items, quote).map(({ product, name, quantity, price }) => (
          <li key={product} className="checkout-summary__line">
            <span className="checkout-summary__name">
              {name} <span className="checkout-summary__quantity">× {quantity}</span>
            </span>
            {/* Multiplied in paise, so floating point never shows. */}
            <span className="checkout-summary__amount">{formatMoney((Math.round(price * 100) * quantity) / 100)}</span>
          </li>
        ))}
      </ul>
      <OfferCodeField {...quote} />
      <QuotedTotal status={quote.status} itemsOnlyAmount={cartTotal(items)} totalTestId="checkout-total" />
    </aside>
  );
}
