import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { RazorpayOptions } from '@thalir/api-client';
import { jsonAnswer, mockApi, type MockedApi, type Responder } from '@thalir/api-client/testing';
import { signIn } from '@thalir/auth';
import type { Order } from '@thalir/contracts';
import OrderPage from './order-page';

const ORDER_ID = '9f1c2d3e-1111-4222-8333-0000007fa9be';
const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });

function makeOrder(changes: Partial<Order> = {}): Order {
  return {
    _id: ORDER_ID,
    orderItems: [
      { name: 'Red Rose', product: 'rose', quantity: 2, price: 45.5 },
      { name: 'Fern', product: 'fern', quantity: 3, price: 10.25 },
    ],
    totalAmount: 121.75,
    paymentMethod: 'cash',
    address: '14 Rayakottai Road\nHosur 635109',
    status: 'processing',
    isPaid: false,
    paidAt: null,
    createdAt: '2026-11-02T10:00:00.000Z',
    user: { _id: 'u1', name: 'Asha', email: 'asha@example.com' },
    ...changes,
  };
}

let order: Order;
let invoiceAnswer: Responder;
let cancelAnswer: Responder;
let api: MockedApi;

beforeEach(() => {
  order = makeOrder();
  invoiceAnswer = () => ({ body: pdf });
  cancelAnswer = () =>
    jsonAnswer({
      ...order,
      status: 'cancelled',
      statusHistory: [{ status: 'cancelled', at: '2026-11-02T10:05:00.000Z', by: 'buyer', reason: 'cancelled by customer' }],
    });
  api = mockApi({
    [`GET /api/orders/${ORDER_ID}`]: () => jsonAnswer(order),
    [`POST /api/orders/${ORDER_ID}/cancel`]: (call) => cancelAnswer(call),
    [`GET /api/orders/${ORDER_ID}/invoice`]: (call) => invoiceAnswer(call),
    'GET /api/payments/config': () => jsonAnswer({ provider: 'sandbox', key: 'k', checkoutScript: '/sandbox.js' }),
    'POST /api/payments/create-order': () => jsonAnswer({ id: 'order_rzp_9', amount: 12175, currency: 'INR', receipt: ORDER_ID, key: 'k' }),
    'POST /api/payments/verify': () => jsonAnswer({ success: true, order: { ...order, isPaid: true, paidAt: '2026-11-03T09:00:00.000Z' } }),
  });
  window.alert = jest.fn();
  signIn('token-1', 'customer');
});

afterEach(() => {
  delete window.Razorpay;
  jest.restoreAllMocks();
});

