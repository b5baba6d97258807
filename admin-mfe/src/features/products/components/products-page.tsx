import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { errorMessage } from '@thalir/api-client';
import type { Product } from '@thalir/contracts';
import { Button, formatMoney, Notice, Spinner } from '@thalir/ui';
import { pageCount, Pagination } from '../../../components/pagination';
import { useFetch } from '../../../hooks/use-fetch';
import { useListParams, useSearchBox } from '../../../hooks/use-list-params';
import { deleteProduct, fetchProductPage, PRODUCTS_PAGE_SIZE } from '../api/products';
import { ProductForm, type ProductFormMode } from './product-form';
import { PRODUCT_TYPE_LABELS } from '../../../lib/product-types';
import './products-page.css';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this product?';
const DELETE_FAILED = 'Failed to delete product. Please try again.';

type Message = { tone: 'success' | 'error'; text: string };

export default function ProductsPage() {
  const {
    page,
    filters: { q },
    update,
  } = useListParams(['q'] as const);
  const [searchText, setSearchText] = useSearchBox(q, (search) => update({ q: search }));
  const [formMode, setFormMode] = useState<ProductFormMode | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  // A plain button rather than <Button>: the form hands focus back to it when it closes.
  const addButtonRef = useRef<HTMLButtonElement>(null);

  const { data, error, loading, reload } = useFetch((signal) => fetchProductPage({ page, q }, signal), [page, q]);

  // Deleting the last product of the last page would leave an empty page: step back to the new last one.
  const showPage = useEffectEvent((wanted: number) => update({ page: wanted }));
  useEffect(() => {
    if (data && data.products.length === 0 && page > 1) showPage(pageCount(data.total, PRODUCTS_PAGE_SIZE));
  }, [data, page]);

  const closeForm = () => {
    setFormMode(null);
    addButtonRef.current?.focus();
  };

  const saved = (text: string, tone: 'success' | 'error' = 'success') => {
    setMessage({ tone, text });
    closeForm();
    reload();
  };

  const remove = async (product: Product) => {
    if (!window.confirm(DELETE_CONFIRMATION)) return;
    setDeletingId(product._id);
    setMessage(null);
    try {
      const answer = await deleteProduct(product._id);
      setMessage({ tone: 'success', text: answer.message ?? `${product.name} was deleted.` });
      if (formMode?.kind === 'edit' && formMode.product._id === product._id) setFormMode(null);
      reload();
    } catch (failure) {
      setMessage({ tone: 'error', text: errorMessage(failure, DELETE_FAILED) });
    } finally {
      setDeletingId(null);
    }
  };

  const products = data?.products ?? [];

  return (
    <section className="container page" aria-labelledby="products-title">
      <div className="admin-page__header">
        <h1 id="products-title">Products</h1>
        <button type="button" ref={addButtonRef} className="btn btn--primary btn--md" onClick={() => setFormMode({ kind: 'add' })}>
          Add product
        </button>
      </div>

      {formMode && <ProductForm key={formMode.kind === 'edit' ? formMode.product._id : 'new'} mode={formMode} onSaved={saved} onClose={closeForm} />}

      {message && <Notice tone={message.tone}>{message.text}</Notice>}

      <div className="admin-toolbar" role="search">
        <div className="field">
          <label htmlFor="product-search">Search products</label>
          <input
            id="product-search"
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="Name or description"
          />
        </div>
        {loading && data && <span className="admin-muted">Updating…</span>}
      </div>

      {error !== undefined && <Notice tone="error">Failed to load products</Notice>}
      {loading && !data && <Spinner label="Loading products…" />}

      {data && products.length === 0 && <p className="admin-empty">{q ? `No products match “${q}”.` : 'No products yet. Add the first one.'}</p>}

      {products.length > 0 && (
        <div className="table-wrap card">
          <table className="table products-table">
            <caption className="visually-hidden">Products, page {page}</caption>
            <thead>
              <tr>
                <th scope="col">Image</th>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col" className="num">
                  Price
                </th>
                <th scope="col" className="num">
                  Stock
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
                <tr key={product._id}>
                  <td>
                    {/* The name sits in the next cell, so the thumbnail adds nothing for screen readers. */}
                    <img
                      className="products-table__thumb"
                      src={product.imageCard ?? product.image}
                      alt=""
                      width={56}
                      height={56}
                      loading="lazy"
                      decoding="async"
                    />
                  </td>
                  <th scope="row" className="products-table__name">
                    {product.name}
                  </th>
                  <td>{PRODUCT_TYPE_LABELS[product.type] ?? product.type}</td>
                  <td className="num">{formatMoney(product.price)}</td>
                  <td className="num">{product.stock === 0 ? <span className="badge badge--red">Out of stock</span> : product.stock}</td>
                  <td>
                    <div className="products-table__actions">
                      <Button variant="secondary" size="sm" onClick={() => setFormMode({ kind: 'edit', product })} aria-label={`Edit ${product.name}`}>
                        Edit
                      </Button>
                      <Button
                        variant="danger"
                        size="sm"
                        onClick={() => remove(product)}
                        disabled={deletingId === product._id}
                        aria-label={`Delete ${product.name}`}
                      >
                        {deletingId === product._id ? 'Deleting…' : 'Delete'}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {data && data.total > 0 && (
        <Pagination page={page} pageSize={PRODUCTS_PAGE_SIZE} total={data.total} onPageChange={(next) => update({ page: next })} label="Product pages" />
      )}
    </section>
  );
}
