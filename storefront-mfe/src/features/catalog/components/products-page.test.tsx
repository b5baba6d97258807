import { act, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { EARLY_TAPS_GLOBAL, EARLY_TAPS_SCRIPT, PAGE_DATA_ELEMENT_ID, type Product } from '@thalir/contracts';
import { LanguageProvider, PageTakeover } from '@thalir/ui';
import { PageDataProvider } from '../../../lib/page-data';
import ProductsPage from './products-page';

// The plans' links fetch plans of their own; their tests are the subscription-plans feature's.
jest.mock('../../subscription-plans', () => ({ SubscriptionPlanLinks: () => null }));

function product(n: number): Product {
  return {
    _id: `p${n}`,
    name: `Rose ${n}`,
    price: 100 + n,
    stock: n % 5,
    type: 'flower',
    description: '',
    image: `/uploads/p${n}-detail.webp`,
    imageCard: `/uploads/p${n}-card.webp`,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
}

function Location() {
  return <output data-testid="location">{useLocation().search}</output>;
}

/** The page as the apps draw it, in English (the server's render and hydration have no test wrapper). */
function page(url: string, takeover = false) {
  return (
    <LanguageProvider language="en">
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/products"
            element={
              <>
                <ProductsPage />
                <Location />
                {takeover && <PageTakeover />}
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </LanguageProvider>
  );
}

function renderAt(url: string) {
  return render(page(url));
}

function apiQuery(url: string) {
  return Object.fromEntries(new URL(url, 'http://shop.test').searchParams);
}

describe('ProductsPage', () => {
  it('shows the loading text, then the cards with responsive images', async () => {
    mockApi({
      'GET /api/products': () =>
        jsonAnswer({ success: true, data: [product(1), product(2), product(3), product(4), product(5)], total: 5, page: 1, limit: 24 }),
    });
    renderAt('/products');
    expect(screen.getByText('Loading products...')).toBeInTheDocument();

    const links = await screen.findAllByRole('link');
    expect(links[0]).toHaveAttribute('href', '/product/p1');
    const images = screen.getAllByRole('img') as HTMLImageElement[];
    expect(images[0]).toHaveAttribute('srcset', '/uploads/p1-card.webp 480w, /uploads/p1-detail.webp 1000w');
    expect(images[0]).toHaveAttribute('sizes');
    expect(images[0]).toHaveAttribute('width', '480');
    expect(images[0]).toHaveAttribute('height', '480');
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[4]).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('Showing 1–5 of 5 products')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it("says 'Failed to load products' when the call fails", async () => {
    mockApi({ 'GET /api/products': () => jsonAnswer({ success: false, message: 'Database unavailable' }, 503) });
    renderAt('/products');
    expect(await screen.findByText('Failed to load products')).toBeInTheDocument();
  });

  it('sends the state held in the URL to the API, always paged', async () => {
    const { calls } = mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: [product(1)], total: 100, page: 2, limit: 24 }) });
    renderAt('/products?q=rose&type=green_leaf&sort=-price&page=2');
    await screen.findByText('Rose 1');
    expect(calls).toHaveLength(1);
    expect(calls[0].url.startsWith('/api/products?')).toBe(true);
    expect(apiQuery(calls[0].url)).toEqual({ q: 'rose', type: 'green_leaf', sort: '-price', page: '2', limit: '24' });
    expect(screen.getByLabelText('Search products')).toHaveValue('rose');
    expect(screen.getByLabelText('Type')).toHaveValue('green_leaf');
    expect(screen.getByLabelText('Sort by')).toHaveValue('-price');
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
  });

  it('ignores damaged URL values and asks for the first page of the newest products', async () => {
    const { calls } = mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: [product(1)], total: 1, page: 1, limit: 24 }) });
    renderAt('/products?type=weeds&sort=random&page=-3');
    await screen.findByText('Rose 1');
    expect(apiQuery(calls[0].url)).toEqual({ sort: '-createdAt', page: '1', limit: '24' });
  });

  it('puts search, filter, sort and page into the URL and fetches again', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: [product(1), product(2)], total: 60, page: 1, limit: 24 }) });
    renderAt('/products');
    await screen.findByText('Page 1 of 3');

    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?page=2'));
    await screen.findByText('Page 2 of 3');
    expect(apiQuery(calls.at(-1)!.url).page).toBe('2');

    await user.type(screen.getByLabelText('Search products'), 'tulip');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?q=tulip'));

    await user.selectOptions(screen.getByLabelText('Type'), 'Flowers');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price low-high');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?q=tulip&type=flower&sort=price'));
    await waitFor(() => expect(apiQuery(calls.at(-1)!.url)).toEqual({ q: 'tulip', type: 'flower', sort: 'price', page: '1', limit: '24' }));
  });

  it('says so kindly when nothing matches', async () => {
    mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: [], total: 0, page: 1, limit: 24 }) });
    renderAt('/products?q=cactus');
    expect(await screen.findByText('No products match your search.')).toBeInTheDocument();
  });

  it('shows the URL’s search and type in the form when the URL changes by other means', async () => {
    mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: [], total: 0, page: 1, limit: 24 }) });
    renderAt('/products?q=cactus&type=flower');
    expect(screen.getByLabelText('Search products')).toHaveValue('cactus');
    expect(screen.getByLabelText('Type')).toHaveValue('flower');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Show all products' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^$/));
    expect(screen.getByLabelText('Search products')).toHaveValue('');
    expect(screen.getByLabelText('Type')).toHaveValue('');
  });

  it('takes a visitor on a page past the end of the list back to its first page', async () => {
    mockApi({
      'GET /api/products': ({ url }) =>
        apiQuery(url).page === '9'
          ? jsonAnswer({ success: true, data: [], total: 30, page: 9, limit: 24 })
          : jsonAnswer({ success: true, data: [product(1)], total: 30, page: 1, limit: 24 }),
    });
    renderAt('/products?type=flower&page=9');
    expect(await screen.findByText('This page is past the end of the list: it has 2 pages.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to the first page' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\?type=flower$/));
    expect(await screen.findByText('Rose 1')).toBeInTheDocument();
  });

  describe('drawn by the server', () => {
    const firstPage = { success: true, data: [product(1), product(2)], total: 2, page: 1, limit: 24 };
    const pageData = { '/api/products?page=1&limit=24&sort=-createdAt': firstPage };
    let container: HTMLElement;

    beforeEach(() => {
      const script = document.createElement('script');
      script.type = 'application/json';
      script.id = PAGE_DATA_ELEMENT_ID;
      script.textContent = JSON.stringify(pageData);
      document.body.append(script);
      container = document.createElement('div');
      container.innerHTML = renderToString(<PageDataProvider value={pageData}>{page('/products')}</PageDataProvider>);
      document.body.append(container);
    });

    afterEach(() => {
      container.remove();
      document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
      delete (window as unknown as Record<string, unknown>)[EARLY_TAPS_GLOBAL];
    });

    it('is a GET form of this page: search, type and sort work without JavaScript', () => {
      const form = container.querySelector('form[role="search"]')!;
      expect(form).toHaveAttribute('method', 'get');
      expect(form).toHaveAttribute('action', '/products');
      expect([...form.querySelectorAll('input, select')].map((field) => field.getAttribute('name'))).toEqual(['q', 'type', 'sort']);
    });

    it('applies a type picked and a search sent before the app took the page over, each once, in turn', async () => {
      const api = mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: [], total: 0, page: 1, limit: 24 }) });
      new Function(EARLY_TAPS_SCRIPT)();
      const type = container.querySelector<HTMLSelectElement>('select[name="type"]')!;
      type.value = 'flower';
      type.dispatchEvent(new Event('change', { bubbles: true }));
      container.querySelector<HTMLInputElement>('input[name="q"]')!.value = 'rose';
      container.querySelector<HTMLFormElement>('form[role="search"]')!.requestSubmit();

      await act(async () => {
        hydrateRoot(container, page('/products', true));
      });
      await waitFor(() => expect(container.querySelector('[data-testid="location"]')).toHaveTextContent('?q=rose&type=flower'));
      expect(container.querySelector('input[name="q"]')).toHaveValue('rose');
      expect(type).toHaveValue('flower');
      await waitFor(() => expect(apiQuery(api.calls.at(-1)!.url)).toMatchObject({ q: 'rose', type: 'flower' }));
    });

    it('keeps what was typed in the search box before the app took the page over when the list changes', async () => {
      mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: [], total: 0, page: 1, limit: 24 }) });
      const search = container.querySelector<HTMLInputElement>('input[name="q"]')!;
      search.value = 'eucalyptus';
      await act(async () => {
        hydrateRoot(container, page('/products', true));
      });
      await userEvent.setup().selectOptions(container.querySelector('select[name="sort"]')!, 'price');
      await waitFor(() => expect(container.querySelector('[data-testid="location"]')).toHaveTextContent('?sort=price'));
      expect(search).toHaveValue('eucalyptus');
    });
  });
});
