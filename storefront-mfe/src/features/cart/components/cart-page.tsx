import { useState } from 'react';
import { Link } from 'react-router-dom';
import { cartCount, cartTotal, describeCartChanges, removeFromCart, setQuantity, useCart, useCartCheck } from '@thalir/cart';
import { Notice } from '@thalir/ui';
import { useOrderQuote } from '../hooks/use-order-quote';
import { CartLine } from './cart-line';
import { OfferCodeField } from './offer-code-field';
import { QuotedTotal } from './quoted-total';
import './cart.css';

export default function CartPage() {
  const cart = useCart();
  const check = useCartCheck();
  const [lineMessages, setLineMessages] = useState<Record<string, string>>({});
  const quote = useOrderQuote({ items: cart, ready: !check.checking });

  const changeQuantity = (productId: string, quantity: number) => {
    const result = setQuantity(productId, quantity);
    setLineMessages(({ [productId]: _previous, ...others }) => (result.ok ? others : { ...others, [productId]: result.message }));
  };

  const remove = (productId: string) => {
    removeFromCart(productId);
    setLineMessages(({ [productId]: _removed, ...others }) => others);
  };

  const count = cartCount(cart);
  return (
    <section className="container page cart-page" aria-labelledby="cart-heading">
      <title>Your cart · Thalir Blooms</title>
      <h1 id="cart-heading">Your Cart</h1>
      {check.changes.length > 0 && <Notice tone="info">{describeCartChanges(check.changes)}</Notice>}
      {check.unchecked > 0 && (
        <Notice tone="info">We could not check the current price and stock of every item; the final total is confirmed when you place the order.</Notice>
      )}
      {cart.length === 0 ? (
        <div className="cart-empty">
          <p>Your cart is empty.</p>
          <Link to="/products" className="btn btn--primary btn--md">
            Browse products
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <ul className="cart-lines" aria-label="Items in your cart">
            {cart.map((item) => (
              <CartLine
                key={item.product._id}
                item={item}
                message={lineMessages[item.product._id]}
                onQuantity={(quantity) => changeQuantity(item.product._id, quantity)}
                onRemove={() => remove(item.product._id)}
              />
            ))}
          </ul>
          <aside className="card cart-summary" aria-label="Cart summary">
            <p className="cart-summary__count">
              {count} {count === 1 ? 'item' : 'items'}
            </p>
            <OfferCodeField {...quote} />
            {check.checking ? (
              <p className="cart-summary__checking">Checking current prices and stock…</p>
            ) : (
              <QuotedTotal status={quote.status} itemsOnlyAmount={cartTotal(cart)} totalTestId="cart-total" />
            )}
            <p className="cart-summary__note">Delivery is priced for your PIN code at checkout.</p>
            <Link to="/checkout" className="btn btn--primary btn--lg cart-summary__checkout">
              Proceed to Checkout
            </Link>
          </aside>
        </div>
      )}
    </section>
  );
}
