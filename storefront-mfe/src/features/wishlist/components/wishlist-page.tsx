import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@thalir/api-client';
import { useAuth } from '@thalir/auth';
import { addToCart } from '@thalir/cart';
import type { Product } from '@thalir/contracts';
import { Button, formatMoney, Notice, Spinner } from '@thalir/ui';
import { GRID_CARD_SIZES, ProductImage } from '../../../components/product-image';
import { fetchWishlist, removeFromWishlist } from '../../../lib/wishlist-api';
import '../../../styles/storefront.css';
import './wishlist.css';

type Feedback = { tone: 'success' | 'error'; text: string; toCart?: boolean };

function SignedOut() {
  return (
    <section className="container page wishlist wishlist--empty">
      <title>Wishlist · Thalir Blooms</title>
      <h1>Your wishlist</h1>
      <p>Log in to keep the flowers you love in one place.</p>
      <Link to="/login" className="btn btn--primary btn--md">
        Log in
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

  useEffect(() => {
    const controller = new AbortController();
    setLoadError(null);
    fetchWishlist(controller.signal)
      .then(setProducts)
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setLoadError(errorMessage(error, 'Could not load your wishlist.'));
      });
    return () => controller.abort();
  }, [attempt]);

  const drop = (productId: string) => setProducts((current) => current?.filter((product) => product._id !== productId) ?? null);

  const remove = async (product: Product) => {
    setBusyId(product._id);
    try {
      await removeFromWishlist(product._id);
      drop(product._id);
      setFeedback({ tone: 'success', text: `${product.name} was removed from your wishlist.` });
    } catch (error) {
      setFeedback({ tone: 'error', text: errorMessage(error, `Could not remove ${product.name}. Try again.`) });
    } finally {
      setBusyId(null);
    }
  };

  /** Moves an entry to the cart; when the cart refuses (stock), the entry stays where it is. */
  const moveToCart = async (product: Product) => {
    const added = addToCart(product);
    if (!added.ok) {
      setFeedback({ tone: 'error', text: added.message });
      return;
    }
    setBusyId(product._id);
    try {
      await removeFromWishlist(product._id);
      drop(product._id);
      setFeedback({ tone: 'success', text: `${product.name} moved to your cart.`, toCart: true });
    } catch (error) {
      setFeedback({ tone: 'error', text: `${product.name} is in your cart, but it is still on your wishlist: ${errorMessage(error, 'please try again')}.` });
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
          Try again
        </Button>
      </>
    );
  } else if (!products) {
    content = <Spinner label="Loading your wishlist…" />;
  } else if (products.length === 0) {
    content = (
      <div className="wishlist--empty">
        <p>Your wishlist is empty</p>
        <Link to="/products" className="btn btn--primary btn--md">
          Browse the shop
        </Link>
      </div>
    );
  } else {
    content = (
      <ul className="wishlist-grid">
        {products.map((product, index) => (
          <li key={product._id} className="card wishlist-item">
            <Link to={`/product/${product._id}`} className="wishlist-item__link">
              <ProductImage product={product} rendition="card" sizes={GRID_CARD_SIZES} priority={index < 4} />
              <h2 className="wishlist-item__name">{product.name}</h2>
            </Link>
            <p className="wishlist-item__price">{formatMoney(product.price)}</p>
            <div className="wishlist-item__actions">
              <Button size="sm" onClick={() => moveToCart(product)} disabled={busyId === product._id}>
                Add to Cart<span className="visually-hidden">: {product.name}</span>
              </Button>
              <Button size="sm" variant="ghost" onClick={() => remove(product)} disabled={busyId === product._id}>
                Remove<span className="visually-hidden">: {product.name}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="container page wishlist">
      <title>Wishlist · Thalir Blooms</title>
      <h1>Your wishlist</h1>
      {feedback && (
        <Notice tone={feedback.tone}>
          {feedback.text}
          {feedback.toCart && (
            <>
              {' '}
              <Link to="/cart" className="text-link">
                View cart
              </Link>
            </>
          )}
        </Notice>
      )}
      {content}
    </section>
  );
}
