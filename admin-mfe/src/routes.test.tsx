import { act, screen, within } from '@testing-library/react';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from './testing/render-admin';

const ADMIN_PATHS = [
  '/admin',
  '/admin/dashboard',
  '/admin/products',
  '/admin/offers',
  '/admin/orders',
  '/admin/subscriptions',
  '/admin/subscriptions/forecast',
  '/admin/delivery-charges',
  '/admin/contact',
  '/admin/stats',
  '/admin/gst-report',
  '/admin/audit',
  '/admin/no-such-screen',
];

function answerEverything() {
  return mockApi({
    'GET /api/admin/stats': () => jsonAnswer({ totalUsers: 0, totalProducts: 0, totalOrders: 0, totalRevenue: 0 }),
    'GET /api/admin/money-check': () => jsonAnswer({ balanced: true, problemOrders: 0, orders: [] }),
    'GET /api/products': () => jsonAnswer({ success: true, data: [], total: 0, page: 1, limit: 50 }),
    'GET /api/orders': () => jsonAnswer([], 200, { 'X-Total-Count': '0' }),
    'GET /api/contact': () => jsonAnswer([]),
    'GET /api/newsletter': () => jsonAnswer([]),
    'GET /api/admin/offers': () => jsonAnswer([]),
    'GET /api/admin/subscription-plans': () => jsonAnswer([]),
    'GET /api/admin/subscriptions': () => jsonAnswer([]),
    'GET /api/admin/subscriptions/forecast': () => jsonAnswer([]),
    'GET /api/admin/delivery-charges': () =>
      jsonAnswer({ defaultZone: { name: 'Default', pincodePrefixes: [], fee: 60, freeAbove: null }, zones: [], slotSurcharges: {} }),
    'GET /api/admin/delivery-charges/history': () => jsonAnswer([]),
    'GET /api/delivery/options': () => jsonAnswer({ served: null, dates: [], cutoff: '2:00 PM' }),
    'GET /api/admin/audit': () => jsonAnswer({ entries: [], total: 0, page: 1, limit: 50 }),
  });
}

describe('admin route tree', () => {
  describe.each([
    ['a customer', () => signInAs('customer')],
    ['a visitor', () => undefined],
  ])('for %s', (_who, signIn) => {
    it.each(ADMIN_PATHS)('sends %s home without calling the API', async (path) => {
      signIn();
      const { calls } = answerEverything();
      renderAdmin(path);
      expect(await screen.findByText('Shop home')).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
      expect(calls).toEqual([]);
    });
  });

  describe('for an admin', () => {
    beforeEach(() => signInAs('admin'));

    it.each([
      ['/admin', 'Dashboard', 'Dashboard'],
      ['/admin/dashboard', 'Dashboard', 'Dashboard'],
      ['/admin/products', 'Products', 'Products'],
      ['/admin/offers', 'Offers', 'Offers'],
      ['/admin/subscription-plans', 'Subscription plans', 'Plans'],
      ['/admin/orders', 'Orders', 'Orders'],
      ['/admin/subscriptions', 'Subscriptions', 'Subscriptions'],
      ['/admin/subscriptions/forecast', 'Forecast for the growers', 'Forecast'],
      ['/admin/delivery-charges', 'Delivery settings', 'Delivery settings'],
      ['/admin/contact', 'Contact list', 'Contact'],
      ['/admin/audit', 'Audit log', 'Audit log'],
    ])('shows %s with the back-office navigation', async (path, heading, current) => {
      answerEverything();
      renderAdmin(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      const nav = screen.getByRole('navigation', { name: 'Back office' });
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual([
        ['Dashboard', '/admin'],
        ['Products', '/admin/products'],
        ['Offers', '/admin/offers'],
        ['Plans', '/admin/subscription-plans'],
        ['Orders', '/admin/orders'],
        ['Deliveries', '/admin/deliveries'],
        ['Subscriptions', '/admin/subscriptions'],
        ['Forecast', '/admin/subscriptions/forecast'],
        ['Delivery settings', '/admin/delivery-charges'],
        ['Contact', '/admin/contact'],
        ['Enquiries', '/admin/enquiries'],
        ['Stats', '/admin/stats'],
        ['GST report', '/admin/gst-report'],
        ['Emails', '/admin/emails'],
        ['Releases', '/admin/releases'],
        ['Audit log', '/admin/audit'],
        ['Staff', '/admin/staff'],
        ['My stops', '/admin/stops'],
      ]);
      expect(within(nav).getByRole('link', { current: 'page' })).toHaveTextContent(current);
    });

    it('answers an unknown admin address with a not-found page', async () => {
      renderAdmin('/admin/reports');
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/admin');
    });

    it('sends an admin who signs out mid-session home', async () => {
      answerEverything();
      renderAdmin('/admin/contact');
      await screen.findByRole('heading', { name: 'Contact list' });
      act(() => {
        localStorage.clear();
        window.dispatchEvent(new Event('auth-change'));
      });
      expect(await screen.findByText('Shop home')).toBeInTheDocument();
    });
  });
});
