import { cartTotal, type CartItem } from '@thalir/cart';
import { formatMoney } from '@thalir/ui';

export function OrderSummary({ items }: { items: CartItem[] }) {
  return (
    <aside className="card checkout-summary" aria-labelledby="checkout-summary-heading">
      <h2 id="checkout-summary-heading" className="checkout-summary__heading">
        Order summary
      </h2>
      <ul className="checkout-summary__lines">
        {items.map(({ product, quantity }) => (
          <li key={product._id} className="checkout-summary__line">
            <span className="checkout-summary__name">
              {product.name} <span className="checkout-summary__quantity">× {quantity}</span>
            </span>
            <span className="checkout-summary__amount">{formatMoney(cartTotal([{ product, quantity }]))}</span>
          </li>
        ))}
      </ul>
      <p className="checkout-summary__total">
        <span>Total</span> <strong data-testid="checkout-total">{formatMoney(cartTotal(items))}</strong>
      </p>
    </aside>
  );
}
