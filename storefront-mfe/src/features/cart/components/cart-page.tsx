import { useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { cartCount, cartTotal, removeFromCart, setQuantity, useCart, useCartCheck } from '@thalir/cart';
import { Notice, useLanguage } from '@thalir/ui';
import { useCartRefusal } from '../../../lib/cart-refusals';
import { useOrderQuote } from '../hooks/use-order-quote';
import { CartChangesNotice } from './cart-changes';
import { CartLine } from './cart-line';
import { OfferCodeField } from './offer-code-field';
import { QuotedTotal } from './quoted-total';
import './cart.css';

export default function CartPage() {
  const cart = useCart();
  const check = useCartCheck(useLanguage());
  const [lineMessages, setLineMessages] = useState<Record<string, string>>({});
  const quote = useOrderQuote({ items: cart, ready: !check.checking });
  const { t } = useLingui();
  const cartRefusal = useCartRefusal();

  const changeQuantity = (productId: string, quantity: number) => {
    const result = setQuantity(productId, quantity);
    setLineMessages(({ [productId]: _previous, ...others }) => (result.ok ? others : { ...others, [productId]: cartRefusal(result.message) }));
  };

  const remove = (productId: string) => {
    removeFromCart(productId);
    setLineMessages(({ [productId]: _removed, ...others }) => others);
  };

  const count = cartCount(cart);
  return (
    <section className="container page cart-page" aria-labelledby="cart-heading">
      <title>{t`Your cart · Thalir Blooms`}</title>
      <h1 id="cart-heading">
        <Trans>Your Cart</Trans>
      </h1>
      <CartChangesNotice changes={check.changes} />
      {check.unchecked > 0 && (
        <Notice tone="info">
          <Trans>We could not check the current price and stock of every item; the final total is confirmed when you place the order.</Trans>
        </Notice>
      )}
      {cart.length === 0 ? (
        <div className="cart-empty">
          <p>
            <Trans>Your cart is empty.</Trans>
          </p>
          <Link to="/products" className="btn btn--primary btn--md">
            <Trans>Browse products</Trans>
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <ul className="cart-lines" aria-label={t`Items in your cart`}>
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
          <aside className="card cart-summary" aria-label={t`Cart summary`}>
            <p className="cart-summary__count">
              <Plural value={count} one={`${count} item`} other={`${count} items`} />
            </p>
            <OfferCodeField {...quote} />
            {check.checking ? (
              <p className="cart-summary__checking">
                <Trans>Checking current prices and stock…</Trans>
              </p>
            ) : (
              <QuotedTotal status={quote.status} itemsOnlyAmount={cartTotal(cart)} totalTestId="cart-total" />
            )}
            <p className="cart-summary__note">
              <Trans>Delivery is priced for your PIN code at checkout.</Trans>
            </p>
            <Link to="/checkout" className="btn btn--primary btn--lg cart-summary__checkout">
              <Trans>Proceed to Checkout</Trans>
            </Link>
          </aside>
        </div>
      )}
    </section>
  );
}
