import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PRODUCT_SORTS, PRODUCT_TYPES, type ProductSort, type ProductType } from '@thalir/contracts';

export const DEFAULT_SORT: ProductSort = '-createdAt';

export interface CatalogQuery {
  q: string;
  type: ProductType | '';
  sort: ProductSort;
  page: number;
}

function isOneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

/** Reads the catalogue's state from the URL; unknown or damaged values fall back to the defaults. */
export function readCatalogQuery(params: URLSearchParams): CatalogQuery {
  const type = params.get('type');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim(),
    type: isOneOf(PRODUCT_TYPES, type) ? type : '',
    sort: isOneOf(PRODUCT_SORTS, sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL form of a query: defaults are left out so links stay short. */
export function catalogSearchParams(query: CatalogQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.type) params.set('type', query.type);
  if (query.sort !== DEFAULT_SORT) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/**
 * The catalogue's search, filter, sort and page, kept in the URL so back/forward and shared links
 * show the same products. Changing anything but the page starts again at page 1.
 */
export function useCatalogQuery(): [CatalogQuery, (change: Partial<CatalogQuery>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const serialised = searchParams.toString();
  const query = useMemo(() => readCatalogQuery(new URLSearchParams(serialised)), [serialised]);
  // The query as last asked for. The router shows a change only once React has rendered it (a
  // transition), and its own updater starts from what it last rendered: two changes in one go (a
  // type picked and a search sent before the app took the page over, replayed one after the other)
  // would lose the first.
  const latest = useRef(serialised);
  useLayoutEffect(() => {
    latest.current = serialised;
  }, [serialised]);
  const update = useCallback(
    (change: Partial<CatalogQuery>) => {
      const next = catalogSearchParams({ ...readCatalogQuery(new URLSearchParams(latest.current)), page: 1, ...change });
      latest.current = next.toString();
      setSearchParams(next);
    },
    [setSearchParams],
  );
  return [query, update];
}
