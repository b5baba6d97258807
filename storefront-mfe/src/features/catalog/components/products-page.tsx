import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useHref } from 'react-router-dom';
import { EARLY_TAP_MARK, type Product, type ProductListResponse, type ProductSort, type ProductType } from '@thalir/contracts';
import { Button, formatCount, Notice, useLanguage } from '@thalir/ui';
import { usePageData } from '../../../lib/page-data';
import { SubscriptionPlanLinks } from '../../subscription-plans';
import { catalogApiQuery, fetchProductPage, PAGE_SIZE, productListPath } from '../api/products';
import { useCatalogQuery } from '../hooks/use-catalog-query';
import { ProductCard } from './product-card';
import '../../../styles/storefront.css';
import './catalog.css';

const TYPE_OPTIONS: { value: ProductType | ''; label: MessageDescriptor }[] = [
  { value: '', label: msg`All` },
  { value: 'flower', label: msg`Flowers` },
  { value: 'green_leaf', label: msg`Green leaves` },
];

const SORT_OPTIONS: { value: ProductSort; label: MessageDescriptor }[] = [
  { value: '-createdAt', label: msg`Newest` },
  { value: 'price', label: msg`Price low-high` },
  { value: '-price', label: msg`Price high-low` },
  { value: 'name', label: msg`Name` },
];

/** The cards in the first row of the widest grid load at once; the rest wait until scrolled near. */
const EAGER_CARDS = 4;

interface LoadedPage {
  /** The API query these products answer, so a stale page is never shown as the current one. */
  key: string;
  products: Product[];
  total: number;
}