function renderOrder(id = ORDER_ID) {
  render(
    <MemoryRouter initialEntries={[`/order/${id}`]}>
      <Routes>
        <Route path="/order/:id" element={<OrderPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('OrderPage', () => {
  it('shows every detail of the order', async () => {
    order = makeOrder({
      statusHistory: [
        { status: 'pending', at: '2026-11-02T10:00:00.000Z', by: 'buyer', reason: null },
        { status: 'processing', at: '2026-11-02T12:30:00.000Z', by: 'admin', adminId: 'a1', reason: null },
      ],
    });
    renderOrder();

    expect(await screen.findByRole('heading', { level: 1, name: 'Order 7FA9BE' })).toBeInTheDocument();
    expect(screen.getByText(ORDER_ID)).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Order details' });
    expect(within(facts).getByText('processing')).toHaveClass('badge--blue');
    expect(within(facts).getByText(/Cash on Delivery/)).toBeInTheDocument();
    expect(within(facts).getByText('Unpaid')).toBeInTheDocument();
    expect(within(facts).getByText('2 Nov 2026')).toBeInTheDocument();
    expect(within(facts).getByText(/14 Rayakottai Road/)).toBeInTheDocument();

    const rows = within(screen.getByRole('region', { name: 'Items' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Red Rose₹45.50 each2₹45.50₹91.00');
    expect(rows[2]).toHaveTextContent('Fern₹10.25 each3₹10.25₹30.75');
    expect(screen.getByTestId('order-total')).toHaveTextContent('₹121.75');
    const history = within(screen.getByRole('region', { name: 'Status history' })).getAllByRole('listitem');
    expect(history).toHaveLength(2);
    expect(history[1]).toHaveTextContent('by the shop');
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it('shows each line’s discount, the offers taken off, the delivery fee and the total', async () => {
    order = makeOrder({
      orderItems: [
        { name: 'Red Rose', product: 'rose', quantity: 2, price: 45.5, discount: 9.1 },
        { name: 'Fern', product: 'fern', quantity: 3, price: 10.25 },
      ],
      discounts: [
        { name: 'Roses 10% off', code: 'ROSES10', amount: 9.1 },
        { name: 'Free delivery weekend', amount: 40 },
      ],
      deliveryFee: 40,
      totalAmount: 112.65,
    });
    renderOrder();

    const items = within(await screen.findByRole('region', { name: 'Items' }));
    const rows = items.getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Red Rose₹45.50 each2₹45.50₹91.00Offer −₹9.10');
    expect(rows[2]).toHaveTextContent('Fern₹10.25 each3₹10.25₹30.75');
    expect(rows[2]).not.toHaveTextContent('Offer');
    const breakdown = items.getAllByRole('term').map((term) => term.parentElement?.textContent);
    expect(breakdown).toEqual(['Items₹121.75', 'ROSES10−₹9.10', 'Free delivery weekend−₹40.00', 'Delivery₹40.00', 'Total₹112.65']);
    expect(screen.getByTestId('order-total')).toHaveTextContent('₹112.65');
  });

  it('says “Free” for an order delivered without a fee', async () => {
    order = makeOrder({ deliveryFee: 0, discounts: [] });
    renderOrder();
    const items = within(await screen.findByRole('region', { name: 'Items' }));
    expect(items.getByText('Delivery').parentElement).toHaveTextContent('DeliveryFree');
    expect(screen.getByTestId('order-total')).toHaveTextContent('₹121.75');
  });

  it('shows only the total of an order placed before delivery charges', async () => {
    renderOrder();
    const items = within(await screen.findByRole('region', { name: 'Items' }));
    expect(items.getAllByRole('term').map((term) => term.textContent)).toEqual(['Total']);
  });

  it('shows the delivery date, slot, recipient and gift message', async () => {
    order = makeOrder({
      delivery: {
        date: '2026-11-27',
        slot: 'Evening 4–8',
        recipientName: 'Amma',
        recipientPhone: '+919876543210',
        pincode: '635109',
        giftMessage: 'Happy birthday, Amma!',
      },
    });
    renderOrder();
    const facts = within(await screen.findByRole('region', { name: 'Order details' }));
    expect(facts.getByText('Fri, 27 Nov 2026 · Evening 4–8')).toBeInTheDocument();
    expect(facts.getByText('Amma')).toBeInTheDocument();
    expect(facts.getByText('+919876543210')).toBeInTheDocument();
    expect(facts.getByText(/14 Rayakottai Road/)).toHaveTextContent('– 635109');
    expect(facts.getByText('“Happy birthday, Amma!”')).toBeInTheDocument();
  });

  it('says when the order cannot be loaded', async () => {
    api.answer({ 'GET /api/orders/someone-elses-order': () => jsonAnswer({ success: false, message: 'Order not found' }, 404) });
    renderOrder('someone-elses-order');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load order details');
  });

  it('downloads the invoice as Invoice_<id>.pdf with the bearer token', async () => {
    const user = userEvent.setup();
    const createObjectURL = jest.fn(() => 'blob:invoice');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicked: HTMLAnchorElement[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderOrder();

    await user.click(await screen.findByRole('button', { name: 'Download Invoice' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0].download).toBe(`Invoice_${ORDER_ID}.pdf`);
    expect(clicked[0].getAttribute('href')).toBe('blob:invoice');
    expect(createObjectURL).toHaveBeenCalledWith(pdf);
    expect(api.callsTo('GET', `/api/orders/${ORDER_ID}/invoice`)[0].authorization).toBe('Bearer token-1');
    expect(screen.queryByText('Could not download invoice')).not.toBeInTheDocument();
  });

  it('says when the invoice cannot be downloaded', async () => {
    const user = userEvent.setup();
    invoiceAnswer = () => jsonAnswer({ success: false, message: 'Order not found' }, 404);
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Download Invoice' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not download invoice');
    expect(screen.getByRole('button', { name: 'Download Invoice' })).toBeEnabled();
  });

  it('lets the customer pay an unpaid online order and then shows it paid', async () => {
    const user = userEvent.setup();
    order = makeOrder({ paymentMethod: 'razorpay' });
    const popups: RazorpayOptions[] = [];
    window.Razorpay = class {
      constructor(options: RazorpayOptions) {
        popups.push(options);
      }
      on() {}
      open() {}
    };
    renderOrder();

    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(popups).toHaveLength(1));
    expect(popups[0]).toMatchObject({ order_id: 'order_rzp_9', amount: 12175, description: 'Red Rose + 1 more' });
    act(() => popups[0].handler({ razorpay_order_id: 'order_rzp_9', razorpay_payment_id: 'pay_9', razorpay_signature: 'sig' }));

    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Payment Successful!'));
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it.each([
    ['paid', { paymentMethod: 'razorpay', isPaid: true }],
    ['cancelled', { paymentMethod: 'razorpay', status: 'cancelled' }],
  ] as const)('offers no payment for a %s order', async (_case, changes) => {
    order = makeOrder(changes);
    renderOrder();
    await screen.findByRole('button', { name: 'Download Invoice' });
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it('shows an admin the customer and no payment button', async () => {
    signIn('admin-token', 'admin');
    order = makeOrder({ paymentMethod: 'razorpay' });
    renderOrder();
    expect(await screen.findByText('Asha (asha@example.com)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all orders' })).toHaveAttribute('href', '/admin/orders');
  });

  it('tells the buyer how long an unpaid online order holds its items', async () => {
    order = makeOrder({ paymentMethod: 'razorpay', status: 'pending', paymentDueBy: new Date(Date.now() + 25 * 60_000 + 5_000).toISOString() });
    renderOrder();
    expect(await screen.findByText(/Waiting for your payment\. We hold these items for you until .* \(26 minutes left\)/)).toBeInTheDocument();
  });

  it('tells the buyer a large cash order waits for the shop to confirm it', async () => {
    order = makeOrder({ paymentMethod: 'cash', status: 'pending', confirmationDueBy: '2026-11-27T04:30:00.000Z' });
    renderOrder();
    expect(
      await screen.findByText(
        /our team will call you to confirm it before we prepare it\. If we cannot confirm it by .+, the order is cancelled and nothing is owed\./,
      ),
    ).toBeInTheDocument();
  });

  it('says the payment window ran out and puts the items back in the cart with Order again', async () => {
    const user = userEvent.setup();
    localStorage.removeItem('cart');
    order = makeOrder({
      paymentMethod: 'razorpay',
      status: 'cancelled',
      statusHistory: [
        { status: 'pending', at: '2026-11-02T10:00:00.000Z', by: 'buyer', reason: null },
        { status: 'cancelled', at: '2026-11-02T10:30:00.000Z', by: 'system', reason: 'payment window expired' },
      ],
    });
    const products: Record<string, object> = {
      rose: { _id: 'rose', name: 'Red Rose', price: 45.5, stock: 10, image: '/r.webp', type: 'flower' },
      fern: { _id: 'fern', name: 'Fern', price: 10.25, stock: 1, image: '/f.webp', type: 'green_leaf' },
    };
    api.answer({
      'GET /api/products/rose': () => jsonAnswer({ success: true, data: products.rose }),
      'GET /api/products/fern': () => jsonAnswer({ success: true, data: products.fern }),
    });
    render(
      <MemoryRouter initialEntries={[`/order/${ORDER_ID}`]}>
        <Routes>
          <Route path="/order/:id" element={<OrderPage />} />
          <Route path="/cart" element={<p>The cart</p>} />
        </Routes>
      </MemoryRouter>,
    );

    expect(await screen.findByText(/The payment window for this order ran out before it was paid/)).toBeInTheDocument();
    expect(screen.getByText(/automatically: payment window expired/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Order again' }));
    // Only one fern is left: the rose goes in, the fern is named as not added.
    expect(await screen.findByRole('alert')).toHaveTextContent('Not added to your cart: Fern (cannot add more than available stock). Go to your cart');
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([{ product: products.rose, quantity: 2 }]);
  });

  it('cancels a pending order after the buyer confirms, and shows the refund of a paid one', async () => {
    const user = userEvent.setup();
    order = makeOrder({ paymentMethod: 'razorpay', status: 'pending', isPaid: true });
    cancelAnswer = () =>
      jsonAnswer({
        ...order,
        status: 'cancelled',
        refund: { _id: 'r1', status: 'pending', amount: 121.75, createdAt: '2026-11-02T10:05:00.000Z', manual: false, failureReason: null },
      });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderOrder();

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(confirm).toHaveBeenLastCalledWith('Cancel this order? Your payment will be refunded in full.');
    expect(api.calls.some(({ url }) => url.endsWith('/cancel'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Refund pending ₹121.75')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when the order can no longer be cancelled", async () => {
    const user = userEvent.setup();
    order = makeOrder({ status: 'pending' });
    cancelAnswer = () => jsonAnswer({ success: false, message: 'This order is already processing and can no longer be cancelled' }, 409);
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This order is already processing and can no longer be cancelled');
  });

  it('offers no cancelling once the order is processing', async () => {
    renderOrder();
    await screen.findByRole('button', { name: 'Download Invoice' });
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to log in', () => {
    localStorage.clear();
    renderOrder();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
