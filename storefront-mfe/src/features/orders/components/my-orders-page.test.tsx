import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { jsonAnswer, mockApi, type Responder } from '@thalir/api-client/testing';
import { signIn } from '@thalir/auth';
import MyOrdersPage from './my-orders-page';

const order = {
  _id: '9f1c2d3e-1111-4222-8333-0000007fa9be',
  orderItems: [{ name: 'Red Rose', product: 'rose', quantity: 2, price: 45.5 }],
  totalAmount: 1234.5,
  paymentMethod: 'razorpay',
  address: 'Hosur',
  status: 'shipped',
  isPaid: true,
  paidAt: '2026-11-02T10:05:00.000Z',
  createdAt: '2026-11-02T10:00:00.000Z',
  user: { _id: 'u1', name: 'Asha', email: 'asha@example.com' },
};

function serve(answer: Responder) {
  return mockApi({ 'GET /api/orders/my-orders': answer });
}

function renderPage(state?: unknown) {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/my-orders', state }]}>
      <MyOrdersPage />
    </MemoryRouter>,
  );
}

describe('MyOrdersPage', () => {
  beforeEach(() => signIn('token-1', 'customer'));

  it('lists the orders with the spec columns', async () => {
    const { calls } = serve(() => jsonAnswer([order, { ...order, _id: 'abc-00000000dd12', status: 'pending', isPaid: false, totalAmount: 45.5 }]));
    renderPage();

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Order ID', 'Total', 'Status', 'Payment', 'Date', 'Delivery', 'Details']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByRole('rowheader')).toHaveTextContent(/^7FA9BE$/);
    expect(first).toHaveTextContent('₹1,234.50');
    expect(within(first).getByText('shipped')).toHaveClass('badge--purple');
    expect(within(first).getByText('Paid')).toBeInTheDocument();
    expect(first).toHaveTextContent('2 Nov 2026');
    expect(within(first).getByRole('link', { name: 'View order 7FA9BE' })).toHaveAttribute('href', `/order/${order._id}`);
    expect(within(second).getByRole('rowheader')).toHaveTextContent(/^00DD12$/);
    expect(within(second).getByText('Unpaid')).toBeInTheDocument();
    expect(within(second).getByText('pending')).toHaveClass('badge--yellow');
    expect(calls[0]).toMatchObject({ url: '/api/orders/my-orders', authorization: 'Bearer token-1' });
  });

  it("names a subscription's pack and deliveries", async () => {
    serve(() =>
      jsonAnswer([
        { ...order, kind: 'subscription-pack', subscriptionId: 'sub-1' },
        { ...order, _id: 'abc-00000000dd13', kind: 'subscription-delivery', subscriptionId: 'sub-1', totalAmount: 0 },
      ]),
    );
    renderPage();
    expect(await screen.findByText('Subscription pack')).toBeInTheDocument();
    expect(screen.getByText('Subscription delivery')).toBeInTheDocument();
  });

  it('says when the orders cannot be loaded', async () => {
    serve(() => jsonAnswer({ message: 'Internal server error' }, 500));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your orders.');
  });

  it('has an empty state that links to the shop', async () => {
    serve(() => jsonAnswer([]));
    renderPage();
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  });

  it('shows the text checkout handed over', async () => {
    serve(() => jsonAnswer([order]));
    renderPage({ notice: 'Order placed successfully!' });
    expect(screen.getByText('Order placed successfully!')).toBeInTheDocument();
    await screen.findByRole('table');
  });

  it('asks a signed-out visitor to log in', () => {
    localStorage.clear();
    const { calls } = serve(() => jsonAnswer([]));
    renderPage();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(calls).toEqual([]);
  });
});
