import { Link } from 'react-router-dom';
import type { Product } from '@thalir/contracts';

export function LowStockTable({ products }: { products: Product[] }) {
  return (
    <section className="card chart-card" aria-labelledby="low-stock-title">
      <h2 id="low-stock-title" className="chart-card__title">
        Low stock
      </h2>
      {products.length === 0 ? (
        <p className="chart-card__summary">Every product has stock to spare.</p>
      ) : (
        <>
          <p className="chart-card__summary">
            {products.length === 1 ? '1 product is' : `${products.length} products are`} running low. Restock before they sell out.
          </p>
          <div className="table-wrap">
            <table className="table low-stock-table">
              <caption className="visually-hidden">Products running low on stock, fewest first</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="num">
                    In stock
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {products.map((product) => (
                  <tr key={product._id}>
                    <th scope="row">{product.name}</th>
                    <td className="num">{product.stock === 0 ? <span className="badge badge--red">Out of stock</span> : product.stock}</td>
                    <td>
                      <Link to={`/admin/products?q=${encodeURIComponent(product.name)}`} aria-label={`Restock ${product.name}`}>
                        Restock
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Link to="/admin/products" className="low-stock__all">
        Go to products
      </Link>
    </section>
  );
}
