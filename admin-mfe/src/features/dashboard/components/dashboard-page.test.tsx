import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from '../../../testing/render-admin';

beforeEach(() => signInAs('admin'));

const BALANCED = () => jsonAnswer({ balanced: true, problemOrders: 0, orders: [] });

describe('/admin dashboard', () => {
  it('shows users, products, orders and revenue in rupees, with links to the screens', async () => {
    mockApi({
      'GET /api/admin/stats': () => jsonAnswer({ totalUsers: 1204, totalProducts: 56, totalOrders: 3310, totalRevenue: 1234567.5 }),
      'GET /api/admin/money-check': BALANCED,
    });
    renderAdmin('/admin');
    expect(await screen.findByTestId('stat-users')).toHaveTextContent('1,204');
    expect(screen.getByTestId('stat-products')).toHaveTextContent('56');
    expect(screen.getByTestId('stat-orders')).toHaveTextContent('3,310');
    expect(screen.getByTestId('stat-revenue')).toHaveTextContent('₹12,34,567.50');
    expect(screen.getByRole('link', { name: 'Manage products' })).toHaveAttribute('href', '/admin/products');
    expect(screen.getByRole('link', { name: 'Manage orders' })).toHaveAttribute('href', '/admin/orders');
    expect(screen.getByRole('link', { name: 'See sales charts' })).toHaveAttribute('href', '/admin/stats');
    expect(screen.getByRole('link', { name: /^Contact list/ })).toHaveAttribute('href', '/admin/contact');
    // Money that adds up needs no word.
    expect(screen.queryByText(/do not add up/)).not.toBeInTheDocument();
  });

  it('warns when the money of an order does not add up, with the figures and what is wrong', async () => {
    mockApi({
      'GET /api/admin/stats': () => jsonAnswer({ totalUsers: 1, totalProducts: 2, totalOrders: 3, totalRevenue: 4 }),
      'GET /api/admin/money-check': () =>
        jsonAnswer({
          balanced: false,
          problemOrders: 1,
          orders: [
            {
              _id: 'b3c1e2a0-0000-4000-8000-00000000abcd',
              invoiceNumber: 'TB/2026-27/000042',
              status: 'cancelled',
              received: 40,
              kept: 0,
              refunded: 50,
              owed: 0,
              problems: ['unbalanced'],
            },
          ],
        }),
    });
    renderAdmin('/admin');
    expect(await screen.findByText('The money of 1 order does not add up.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#00ABCD' })).toHaveAttribute('href', '/order/b3c1e2a0-0000-4000-8000-00000000abcd');
    expect(screen.getByText(/received ₹40\.00, kept ₹0\.00, refunded ₹50\.00, owed back ₹0\.00: received ≠ kept \+ refunded \+ owed back/)).toBeInTheDocument();
  });

  it('says when the figures cannot be loaded and tries again on request', async () => {
    let fail = true;
    mockApi({
      'GET /api/admin/stats': () =>
        fail ? jsonAnswer({ message: 'Forbidden' }, 403) : jsonAnswer({ totalUsers: 1, totalProducts: 2, totalOrders: 3, totalRevenue: 4 }),
      'GET /api/admin/money-check': BALANCED,
    });
    const user = userEvent.setup();
    renderAdmin('/admin');
    expect(await screen.findByText('Could not load the figures')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('stat-revenue')).toHaveTextContent('₹4.00');
  });
});
