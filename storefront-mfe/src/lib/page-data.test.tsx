import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { PAGE_DATA_ELEMENT_ID, type Product } from '@thalir/contracts';
import ProductsPage from '../features/catalog/components/products-page';
import ProductPage from '../features/product/components/product-page';

// The plans' links fetch plans of their own; their tests are the subscription-plans feature's.
jest.mock('../features/subscription-plans', () => ({ SubscriptionPlanLinks: () => null }));

const ROSE: Product = {
  _id: 'rose-1',
  name: 'Red Naomi Rose',
  price: 45,
  stock: 4,
  type: 'flower',
  description: 'Deep red petals.',
  image: '/uploads/rose-detail.webp',
  imageCard: '/uploads/rose-card.webp',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

/** The page-data script a server-rendered page carries (api/src/web/pages/page-renderer.ts). */
function sendPageData(data: Record<string, unknown>) {
  document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_DATA_ELEMENT_ID;
  script.textContent = JSON.stringify(data);
  document.body.appendChild(script);
}

describe('screens of a server-rendered page', () => {
  afterEach(() => document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove());

  it('show the product the page was sent with in their first render, without asking the API again; a later visit asks afresh', async () => {
    const { calls } = mockApi({ 'GET /api/products/rose-1': () => jsonAnswer({ success: true, data: { ...ROSE, price: 50 } }) });
    sendPageData({ '/api/products/rose-1': { success: true, data: ROSE } });
    const view = render(
      <MemoryRouter initialEntries={['/product/rose-1']}>
        <Routes>
          <Route path="/product/:id" element={<ProductPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Red Naomi Rose' })).toBeInTheDocument();
    expect(screen.getByText('₹45.00')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/products'))).toEqual([]);
    view.unmount();

    render(
      <MemoryRouter initialEntries={['/product/rose-1']}>
        <Routes>
          <Route path="/product/:id" element={<ProductPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('₹50.00')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/products/rose-1')).toHaveLength(1);
  });

  it('show "Product not found" for a page sent with the API’s 404', () => {
    const { calls } = mockApi({ 'GET /api/products/gone': () => jsonAnswer({ success: false, message: 'Product not found' }, 404) });
    sendPageData({ '/api/products/gone': { success: false, message: 'Product not found' } });
    render(
      <MemoryRouter initialEntries={['/product/gone']}>
        <Routes>
          <Route path="/product/:id" element={<ProductPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('show the product list the page was sent with, for the filter in its address', () => {
    const { calls } = mockApi({ 'GET /api/products': () => jsonAnswer({ success: true, data: [], total: 0 }) });
    sendPageData({ '/api/products?type=flower&sort=-createdAt&page=1&limit=24': { success: true, data: [ROSE], total: 1, page: 1, limit: 24 } });
    render(
      <MemoryRouter initialEntries={['/products?type=flower']}>
        <ProductsPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Red Naomi Rose' })).toBeInTheDocument();
    expect(screen.getByText(/Showing 1–1 of 1 product/)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
