import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import { useAuth } from '@thalir/auth';
import { addToCart } from '@thalir/cart';
import type { Product } from '@thalir/contracts';
import { Button, formatMoney, Notice, Spinner, useLanguage } from '@thalir/ui';
import { GRID_CARD_SIZES, ProductImage } from '../../../components/product-image';
import { useCartRefusal } from '../../../lib/cart-refusals';
import { textLang } from '../../../lib/in-language';
import { fetchWishlist, removeFromWishlist } from '../../../lib/wishlist-api';
import '../../../styles/storefront.css';
import './wishlist.css';

type Feedback = { tone: 'success' | 'error'; text: string; toCart?: boolean };

function SignedOut() {
  const { t } = useLingui();
  return (
    <section className="container page wishlist wishlist--empty">
      <title>{t`Wishlist · Thalir Blooms`}</title>
      <h1>
        <Trans>Your wishlist</Trans>
      </h1>
      <p>
        <Trans>Log in to keep the flowers you love in one place.</Trans>
      </p>
      <Link to="/login" className="btn btn--primary btn--md">
        <Trans>Log in</Trans>
      </Link>
    </section>
  );
}

export default function WishlistPage() {
  const { isSignedIn } = useAuth();
  return isSignedIn ? <Wishlist /> : <SignedOut />;
}

function Wishlist() {
  const [products, setProducts] = useState<Product[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const { t } = useLingui();
  const cartRefusal = useCartRefusal();
  const language = useLanguage();
  // An untranslated name comes in English, and says so.
  const nameLang = (product: Product) => textLang(product.languages?.name ?? 'en', language);

  useEffect(() => {
    const controller = new AbortController();
    setLoadError(null);
    fetchWishlist(language, controller.signal)
      .then(setProducts)
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setLoadError(errorMessage(error, t`Could not load your wishlist.`));
      });
    return () => controller.abort();
  }, [attempt, language, t]);

  const drop = (productId: string) => setProducts((current) => current?.filter((product) => product._id !== productId) ?? null);

  const remove = async (product: Product) => {
    const name = product.name;
    setBusyId(product._id);
    try {
      await removeFromWishlist(product._id);
      drop(product._id);
      setFeedback({ tone: 'success', text: t`${name} was removed from your wishlist.` });
    } catch (error) {
      setFeedback({ tone: 'error', text: errorMessage(error, t`Could not remove ${name}. Try again.`) });
    } finally {
      setBusyId(null);
    }
  };

  /** Moves an entry to the cart; when the cart refuses (stock), the entry stays where it is. */
  const moveToCart = async (product: Product) => {
    const name = product.name;
    const added = addToCart(product);
    if (!added.ok) {
      setFeedback({ tone: 'error', text: cartRefusal(added.message) });
      return;
    }
    setBusyId(product._id);
    try {
      await removeFromWishlist(product._id);
      drop(product._id);
      setFeedback({ tone: 'success', text: t`${name} moved to your cart.`, toCart: true });
    } catch (error) {
      const reason = errorMessage(error, t`please try again`);
      setFeedback({ tone: 'error', text: t`${name} is in your cart, but it is still on your wishlist: ${reason}.` });
    } finally {
      setBusyId(null);
    }
  };

  let content;
  if (loadError) {
    content = (
      <>
        <Notice tone="error">{loadError}</Notice>
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          <Trans>Try again</Trans>
        </Button>
      </>
    );
  } else if (!products) {
    content = <Spinner label={t`Loading your wishlist…`} />;
  } else if (products.length === 0) {
    content = (
      <div className="wishlist--empty">
        <p>
          <Trans>Your wishlist is empty</Trans>
        </p>
        <Link to="/products" className="btn btn--primary btn--md">
          <Trans>Browse the shop</Trans>
        </Link>
      </div>
    );
  } else {
    content = (
      <ul className="wishlist-grid">
        {products.map((product, index) => {
          const name = product.name;
          return (
            <li key={product._id} className="card wishlist-item">
              <Link to={`/product/${product._id}`} className="wishlist-item__link">
                <ProductImage product={product} rendition="card" sizes={GRID_CARD_SIZES} priority={index < 4} />
                <h2 className="wishlist-item__name" lang={nameLang(product)}>
                  {name}
                </h2>
              </Link>
              <p className="wishlist-item__price">{formatMoney(product.price)}</p>
              <div className="wishlist-item__actions">
                <Button size="sm" onClick={() => moveToCart(product)} disabled={busyId === product._id}>
                  <Trans>
                    Add to Cart<span className="visually-hidden">: {name}</span>
                  </Trans>
                </Button>
                <Button size="sm" variant="ghost" onClick={() => remove(product)} disabled={busyId === product._id}>
                  <Trans>
                    Remove<span className="visually-hidden">: {name}</span>
                  </Trans>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="container page wishlist">
      <title>{t`Wishlist · Thalir Blooms`}</title>
      <h1>
        <Trans>Your wishlist</Trans>
      </h1>
      {feedback && (
        <Notice tone={feedback.tone}>
          {feedback.text}
          {feedback.toCart && (
            <>
              {' '}
              <Link to="/cart" className="text-link">
                <Trans>View cart</Trans>
              </Link>
            </>
          )}
        </Notice>
      )}
      {content}
    </section>
  );
}
