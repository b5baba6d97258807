import { useId, useState } from 'react';
import { formatMoney, Notice, Spinner } from '@thalir/ui';
import { useFetch } from '../../../hooks/use-fetch';
import { fetchPickableProducts, PICKABLE_PRODUCTS } from '../api/offers';

export interface ProductPickerProps {
  chosen: string[];
  onChange: (productIds: string[]) => void;
}

/** Ticks the products an offer is limited to; none ticked means every product. */
export function ProductPicker({ chosen, onChange }: ProductPickerProps) {
  const { data, error, loading } = useFetch((signal) => fetchPickableProducts(signal), []);
  const [filter, setFilter] = useState('');
  const id = useId();
  const needle = filter.trim().toLowerCase();
  const shown = (data?.products ?? []).filter((product) => product.name.toLowerCase().includes(needle));
  // Products chosen earlier that the list does not show (beyond its first page) stay chosen.
  const unlisted = data ? chosen.filter((productId) => !data.products.some((product) => product._id === productId)).length : 0;

  const toggle = (productId: string, ticked: boolean) => onChange(ticked ? [...chosen, productId] : chosen.filter((candidate) => candidate !== productId));

  return (
    <fieldset className="offer-form__products">
      <legend>Products</legend>
      <p className="admin-muted">
        {chosen.length === 0 ? 'None ticked: every product counts.' : `${chosen.length} ticked: only these count and are discounted.`}
      </p>
      {error !== undefined && <Notice tone="error">Could not load the products</Notice>}
      {loading && !data && <Spinner label="Loading products…" />}
      {data && (
        <>
          <div className="field">
            <label htmlFor={`${id}-filter`}>Find a product</label>
            <input id={`${id}-filter`} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
          </div>
          {data.total > PICKABLE_PRODUCTS && <p className="admin-muted">The first {PICKABLE_PRODUCTS} products by name are listed.</p>}
          {unlisted > 0 && (
            <p className="admin-muted">{unlisted === 1 ? '1 ticked product is' : `${unlisted} ticked products are`} not listed here and stay ticked.</p>
          )}
          <ul className="offer-form__product-list">
            {shown.map((product) => (
              <li key={product._id}>
                <label>
                  <input type="checkbox" checked={chosen.includes(product._id)} onChange={(event) => toggle(product._id, event.target.checked)} />
                  <span>
                    {product.name} <span className="admin-muted">{formatMoney(product.price)}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {shown.length === 0 && <p className="admin-muted">{needle ? `No products match “${filter.trim()}”.` : 'No products yet.'}</p>}
        </>
      )}
    </fieldset>
  );
}
