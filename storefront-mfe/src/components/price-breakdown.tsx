import { Trans } from '@lingui/react/macro';
import type { OrderDiscount } from '@thalir/contracts';
import { formatMoney } from '@thalir/ui';
import './price-breakdown.css';

interface PriceBreakdownProps {
  /** Items before discounts; absent when only the total is known (an order placed before offers existed). */
  itemsAmount?: number;
  discounts?: OrderDiscount[];
  deliveryFee?: number;
  total: number;
  totalTestId: string;
}

/** Items, each offer taken off, delivery and the total, as the server priced them: nothing is worked out here. */
export function PriceBreakdown({ itemsAmount, discounts = [], deliveryFee, total, totalTestId }: PriceBreakdownProps) {
  return (
    <dl className="price-breakdown">
      {itemsAmount !== undefined && (
        <div className="price-breakdown__row">
          <dt>
            <Trans>Items</Trans>
          </dt>
          <dd>{formatMoney(itemsAmount)}</dd>
        </div>
      )}
      {discounts.map((discount, index) => (
        <div key={`${discount.code ?? discount.name}-${index}`} className="price-breakdown__row price-breakdown__row--discount">
          <dt>{discount.code ?? discount.name}</dt>
          <dd>−{formatMoney(discount.amount)}</dd>
        </div>
      ))}
      {deliveryFee !== undefined && (
        <div className="price-breakdown__row">
          <dt>
            <Trans>Delivery</Trans>
          </dt>
          <dd>{deliveryFee > 0 ? formatMoney(deliveryFee) : <Trans>Free</Trans>}</dd>
        </div>
      )}
      <div className="price-breakdown__row price-breakdown__total">
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd>
          <strong data-testid={totalTestId}>{formatMoney(total)}</strong>
        </dd>
      </div>
    </dl>
  );
}
