import { useEffect, useState } from 'react';
import type { Product } from '@thalir/contracts';
import { Notice } from '@thalir/ui';
import { fetchProducts } from '../api/products';
import { ProductCard } from './product-card';
import './catalog.css';

export default function ProductsPage() {
  const [products, setProducts] = useState<Product[]>([]);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchProducts(controller.signal)
      .then((response) => setProducts(response.data))
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setFailed(true);
      });
    return () => controller.abort();
  }, []);

  return (
    <section className="container page">
      <h1>Shop fresh flowers and greens</h1>
      {failed ? (
        <Notice tone="error">Failed to load products</Notice>
      ) : products.length === 0 ? (
        <p role="status">Loading products...</p>
      ) : (
        <ul className="product-grid">
          {products.map((product) => (
            <ProductCard key={product._id} product={product} />
          ))}
        </ul>
      )}
    </section>
  );
}
