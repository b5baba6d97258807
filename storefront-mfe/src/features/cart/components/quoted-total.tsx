import { formatMoney } from '@thalir/ui';
import { PriceBreakdown } from '../../../components/price-breakdown';
import type { QuoteStatus } from '../hooks/use-order-quote';
import './offers.css';

interface QuotedTotalProps {
  status: QuoteStatus;
  /** The items at the cart's prices: all that can be said when the server could not price the order. */
  itemsOnlyAmount: number;
  totalTestId: string;
}

/** The server's price of the order; never a total of our own making while it is being worked out or unknown. */
export function QuotedTotal({ status, itemsOnlyAmount, totalTestId }: QuotedTotalProps) {
  if (status.state === 'loading') {
    return (
      <p className="quoted-total__note" role="status">
        Working out offers and delivery…
      </p>
    );
  }
  if (status.state === 'failed') {
    return (
      <div className="quoted-total">
        <p className="quoted-total__items-only">
          <span>Items only, before offers and delivery</span> <strong>{formatMoney(itemsOnlyAmount)}</strong>
        </p>
        <p className="quoted-total__note">We could not work out offers and delivery charges just now; the final total is confirmed when you place the order.</p>
      </div>
    );
  }
  const { quote } = status;
  return (
    <div className="quoted-total">
      <PriceBreakdown
        itemsAmount={quote.itemsAmount}
        discounts={quote.discounts}
        deliveryFee={quote.deliveryFee}
        total={quote.total}
        totalTestId={totalTestId}
      />
      {quote.freeDeliveryShortBy ? <p className="quoted-total__hint">Add {formatMoney(quote.freeDeliveryShortBy)} more for free delivery</p> : null}
    </div>
  );
}
