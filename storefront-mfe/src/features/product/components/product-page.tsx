import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiRequestError, errorMessage } from '@thalir/api-client';
import { useAuth } from '@thalir/auth';
import { addToCart } from '@thalir/cart';
import type { ApiError, Product, ProductResponse } from '@thalir/contracts';
import { Button, formatMoney, Notice, Spinner, Stars } from '@thalir/ui';
import { usePageData } from '../../../lib/page-data';
import { addToWishlist, fetchWishlist } from '../../../lib/wishlist-api';
import { fetchProduct, productPath } from '../api/product';
import { descriptionPoints } from './description-points';
import { ProductZoom } from './product-zoom';
import '../../../styles/storefront.css';
import './product.css';

const LOGIN_TO_WISHLIST = 'Please login to add to wishlist';
const TYPE_LABELS: Record<Product['type'], string> = { flower: 'Flower', green_leaf: 'Green leaves' };

type Load = { state: 'loading' } | { state: 'ready'; product: Product } | { state: 'missing' } | { state: 'failed'; message: string };
type Feedback = { tone: 'success' | 'error'; text: string; link?: { to: string; label: string } };

const VIEW_CART = { to: '/cart', label: 'View cart' };

/** The state a server-rendered page's answer stands for: the product, or an unknown one (the API's 404). */
function renderedLoad(answer: ProductResponse | ApiError | undefined): Load | undefined {
  if (!answer) return undefined;
  return answer.success ? { state: 'ready', product: answer.data } : { state: 'missing' };
}
const LOG_IN = { to: '/login', label: 'Log in' };

export default function ProductPage() {
  const { id = '' } = useParams();
  const { isSignedIn } = useAuth();
  // A server-rendered page carries the answer it was rendered from: the first render shows it as is.
  const rendered = usePageData<ProductResponse | ApiError>(productPath(id));
  const [load, setLoad] = useState<Load>(() => renderedLoad(rendered) ?? { state: 'loading' });
  const renderedId = useRef(rendered ? id : null);
  const [attempt, setAttempt] = useState(0);
  const [wishlisted, setWishlisted] = useState(false);
  const [wishlistBusy, setWishlistBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  useEffect(() => {
    if (renderedId.current === id) {
      renderedId.current = null;
      return;
    }
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    setFeedback(null);
    fetchProduct(id, controller.signal)
      .then((product) => setLoad({ state: 'ready', product }))
      .catch((error: Error) => {
        if (error.name === 'AbortError') return;
        // A malformed id is as unknown as a deleted one.
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) setLoad({ state: 'missing' });
        else setLoad({ state: 'failed', message: errorMessage(error, 'Could not load this product.') });
      });
    return () => controller.abort();
  }, [id, attempt]);

  useEffect(() => {
    setWishlisted(false);
    if (!isSignedIn) return;
    const controller = new AbortController();
    fetchWishlist(controller.signal)
      // An add made while the list was on its way (a tap replayed as the page was taken over) stands.
      .then((products) => setWishlisted((added) => added || products.some((product) => product._id === id)))
      // Not knowing only leaves the button enabled; adding twice keeps one entry.
      .catch(() => undefined);
    return () => controller.abort();
  }, [id, isSignedIn]);

  if (load.state === 'loading') {
    return (
      <section className="container page">
        <Spinner label="Loading product…" />
      </section>
    );
  }
  if (load.state === 'missing') {
    return (
      <section className="container page product-missing">
        <title>Product not found · Thalir Blooms</title>
        <h1>Product not found</h1>
        <p>This flower may have sold out for the season or moved to a new page.</p>
        <Link to="/products" className="btn btn--primary btn--md">
          Browse the shop
        </Link>
      </section>
    );
  }
  if (load.state === 'failed') {
    return (
      <section className="container page">
        <Notice tone="error">{load.message}</Notice>
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </Button>
      </section>
    );
  }

  const { product } = load;
  const inStock = product.stock > 0;

  const handleAddToCart = () => {
    const result = addToCart(product);
    setFeedback(result.ok ? { tone: 'success', text: `${product.name} is in your cart.`, link: VIEW_CART } : { tone: 'error', text: result.message });
  };

  const handleAddToWishlist = async () => {
    if (!isSignedIn) {
      setFeedback({ tone: 'error', text: LOGIN_TO_WISHLIST, link: LOG_IN });
      return;
    }
    setWishlistBusy(true);
    try {
      await addToWishlist(product._id);
      setWishlisted(true);
      setFeedback(null);
    } catch (error) {
      const expired = error instanceof ApiRequestError && error.status === 401;
      setFeedback(
        expired
          ? { tone: 'error', text: LOGIN_TO_WISHLIST, link: LOG_IN }
          : { tone: 'error', text: errorMessage(error, 'Could not add to wishlist. Try again.') },
      );
    } finally {
      setWishlistBusy(false);
    }
  };

  return (
    <article className="container page product">
      <title>{`${product.name} · Thalir Blooms`}</title>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/products">Shop</Link>
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>

      <div className="product__layout">
        <ProductZoom product={product} />

        <div className="product__info">
          <p className="eyebrow">{TYPE_LABELS[product.type] ?? product.type}</p>
          <h1 className="product__name">{product.name}</h1>
          <p className="product__rating">
            <Stars value={4} />
            <span>12,345 ratings</span>
          </p>

          <p className="product__price">{formatMoney(product.price)}</p>
          <p className="product__tax">Inclusive of all taxes</p>

          <ul className="product__facts">
            <li className={inStock ? 'product__stock product__stock--in' : 'product__stock product__stock--out'}>{inStock ? 'In Stock' : 'Out of Stock'}</li>
            <li className="product__delivery">Get it by Tomorrow</li>
          </ul>

          <div className="btn-row product__actions">
            {inStock && (
              <Button size="lg" onClick={handleAddToCart}>
                Add to Cart
              </Button>
            )}
            <Button size="lg" variant="secondary" onClick={handleAddToWishlist} disabled={wishlisted || wishlistBusy}>
              {wishlisted ? 'Added to Wishlist' : wishlistBusy ? 'Adding…' : 'Add to Wishlist'}
            </Button>
          </div>

          {feedback && (
            <Notice tone={feedback.tone}>
              {feedback.text}
              {feedback.link && (
                <>
                  {' '}
                  <Link to={feedback.link.to} className="text-link">
                    {feedback.link.label}
                  </Link>
                </>
              )}
            </Notice>
          )}

          <section className="product__details" aria-labelledby="product-details-heading">
            <h2 id="product-details-heading">About this item</h2>
            <ul className="product__points">
              {descriptionPoints(product.description).map((point, index) => (
                <li key={index}>{point}</li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </article>
  );
}
