import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { CartItem } from '@thalir/cart';
import { Button, formatMoney } from '@thalir/ui';

export interface CartLineProps {
  item: CartItem;
  /** A refusal to show under the line, e.g. the spec's stock message. */
  message?: string;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

export function CartLine({ item, message, onQuantity, onRemove }: CartLineProps) {
  const { product, quantity } = item;
  const lineTotal = (Math.round(product.price * 100) * quantity) / 100;
  const messageId = `cart-line-message-${product._id}`;
  const { t } = useLingui();
  const name = product.name;
  return (
    <li className="card cart-line">
      <img className="cart-line__image" src={product.imageCard ?? product.image} alt={product.name} width={96} height={96} />
      <div className="cart-line__info">
        <Link to={`/product/${product._id}`} className="cart-line__name">
          {product.name}
        </Link>
        <p className="cart-line__price">
          {formatMoney(product.price)}{' '}
          <span className="cart-line__each">
            <Trans>each</Trans>
          </span>
        </p>
      </div>
      <div className="cart-line__quantity" role="group" aria-label={t`Quantity of ${name}`}>
        <Button
          variant="secondary"
          size="sm"
          className="cart-line__step"
          aria-label={t`Decrease quantity of ${name}`}
          onClick={() => onQuantity(quantity - 1)}
          disabled={quantity <= 1}
        >
          −
        </Button>
        <output className="cart-line__count" aria-live="polite" aria-describedby={message ? messageId : undefined}>
          {quantity}
        </output>
        <Button variant="secondary" size="sm" className="cart-line__step" aria-label={t`Increase quantity of ${name}`} onClick={() => onQuantity(quantity + 1)}>
          +
        </Button>
      </div>
      <p className="cart-line__total">
        <span className="visually-hidden">
          <Trans>Line total</Trans>{' '}
        </span>
        {formatMoney(lineTotal)}
      </p>
      <Button variant="ghost" size="sm" className="cart-line__remove" aria-label={t`Remove ${name}`} onClick={onRemove}>
        <Trans>Remove</Trans>
      </Button>
      {message && (
        <p id={messageId} className="cart-line__message" role="alert">
          {message}
        </p>
      )}
    </li>
  );
}
