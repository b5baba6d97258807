import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@thalir/contracts';
import { jsonAnswer, mockApi, type ApiAnswer, type Routes } from '@thalir/api-client/testing';
import { profileOf, renderAdmin, signInAs } from './testing/render-admin';

function answerScreens(more: Routes = {}) {
  return mockApi({
    ...more,
    'GET /api/admin/stats': () => jsonAnswer({ totalUsers: 0, totalProducts: 0, totalOrders: 0, totalRevenue: 0 }),
    'GET /api/admin/money-check': () => jsonAnswer({ balanced: true, problemOrders: 0, orders: [] }),
    'GET /api/products': () => jsonAnswer({ success: true, data: [], total: 0, page: 1, limit: 50 }),
    'GET /api/orders': () => jsonAnswer([], 200, { 'X-Total-Count': '0' }),
    'GET /api/admin/audit': () => jsonAnswer({ entries: [], total: 0, page: 1, limit: 50 }),
    'GET /api/delivery/stops': () => jsonAnswer({ date: '2026-11-27', stops: [], collectTotal: 0, collectedTotal: 0 }),
  });
}

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Back office' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

/** An answer the test hands over when it chooses. */
function deferred() {
  let answer!: (value: ApiAnswer) => void;
  const promise = new Promise<ApiAnswer>((resolve) => (answer = resolve));
  return { responder: () => promise, answer };
}

describe('the back office for each staff role', () => {
  it('shows accounts the dashboard, orders, deliveries, subscriptions and their forecast, the reports and the audit log, and nothing else', async () => {
    signInAs('accounts');
    answerScreens();
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(navLinks()).toEqual([
      ['Dashboard', '/admin'],
      ['Orders', '/admin/orders'],
      ['Deliveries', '/admin/deliveries'],
      ['Subscriptions', '/admin/subscriptions'],
      ['Forecast', '/admin/subscriptions/forecast'],
      ['Stats', '/admin/stats'],
      ['GST report', '/admin/gst-report'],
      ['Audit log', '/admin/audit'],
    ]);
    expect(screen.queryByRole('link', { name: 'Products' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
  });

  it('shows delivery only My stops, and /admin takes them there', async () => {
    signInAs('delivery');
    const { callsTo } = answerScreens();
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'My stops' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/stops$/);
    expect(navLinks()).toEqual([['My stops', '/admin/stops']]);
    expect(callsTo('GET', '/api/admin/stats')).toEqual([]);
  });

  it('takes catalogue staff from /admin to Products, and lists Products, Offers and Plans', async () => {
    signInAs('catalog');
    answerScreens();
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/products$/);
    expect(navLinks()).toEqual([
      ['Products', '/admin/products'],
      ['Offers', '/admin/offers'],
      ['Plans', '/admin/subscription-plans'],
    ]);
  });

  it('answers a screen the role may not open with a clear message and links to its screens, without calling its API', async () => {
    signInAs('accounts');
    const { calls } = answerScreens();
    renderAdmin('/admin/products');
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(screen.getByText('Your role (Accounts) cannot open this screen.')).toBeInTheDocument();
    const open = screen.getByRole('navigation', { name: 'Screens you can open' });
    expect(
      within(open)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Orders', 'Deliveries', 'Subscriptions', 'Forecast', 'Stats', 'GST report', 'Audit log']);
    expect(calls).toEqual([]);
  });

  it('refuses the Staff screen to a delivery person, pointing to My stops', async () => {
    signInAs('delivery');
    answerScreens();
    renderAdmin('/admin/staff');
    expect(await screen.findByText('Your role (Delivery) cannot open this screen.')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Screens you can open' })).getByRole('link', { name: 'My stops' })).toHaveAttribute(
      'href',
      '/admin/stops',
    );
  });

  it('sends a role without the dashboard back to its first screen from an unknown address', async () => {
    signInAs('delivery');
    renderAdmin('/admin/no-such-screen');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My stops' })).toHaveAttribute('href', '/admin/stops');
  });

  it('follows the permissions the profile gives, not the role stored at sign-in', async () => {
    signInAs('orders');
    answerScreens();
    // The owner made this person accounts since they signed in.
    renderAdmin('/admin/orders', { permissions: ['orders.read', 'reports', 'audit'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(navLinks().map(([label]) => label)).toEqual(['Dashboard', 'Orders', 'Deliveries', 'Subscriptions', 'Forecast', 'Stats', 'GST report', 'Audit log']);
  });
});

describe("loading the signed-in person's permissions", () => {
  it('asks the profile once per visit, showing the spinner until it answers', async () => {
    signInAs('accounts');
    const profile = deferred();
    const { callsTo } = answerScreens({ 'GET /api/users/profile': profile.responder });
    const user = userEvent.setup();
    renderAdmin('/admin/orders', { profileFromMockApi: true });
    expect(screen.getByText('Loading the back office…')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/orders')).toEqual([]);
    profile.answer(jsonAnswer(profileOf('accounts')));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Audit log' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(callsTo('GET', '/api/users/profile')).toHaveLength(1);
    expect(callsTo('GET', '/api/users/profile')[0].authorization).toBe('Bearer test-token-accounts');
  });

  it('says the session has ended and offers the login when the profile answers 401', async () => {
    signInAs('accounts');
    const { calls } = mockApi({ 'GET /api/users/profile': () => jsonAnswer({ success: false, message: 'Please sign in again' }, 401) });
    renderAdmin('/admin/orders', { profileFromMockApi: true });
    expect(await screen.findByText('Please sign in again')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('navigation', { name: 'Back office' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/users/profile']);
  });

  it('offers to try again when the profile cannot be loaded', async () => {
    signInAs('admin');
    let failures = 1;
    answerScreens({
      'GET /api/users/profile': () => (failures-- > 0 ? jsonAnswer({ message: 'Service unavailable' }, 503) : jsonAnswer(profileOf('admin'))),
    });
    const user = userEvent.setup();
    renderAdmin('/admin', { profileFromMockApi: true });
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('keeps the role stored in the browser in step with the one the profile gives', async () => {
    signInAs('orders');
    answerScreens({ 'GET /api/users/profile': () => jsonAnswer(profileOf('accounts')) });
    renderAdmin('/admin/orders', { profileFromMockApi: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.role)).toBe('accounts'));
    expect(navLinks().map(([label]) => label)).toContain('Audit log');
  });
});
