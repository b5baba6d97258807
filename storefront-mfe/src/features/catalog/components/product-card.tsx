import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { Product } from '@thalir/contracts';
import { formatMoney, useLanguage } from '@thalir/ui';
import { GRID_CARD_SIZES, ProductImage } from '../../../components/product-image';
import { textLang } from '../../../lib/in-language';

const TYPE_LABELS: Record<Product['type'], MessageDescriptor> = { flower: msg`Flower`, green_leaf: msg`Green leaves` };

export function ProductCard({ product, priority = false }: { product: Product; priority?: boolean }) {
  const outOfStock = product.stock <= 0;
  const { i18n } = useLingui();
  const language = useLanguage();
  const type = TYPE_LABELS[product.type];
  return (
    <li className="card product-card">
      <Link to={`/product/${product._id}`} className="product-card__link">
        <div className="product-card__media">
          <ProductImage product={product} rendition="card" sizes={GRID_CARD_SIZES} priority={priority} />
          {outOfStock && (
            <span className="product-card__flag">
              <Trans>Out of Stock</Trans>
            </span>
          )}
        </div>
        <div className="product-card__body">
          <p className="product-card__type">{type ? i18n._(type) : product.type}</p>
          <h2 className="product-card__name" lang={textLang(product.languages?.name, language)}>
            {product.name}
          </h2>
          <p className="product-card__price">{formatMoney(product.price)}</p>
        </div>
      </Link>
    </li>
  );
}
