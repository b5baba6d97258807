import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonAnswer, mockApi } from '../../../testing/api-mock';
import { renderAdmin, signInAs } from '../../../testing/render-admin';

beforeEach(() => signInAs('admin'));

describe('/admin dashboard', () => {
  it('shows users, products, orders and revenue in rupees, with links to the screens', async () => {
    mockApi({ 'GET /api/admin/stats': () => jsonAnswer({ totalUsers: 1204, totalProducts: 56, totalOrders: 3310, totalRevenue: 1234567.5 }) });
    renderAdmin('/admin');
    expect(await screen.findByTestId('stat-users')).toHaveTextContent('1,204');
    expect(screen.getByTestId('stat-products')).toHaveTextContent('56');
    expect(screen.getByTestId('stat-orders')).toHaveTextContent('3,310');
    expect(screen.getByTestId('stat-revenue')).toHaveTextContent('₹12,34,567.50');
    expect(screen.getByRole('link', { name: 'Manage products' })).toHaveAttribute('href', '/admin/products');
    expect(screen.getByRole('link', { name: 'Manage orders' })).toHaveAttribute('href', '/admin/orders');
    expect(screen.getByRole('link', { name: 'See sales charts' })).toHaveAttribute('href', '/admin/stats');
    expect(screen.getByRole('link', { name: /^Contact list/ })).toHaveAttribute('href', '/admin/contact');
  });

  it('says when the figures cannot be loaded and tries again on request', async () => {
    let fail = true;
    mockApi({
      'GET /api/admin/stats': () =>
        fail ? jsonAnswer({ message: 'Forbidden' }, 403) : jsonAnswer({ totalUsers: 1, totalProducts: 2, totalOrders: 3, totalRevenue: 4 }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin');
    expect(await screen.findByText('Could not load the figures')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('stat-revenue')).toHaveTextContent('₹4.00');
  });
});
