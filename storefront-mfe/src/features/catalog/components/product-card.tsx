import { Link } from 'react-router-dom';
import type { Product } from '@thalir/contracts';
import { formatMoney } from '@thalir/ui';

export function ProductCard({ product }: { product: Product }) {
  return (
    <li className="card product-card">
      <Link to={`/product/${product._id}`} className="product-card__link">
        <img src={product.imageCard ?? product.image} alt={product.name} width={480} height={480} loading="lazy" decoding="async" />
        <div className="product-card__body">
          <h2 className="product-card__name">{product.name}</h2>
          <p className="product-card__price">{formatMoney(product.price)}</p>
          {product.stock <= 0 && <p className="product-card__stock">Out of Stock</p>}
        </div>
      </Link>
    </li>
  );
}
