import { useEffect, useRef, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router-dom';
import { ApiRequestError, errorMessage } from '@thalir/api-client';
import { useAuth } from '@thalir/auth';
import { addToCart } from '@thalir/cart';
import type { ApiError, Product, ProductResponse } from '@thalir/contracts';
import { Button, formatMoney, Notice, Spinner, Stars, useLanguage } from '@thalir/ui';
import { useCartRefusal } from '../../../lib/cart-refusals';
import { textLang } from '../../../lib/in-language';
import { usePageData } from '../../../lib/page-data';
import { addToWishlist, fetchWishlist } from '../../../lib/wishlist-api';
import { fetchProduct, productPath } from '../api/product';
import { descriptionPoints } from './description-points';
import { ProductZoom } from './product-zoom';
import '../../../styles/storefront.css';
import './product.css';

const LOGIN_TO_WISHLIST = msg`Please login to add to wishlist`;
const TYPE_LABELS: Record<Product['type'], MessageDescriptor> = { flower: msg`Flower`, green_leaf: msg`Green leaves` };

type Load = { state: 'loading' } | { state: 'ready'; product: Product } | { state: 'missing' } | { state: 'failed'; message: string };
type Feedback = { tone: 'success' | 'error'; text: string; link?: { to: string; label: MessageDescriptor } };

const VIEW_CART = { to: '/cart', label: msg`View cart` };

/** The state a server-rendered page's answer stands for: the product, or an unknown one (the API's 404). */
function renderedLoad(answer: ProductResponse | ApiError | undefined): Load | undefined {
  if (!answer) return undefined;
  return answer.success ? { state: 'ready', product: answer.data } : { state: 'missing' };
}
const LOG_IN = { to: '/login', label: msg`Log in` };

export default function ProductPage() {
  const { id = '' } = useParams();
  const { isSignedIn } = useAuth();
  // A server-rendered page carries the answer it was rendered from: the first render shows it as is.
  const language = useLanguage();
  const rendered = usePageData<ProductResponse | ApiError>(productPath(id, language));
  const [load, setLoad] = useState<Load>(() => renderedLoad(rendered) ?? { state: 'loading' });
  const renderedId = useRef(rendered ? id : null);
  const [attempt, setAttempt] = useState(0);
  const [wishlisted, setWishlisted] = useState(false);
  const [wishlistBusy, setWishlistBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const { i18n, t } = useLingui();
  const cartRefusal = useCartRefusal();

  useEffect(() => {
    if (renderedId.current === id) {
      renderedId.current = null;
      return;
    }
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    setFeedback(null);
    fetchProduct(id, language, controller.signal)
      .then((product) => setLoad({ state: 'ready', product }))
      .catch((error: Error) => {
        if (error.name === 'AbortError') return;
        // A malformed id is as unknown as a deleted one.
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) setLoad({ state: 'missing' });
        else setLoad({ state: 'failed', message: errorMessage(error, t`Could not load this product.`) });
      });
    return () => controller.abort();
  }, [id, language, attempt, t]);

  useEffect(() => {
    setWishlisted(false);
    if (!isSignedIn) return;
    const controller = new AbortController();
    fetchWishlist(language, controller.signal)
      // An add made while the list was on its way (a tap replayed as the page was taken over) stands.
      .then((products) => setWishlisted((added) => added || products.some((product) => product._id === id)))
      // Not knowing only leaves the button enabled; adding twice keeps one entry.
      .catch(() => undefined);
    return () => controller.abort();
  }, [id, language, isSignedIn]);

  if (load.state === 'loading') {
    return (
      <section className="container page">
        <Spinner label={t`Loading product…`} />
      </section>
    );
  }
  if (load.state === 'missing') {
    return (
      <section className="container page product-missing">
        <title>{t`Product not found · Thalir Blooms`}</title>
        <h1>
          <Trans>Product not found</Trans>
        </h1>
        <p>
          <Trans>This flower may have sold out for the season or moved to a new page.</Trans>
        </p>
        <Link to="/products" className="btn btn--primary btn--md">
          <Trans>Browse the shop</Trans>
        </Link>
      </section>
    );
  }
  if (load.state === 'failed') {
    return (
      <section className="container page">
        <Notice tone="error">{load.message}</Notice>
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          <Trans>Try again</Trans>
        </Button>
      </section>
    );
  }

  const { product } = load;
  const inStock = product.stock > 0;
  const name = product.name;
  const type = TYPE_LABELS[product.type];
  // The name and description as the API sent them: marked when still in English on a Tamil page.
  const nameLang = textLang(product.languages?.name, language);
  const descriptionLang = product.description?.trim() ? textLang(product.languages?.description, language) : undefined;

  const handleAddToCart = () => {
    const result = addToCart(product);
    setFeedback(result.ok ? { tone: 'success', text: t`${name} is in your cart.`, link: VIEW_CART } : { tone: 'error', text: cartRefusal(result.message) });
  };

  const handleAddToWishlist = async () => {
    if (!isSignedIn) {
      setFeedback({ tone: 'error', text: i18n._(LOGIN_TO_WISHLIST), link: LOG_IN });
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
          ? { tone: 'error', text: i18n._(LOGIN_TO_WISHLIST), link: LOG_IN }
          : { tone: 'error', text: errorMessage(error, t`Could not add to wishlist. Try again.`) },
      );
    } finally {
      setWishlistBusy(false);
    }
  };

  return (
    <article className="container page product">
      <title>{`${product.name} · Thalir Blooms`}</title>
      <nav aria-label={t`Breadcrumb`} className="breadcrumb">
        <ol>
          <li>
            <Link to="/products">
              <Trans>Shop</Trans>
            </Link>
          </li>
          <li aria-current="page" lang={nameLang}>
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="product__layout">
        <ProductZoom product={product} />

        <div className="product__info">
          <p className="eyebrow">{type ? i18n._(type) : product.type}</p>
          <h1 className="product__name" lang={nameLang}>
            {product.name}
          </h1>
          <p className="product__rating">
            <Stars value={4} label={t`4 out of 5 stars`} />
            <span>
              <Trans>12,345 ratings</Trans>
            </span>
          </p>

          <p className="product__price">{formatMoney(product.price)}</p>
          <p className="product__tax">
            <Trans>Inclusive of all taxes</Trans>
          </p>

          <ul className="product__facts">
            <li className={inStock ? 'product__stock product__stock--in' : 'product__stock product__stock--out'}>
              {inStock ? <Trans>In Stock</Trans> : <Trans>Out of Stock</Trans>}
            </li>
            <li className="product__delivery">
              <Trans>Get it by Tomorrow</Trans>
            </li>
          </ul>

          <div className="btn-row product__actions">
            {inStock && (
              <Button size="lg" onClick={handleAddToCart}>
                <Trans>Add to Cart</Trans>
              </Button>
            )}
            <Button size="lg" variant="secondary" onClick={handleAddToWishlist} disabled={wishlisted || wishlistBusy}>
              {wishlisted ? <Trans>Added to Wishlist</Trans> : wishlistBusy ? <Trans>Adding…</Trans> : <Trans>Add to Wishlist</Trans>}
            </Button>
          </div>

          {feedback && (
            <Notice tone={feedback.tone}>
              {feedback.text}
              {feedback.link && (
                <>
                  {' '}
                  <Link to={feedback.link.to} className="text-link">
                    {i18n._(feedback.link.label)}
                  </Link>
                </>
              )}
            </Notice>
          )}

          <section className="product__details" aria-labelledby="product-details-heading">
            <h2 id="product-details-heading">
              <Trans>About this item</Trans>
            </h2>
            <ul className="product__points" lang={descriptionLang}>
              {descriptionPoints(product.description, t`Freshly harvested and carefully packed by Thalir Blooms.`).map((point, index) => (
                <li key={index}>{point}</li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </article>
  );
}
