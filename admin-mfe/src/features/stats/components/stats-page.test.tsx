import { cloneElement, isValidElement, type ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product, SalesStats } from '@thalir/contracts';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from '../../../testing/render-admin';

// jsdom lays nothing out, so ResponsiveContainer would measure 0×0 and draw nothing: give the charts a fixed size.
jest.mock('recharts', () => {
  const actual = jest.requireActual('recharts');
  return {
    ...actual,
    ResponsiveContainer: ({ children }: { children: ReactNode }) => (
      <div className="recharts-test-container">{isValidElement(children) ? cloneElement(children, { width: 640, height: 280 } as object) : children}</div>
    ),
  };
});

const fern: Product = {
  _id: 'p9',
  name: 'Silver Fern',
  price: 30,
  stock: 2,
  type: 'green_leaf',
  description: '',
  image: '/uploads/fern.webp',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function sales(days: number): SalesStats {
  return {
    days: Array.from({ length: days }, (_, n) => {
      const date = new Date(Date.UTC(2026, 2, 1 + n)).toISOString().slice(0, 10);
      return { date, orders: n === 2 ? 5 : 1, revenue: n === 2 ? 2500 : 100.25 };
    }),
    byStatus: { pending: 2, processing: 1, shipped: 1, delivered: days - 1, cancelled: 1 },
    topProducts: [
      { product: 'p1', name: 'Red Rose', quantity: 40, revenue: 4800 },
      { product: 'p2', name: 'White Lily', quantity: 12, revenue: 960 },
    ],
    lowStock: [fern, { ...fern, _id: 'p8', name: 'Yellow Tulip', stock: 0, type: 'flower' }],
  };
}

// Loading the charts library takes a while on a cold start; do it once before the clocks of the tests run.
beforeAll(() => import('./stats-page'));

beforeEach(() => {
  signInAs('admin');
  // Ask for reduced motion, as some visitors do: the charts then draw at once, without animation frames.
  window.matchMedia = jest.fn((query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  })) as unknown as typeof window.matchMedia;
});

