import { useEffect, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { Product, ProductListResponse } from '@thalir/contracts';
import { formatMoney, Notice, useLanguage } from '@thalir/ui';
import { ProductImage } from '../../../components/product-image';
import { textLang } from '../../../lib/in-language';
import { usePageData } from '../../../lib/page-data';
import { FEATURED_COUNT, featuredProducts, featuredProductsPath, fetchFeaturedProducts } from '../api/featured-products';

/** As .featured-grid draws them: 2 columns up to 1024 px, then 3 in a 1180 px container. */
const FEATURED_SIZES = '(min-width: 1200px) 370px, (min-width: 1024px) 31vw, 46vw';

export function FeaturedProducts() {
  // A server-rendered page carries the list it was rendered from.
  const language = useLanguage();
  const rendered = usePageData<ProductListResponse>(featuredProductsPath(language));
  const [products, setProducts] = useState<Product[] | null>(() => (rendered ? featuredProducts(rendered) : null));
  const [failed, setFailed] = useState(false);
  const fromPage = useRef(Boolean(rendered));

  useEffect(() => {
    if (fromPage.current) {
      fromPage.current = false;
      return;
    }
    const controller = new AbortController();
    fetchFeaturedProducts(language, controller.signal)
      .then(setProducts)
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setFailed(true);
      });
    return () => controller.abort();
  }, [language]);

  if (failed)
    return (
      <Notice tone="error">
        <Trans>Failed to load featured products</Trans>
      </Notice>
    );

  if (!products) {
    // Placeholders the size of the cards keep the sections below from jumping when the list arrives.
    return (
      <>
        <p role="status" className="visually-hidden">
          <Trans>Loading featured products…</Trans>
        </p>
        <ul className="featured-grid" aria-hidden="true">
          {Array.from({ length: FEATURED_COUNT }, (_, index) => (
            <li key={index} className="card featured-card featured-card--placeholder">
              <div className="featured-card__image" />
              <div className="featured-card__body">
                <span className="featured-card__line" />
                <span className="featured-card__line featured-card__line--short" />
              </div>
            </li>
          ))}
        </ul>
      </>
    );
  }

  if (products.length === 0)
    return (
      <p className="featured-empty">
        <Trans>New blooms are on their way to the shop. Please check back soon.</Trans>
      </p>
    );

  return (
    <ul className="featured-grid">
      {products.map((product) => (
        <li key={product._id} className="card featured-card">
          <Link to={`/product/${product._id}`} className="featured-card__link">
            <ProductImage product={product} rendition="card" sizes={FEATURED_SIZES} className="featured-card__image" />
            <div className="featured-card__body">
              <h3 className="featured-card__name" lang={textLang(product.languages?.name, language)}>
                {product.name}
              </h3>
              <p className="featured-card__price">{formatMoney(product.price)}</p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
