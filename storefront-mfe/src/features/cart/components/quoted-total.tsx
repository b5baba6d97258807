import { Trans } from '@lingui/react/macro';
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
        <Trans>Working out offers and delivery…</Trans>
      </p>
    );
  }
  if (status.state === 'failed') {
    return (
      <div className="quoted-total">
        <p className="quoted-total__items-only">
          <span>
            <Trans>Items only, before offers and delivery</Trans>
          </span>{' '}
          <strong>{formatMoney(itemsOnlyAmount)}</strong>
        </p>
        <p className="quoted-total__note">
          <Trans>We could not work out offers and delivery charges just now; the final total is confirmed when you place the order.</Trans>
        </p>
      </div>
    );
  }
  const { quote } = status;
  const shortBy = quote.freeDeliveryShortBy ? formatMoney(quote.freeDeliveryShortBy) : null;
  return (
    <div className="quoted-total">
      <PriceBreakdown
        itemsAmount={quote.itemsAmount}
        discounts={quote.discounts}
        deliveryFee={quote.deliveryFee}
        total={quote.total}
        totalTestId={totalTestId}
      />
      {shortBy ? (
        <p className="quoted-total__hint">
          <Trans>Add {shortBy} more for free delivery</Trans>
        </p>
      ) : null}
    </div>
  );
}
