import { Link } from 'react-router-dom';
import type { Product } from '@thalir/contracts';
import { formatMoney } from '@thalir/ui';
import { GRID_CARD_SIZES, ProductImage } from '../../../components/product-image';

const TYPE_LABELS: Record<Product['type'], string> = { flower: 'Flower', green_leaf: 'Green leaves' };

export function ProductCard({ product, priority = false }: { product: Product; priority?: boolean }) {
  const outOfStock = product.stock <= 0;
  return (
    <li className="card product-card">
      <Link to={`/product/${product._id}`} className="product-card__link">
        <div className="product-card__media">
          <ProductImage product={product} rendition="card" sizes={GRID_CARD_SIZES} priority={priority} />
          {outOfStock && <span className="product-card__flag">Out of Stock</span>}
        </div>
        <div className="product-card__body">
          <p className="product-card__type">{TYPE_LABELS[product.type] ?? product.type}</p>
          <h2 className="product-card__name">{product.name}</h2>
          <p className="product-card__price">{formatMoney(product.price)}</p>
        </div>
      </Link>
    </li>
  );
}