export default function ProductsPage() {
  const [query, updateQuery] = useCatalogQuery();
  const apiQuery = useMemo(() => catalogApiQuery(query), [query]);
  const language = useLanguage();
  const key = productListPath(apiQuery, language);

  // A server-rendered page carries the answer it was rendered from: the first render shows it as is.
  const rendered = usePageData<ProductListResponse>(key);
  const [loaded, setLoaded] = useState<LoadedPage | null>(() =>
    rendered ? { key, products: rendered.data, total: rendered.total ?? rendered.data.length } : null,
  );
  const renderedKey = useRef(rendered ? key : null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const typeRef = useRef<HTMLSelectElement>(null);
  const sortRef = useRef<HTMLSelectElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const { i18n, t } = useLingui();
  // The form's address without JavaScript: this page, in the page's language.
  const formAction = useHref('/products');

  // The form shows the URL's search, type and sort, but between changes of the URL its fields are the
  // browser's (uncontrolled): React re-applying a controlled value on some re-render would undo a pick
  // whose change event is still on its way, which is likeliest while the app takes a server-drawn
  // page over, and would drop what was typed into the box before then.
  const shown = useRef({ q: query.q, type: query.type, sort: query.sort });
  useEffect(() => {
    const was = shown.current;
    shown.current = { q: query.q, type: query.type, sort: query.sort };
    if (searchRef.current && was.q !== query.q) searchRef.current.value = query.q;
    if (typeRef.current && was.type !== query.type) typeRef.current.value = query.type;
    if (sortRef.current && was.sort !== query.sort) sortRef.current.value = query.sort;
  }, [query.q, query.type, query.sort]);

  useEffect(() => {
    if (renderedKey.current === key) {
      renderedKey.current = null;
      return;
    }
    const controller = new AbortController();
    setFailedKey(null);
    fetchProductPage(apiQuery, language, controller.signal)
      .then((response) => setLoaded({ key, products: response.data, total: response.total ?? response.data.length }))
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setFailedKey(key);
      });
    return () => controller.abort();
  }, [apiQuery, language, key, attempt]);

  const failed = failedKey === key;
  const loading = !failed && loaded?.key !== key;
  const totalPages = loaded ? Math.max(1, Math.ceil(loaded.total / PAGE_SIZE)) : 1;

  // Read from the form itself: what was typed into the server-rendered box before the page's code
  // arrived counts too (the box only follows the URL after that).
  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    updateQuery({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim() });
  };

  const goToPage = (page: number) => {
    updateQuery({ page });
    headingRef.current?.focus();
  };

  let content;
  if (failed) {
    content = (
      <div className="catalog__message">
        <Notice tone="error">
          <Trans>Failed to load products</Trans>
        </Notice>
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  } else if (!loaded) {
    content = (
      <p role="status" className="catalog__message">
        <Trans>Loading products...</Trans>
      </p>
    );
  } else if (loaded.products.length === 0 && query.page > 1 && loaded.total > 0) {
    content = (
      <div className="catalog__message catalog__empty">
        <p>{t`This page is past the end of the list: it has ${plural(totalPages, { one: `${totalPages} page`, other: `${totalPages} pages` })}.`}</p>
        <Button variant="secondary" onClick={() => goToPage(1)}>
          <Trans>Go to the first page</Trans>
        </Button>
      </div>
    );
  } else if (loaded.products.length === 0) {
    content = (
      <div className="catalog__message catalog__empty">
        <p>
          <Trans>No products match your search.</Trans>
        </p>
        {(query.q || query.type || query.page > 1) && (
          <Button variant="secondary" onClick={() => updateQuery({ q: '', type: '' })}>
            <Trans>Show all products</Trans>
          </Button>
        )}
      </div>
    );
  } else {
    content = (
      <>
        {loading && (
          <p role="status" className="visually-hidden">
            <Trans>Loading products...</Trans>
          </p>
        )}
        <ul className={`product-grid${loading ? ' product-grid--stale' : ''}`} aria-busy={loading}>
          {loaded.products.map((product, index) => (
            <ProductCard key={product._id} product={product} priority={index < EAGER_CARDS} />
          ))}
        </ul>
      </>
    );
  }

  const firstShown = (query.page - 1) * PAGE_SIZE + 1;
  const lastShown = loaded ? firstShown + loaded.products.length - 1 : 0;
  const currentPage = query.page;

  // The page's title says what the list holds, as its head does for link previews and search engines.
  const typeOption = query.type ? TYPE_OPTIONS.find((option) => option.value === query.type) : undefined;
  const title = [
    ...[query.q ? `“${query.q}”` : '', typeOption ? i18n._(typeOption.label) : '', currentPage > 1 ? t`Page ${currentPage}` : ''].filter(Boolean),
    t`Shop`,
    'Thalir Blooms',
  ].join(' · ');

  let count = '';
  if (loaded && loaded.products.length > 0 && !failed) {
    const total = loaded.total;
    const shownTotal = formatCount(total);
    const search = query.q;
    count = search
      ? t`Showing ${firstShown}–${lastShown} of ${plural(total, { one: `${shownTotal} product`, other: `${shownTotal} products` })} for “${search}”`
      : t`Showing ${firstShown}–${lastShown} of ${plural(total, { one: `${shownTotal} product`, other: `${shownTotal} products` })}`;
  }

  return (
    <section className="container page catalog">
      <title>{title}</title>
      <header className="catalog__header">
        <p className="eyebrow">
          <Trans>The Hosur greenhouse shop</Trans>
        </p>
        <h1 ref={headingRef} tabIndex={-1}>
          <Trans>Shop fresh flowers and greens</Trans>
        </h1>
        <p className="catalog__intro">
          <Trans>Cut this morning, packed by hand, priced per stem or bunch.</Trans>
        </p>
      </header>

      {/*
        Named as the URL names them: without JavaScript the form is a plain GET of this page, the type
        and sort picked included. With it, a pick applies at once; a search, or a pick made before the
        app took the page over, is kept by the page's early-tap capture and replayed then.
      */}
      <form role="search" className="catalog-toolbar" method="get" action={formAction} onSubmit={submitSearch} {...EARLY_TAP_MARK}>
        <div className="catalog-toolbar__search">
          <label htmlFor={`${ids}-q`}>
            <Trans>Search products</Trans>
          </label>
          <div className="catalog-toolbar__search-row">
            <input ref={searchRef} id={`${ids}-q`} type="search" name="q" defaultValue={query.q} placeholder={t`Roses, eucalyptus…`} />
            <Button type="submit">
              <Trans>Search</Trans>
            </Button>
          </div>
        </div>
        <div className="field catalog-toolbar__select">
          <label htmlFor={`${ids}-type`}>
            <Trans>Type</Trans>
          </label>
          <select
            ref={typeRef}
            id={`${ids}-type`}
            name="type"
            defaultValue={query.type}
            onChange={(event) => updateQuery({ type: event.target.value as ProductType | '' })}
            {...EARLY_TAP_MARK}
          >
            {TYPE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {i18n._(option.label)}
              </option>
            ))}
          </select>
        </div>
        <div className="field catalog-toolbar__select">
          <label htmlFor={`${ids}-sort`}>
            <Trans>Sort by</Trans>
          </label>
          <select
            ref={sortRef}
            id={`${ids}-sort`}
            name="sort"
            defaultValue={query.sort}
            onChange={(event) => updateQuery({ sort: event.target.value as ProductSort })}
            {...EARLY_TAP_MARK}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {i18n._(option.label)}
              </option>
            ))}
          </select>
        </div>
      </form>

      {count && <p className="catalog__count">{count}</p>}

      {content}

      {loaded && !failed && loaded.total > PAGE_SIZE && (
        <nav className="pagination" aria-label={t`Pagination`}>
          <Button variant="secondary" disabled={loading || query.page <= 1} onClick={() => goToPage(query.page - 1)}>
            <Trans>
              <span aria-hidden="true">←</span> Prev
            </Trans>
          </Button>
          <span className="pagination__status">
            <Trans>
              Page {currentPage} of {totalPages}
            </Trans>
          </span>
          <Button variant="secondary" disabled={loading || query.page >= totalPages} onClick={() => goToPage(query.page + 1)}>
            <Trans>
              Next <span aria-hidden="true">→</span>
            </Trans>
          </Button>
        </nav>
      )}

      <SubscriptionPlanLinks />
    </section>
  );
}