describe('/admin/stats', () => {
  it('draws the charts, their summaries and hidden data tables from the sales answer', async () => {
    const { calls } = mockApi({ 'GET /api/admin/stats/sales': () => jsonAnswer(sales(7)) });
    renderAdmin('/admin/stats?days=7');

    expect(await screen.findByRole('heading', { name: 'Revenue per day' })).toBeInTheDocument();
    expect(calls[0].url).toBe('/api/admin/stats/sales?days=7');
    expect(screen.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();

    // Figures for the range: 6 × ₹100.25 + ₹2,500; 6 × 1 + 5 orders.
    expect(screen.getByTestId('range-revenue')).toHaveTextContent('₹3,101.50');
    expect(screen.getByTestId('range-orders')).toHaveTextContent('11');
    expect(screen.getByTestId('range-average')).toHaveTextContent('₹281.95');
    expect(screen.getByTestId('range-cancelled')).toHaveTextContent('1');

    const revenue = screen.getByRole('img', { name: /^Revenue per day\./ });
    expect(revenue).toHaveAccessibleName('Revenue per day. ₹3,101.50 over the last 7 days. Best day: 3 Mar 2026, ₹2,500.00.');
    expect(revenue.querySelector('svg')).not.toBeNull();
    const revenueTable = screen.getByRole('table', { name: 'Revenue per day, last 7 days' });
    expect(within(revenueTable).getAllByRole('row')).toHaveLength(8);
    expect(within(revenueTable).getByRole('rowheader', { name: '3 Mar 2026' }).closest('tr')).toHaveTextContent('₹2,500.00');

    expect(screen.getByRole('heading', { name: 'Orders per day' })).toBeInTheDocument();
    expect(screen.getByText('11 orders in the last 7 days. Busiest day: 3 Mar 2026, 5 orders.')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Orders by status' })).toBeInTheDocument();
    expect(screen.getByText('11 orders in the last 7 days: 6 delivered, 2 pending, 1 processing, 1 shipped, 1 cancelled.')).toBeInTheDocument();
    const statusTable = screen.getByRole('table', { name: 'Orders by status, last 7 days' });
    const delivered = within(statusTable).getByRole('rowheader', { name: 'delivered' }).closest('tr')!;
    expect(
      within(delivered)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['6', '55%']);

    expect(screen.getByRole('heading', { name: 'Top products' })).toBeInTheDocument();
    expect(screen.getByText(/Best seller over the last 7 days: Red Rose, 40 sold for ₹4,800\.00\./)).toBeInTheDocument();
    const lily = within(screen.getByRole('table', { name: 'Top products by revenue, last 7 days' })).getByRole('rowheader', { name: 'White Lily' });
    expect(
      within(lily.closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12', '₹960.00']);
  });

  it('colours the status donut like the status badges', async () => {
    mockApi({ 'GET /api/admin/stats/sales': () => jsonAnswer(sales(7)) });
    const { container } = renderAdmin('/admin/stats?days=7');
    await screen.findByRole('heading', { name: 'Orders by status' });
    await waitFor(() => expect(container.querySelectorAll('.recharts-pie-sector path').length).toBe(5));
    const fills = [...container.querySelectorAll('.recharts-pie-sector path')].map((path) => path.getAttribute('fill'));
    expect(fills).toEqual(['#d9a521', '#2563c9', '#7c3aed', '#1f7a3f', '#c62828']);
  });

  it('lists low stock with links to the products screen', async () => {
    mockApi({ 'GET /api/admin/stats/sales': () => jsonAnswer(sales(7)) });
    renderAdmin('/admin/stats?days=7');
    const table = await screen.findByRole('table', { name: 'Products running low on stock, fewest first' });
    expect(within(table).getByRole('link', { name: 'Restock Silver Fern' })).toHaveAttribute('href', '/admin/products?q=Silver%20Fern');
    expect(within(table).getByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to products' })).toHaveAttribute('href', '/admin/products');
  });

  it('asks for another range and groups a long range by month', async () => {
    const { calls } = mockApi({
      'GET /api/admin/stats/sales': ({ url }) => jsonAnswer(sales(Number(new URL(url, 'http://shop').searchParams.get('days')))),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/stats');
    expect(await screen.findByRole('heading', { name: 'Revenue per day' })).toBeInTheDocument();
    expect(calls[0].url).toBe('/api/admin/stats/sales?days=30');
    expect(screen.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Last 365 days' }));
    expect(await screen.findByRole('heading', { name: 'Revenue per month' })).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/admin/stats/sales?days=365');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/stats?days=365');
    expect(within(screen.getByRole('table', { name: 'Orders per month, last 365 days' })).getAllByRole('row')).toHaveLength(13);
  });

  it('says so when there were no sales', async () => {
    mockApi({
      'GET /api/admin/stats/sales': () =>
        jsonAnswer({
          days: [{ date: '2026-03-01', orders: 0, revenue: 0 }],
          byStatus: { pending: 0, processing: 0, shipped: 0, delivered: 0, cancelled: 0 },
          topProducts: [],
          lowStock: [],
        }),
    });
    renderAdmin('/admin/stats?days=7');
    expect(await screen.findByText('No revenue in the last 7 days.')).toBeInTheDocument();
    expect(screen.getAllByText('No orders in the last 7 days.')).toHaveLength(2);
    expect(screen.getByText('Nothing sold in the last 7 days.')).toBeInTheDocument();
    expect(screen.getByText('Every product has stock to spare.')).toBeInTheDocument();
    expect(screen.getByTestId('range-average')).toHaveTextContent('—');
  });

  it("shows 'Could not load sales figures' when the call fails", async () => {
    mockApi({ 'GET /api/admin/stats/sales': () => jsonAnswer({ message: 'Forbidden' }, 403) });
    renderAdmin('/admin/stats');
    expect(await screen.findByText('Could not load sales figures')).toBeInTheDocument();
  });
});
