import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@thalir/contracts';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from '../../../testing/render-admin';

function order(id: string, extra: Partial<Order> = {}): Order {
  return {
    _id: id,
    orderItems: [{ name: 'Red Rose', product: 'p1', quantity: 2, price: 60 }],
    totalAmount: 120,
    paymentMethod: 'cash',
    address: '12 Market Road, Hosur',
    status: 'pending',
    isPaid: false,
    paidAt: null,
    createdAt: '2026-02-03T10:00:00.000Z',
    user: { _id: 'u1', name: 'Meena Raj', email: 'meena@example.com' },
    ...extra,
  };
}

const first = order('0b8f1c2e-aaaa-4bbb-8ccc-00000000abc1');
const second = order('0b8f1c2e-aaaa-4bbb-8ccc-00000000def2', {
  status: 'delivered',
  isPaid: true,
  paymentMethod: 'razorpay',
  totalAmount: 1499.5,
  user: { _id: 'u2', name: 'Arun K', email: 'arun@example.com' },
});

function pagedOrders(list: Order[]) {
  return () => jsonAnswer(list, 200, { 'X-Total-Count': String(list.length) });
}

beforeEach(() => signInAs('admin'));

describe('/admin/orders', () => {
  it('lists orders with short id, customer, total, payment, status and a Details link', async () => {
    const { calls } = mockApi({ 'GET /api/orders': pagedOrders([first, second]) });
    renderAdmin('/admin/orders');
    const id = await screen.findByText('#00DEF2');
    expect(id).toHaveAttribute('title', second._id);
    const row = id.closest('tr')!;
    expect(within(row).getByText('Arun K')).toBeInTheDocument();
    expect(within(row).getByText('arun@example.com')).toBeInTheDocument();
    expect(within(row).getByText('₹1,499.50')).toBeInTheDocument();
    expect(within(row).getByText('Paid')).toHaveClass('badge--green');
    expect(within(row).getByText('delivered')).toHaveClass('badge--green');
    expect(within(row).getByRole('link', { name: 'Details of order 00DEF2' })).toHaveAttribute('href', `/order/${second._id}`);
    expect(within(screen.getByText('#00ABC1').closest('tr')!).getByText('Unpaid')).toBeInTheDocument();
    expect(calls[0].url).toBe('/api/orders?page=1&limit=25');
  });

  it("names a subscription's pack and deliveries under their ids", async () => {
    mockApi({ 'GET /api/orders': pagedOrders([order('0b8f1c2e-aaaa-4bbb-8ccc-0000000abc77', { kind: 'subscription-delivery', subscriptionId: 'sub-1' })]) });
    renderAdmin('/admin/orders');
    const id = await screen.findByText('#0ABC77');
    expect(within(id.closest('th')!).getByText('Subscription delivery')).toBeInTheDocument();
  });

  it("shows 'Could not load orders' when the list fails", async () => {
    mockApi({ 'GET /api/orders': () => jsonAnswer({ message: 'Forbidden' }, 403) });
    renderAdmin('/admin/orders');
    expect(await screen.findByText('Could not load orders')).toBeInTheDocument();
  });

  it('filters by status with ?status=', async () => {
    const { calls } = mockApi({
      'GET /api/orders': ({ url }) => pagedOrders(url.includes('status=delivered') ? [second] : [first, second])(),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/orders');
    await screen.findByText('#00ABC1');
    const filter = screen.getByLabelText('Status');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled']);
    await user.selectOptions(filter, 'delivered');
    await waitFor(() => expect(screen.queryByText('#00ABC1')).not.toBeInTheDocument());
    expect(calls.at(-1)?.url).toBe('/api/orders?page=1&limit=25&status=delivered');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/orders?status=delivered');
  });

  it('changes a status with PUT and refetches the list', async () => {
    let current = first;
    const { callsTo } = mockApi({
      'GET /api/orders': () => pagedOrders([current, second])(),
      [`PUT /api/orders/${first._id}/status`]: ({ body }) => {
        current = { ...first, status: (body as { status: Order['status'] }).status };
        return jsonAnswer(current);
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/orders');
    await user.selectOptions(await screen.findByLabelText('Change the status of order 00ABC1'), 'shipped');
    expect(await screen.findByText('Order 00ABC1 is now shipped.')).toBeInTheDocument();
    expect(callsTo('PUT', `/api/orders/${first._id}/status`)[0].body).toEqual({ status: 'shipped' });
    await waitFor(() => expect(callsTo('GET', '/api/orders')).toHaveLength(2));
    const row = screen.getByText('#00ABC1').closest('tr')!;
    await waitFor(() => expect(within(row).getByText('shipped')).toHaveClass('badge--purple'));
    expect(screen.getByLabelText('Change the status of order 00ABC1')).toHaveValue('shipped');
    expect(screen.getByLabelText('Change the status of order 00ABC1')).toBeEnabled();
  });

  it('keeps the select on the new status and locked until the refetched list is drawn', async () => {
    let current = first;
    let releaseList: () => void = () => {};
    const { callsTo } = mockApi({
      'GET /api/orders': () => {
        if (current === first) return pagedOrders([current])();
        const listed = current;
        return new Promise((resolve) => (releaseList = () => resolve(pagedOrders([listed])())));
      },
      [`PUT /api/orders/${first._id}/status`]: () => {
        current = { ...first, status: 'shipped' };
        return jsonAnswer(current);
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/orders');
    const select = await screen.findByLabelText('Change the status of order 00ABC1');
    await user.selectOptions(select, 'shipped');
    expect(await screen.findByText('Order 00ABC1 is now shipped.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET', '/api/orders')).toHaveLength(2));
    // Saved, but the list still drawn is the one from before: the select shows the new status, locked.
    expect(screen.getByLabelText('Change the status of order 00ABC1')).toHaveValue('shipped');
    expect(screen.getByLabelText('Change the status of order 00ABC1')).toBeDisabled();
    releaseList();
    await waitFor(() => expect(screen.getByLabelText('Change the status of order 00ABC1')).toBeEnabled());
    expect(screen.getByLabelText('Change the status of order 00ABC1')).toHaveValue('shipped');
  });

  it("shows 'Failed to update status' and keeps the server's status when the change fails", async () => {
    const { callsTo } = mockApi({
      'GET /api/orders': pagedOrders([first]),
      [`PUT /api/orders/${first._id}/status`]: () => ({ status: 500 }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/orders');
    await user.selectOptions(await screen.findByLabelText('Change the status of order 00ABC1'), 'processing');
    expect(await screen.findByText('Failed to update status')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET', '/api/orders')).toHaveLength(2));
    await waitFor(() => expect(screen.getByLabelText('Change the status of order 00ABC1')).toHaveValue('pending'));
  });

  it("adds the server's reason, e.g. stock gone when leaving cancelled", async () => {
    const cancelled = { ...first, status: 'cancelled' as const };
    mockApi({
      'GET /api/orders': pagedOrders([cancelled]),
      [`PUT /api/orders/${first._id}/status`]: () => jsonAnswer({ success: false, message: 'Not enough stock for Red Rose' }, 409),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/orders');
    await user.selectOptions(await screen.findByLabelText('Change the status of order 00ABC1'), 'pending');
    expect(await screen.findByText('Failed to update status: Not enough stock for Red Rose')).toBeInTheDocument();
  });

  it('shows refunds, settles a cash refund and asks again for a refused one', async () => {
    const refund = (id: string, extra: Partial<NonNullable<Order['refund']>>) => ({
      _id: id,
      status: 'pending' as const,
      amount: 120,
      createdAt: '2026-02-04T10:00:00.000Z',
      manual: false,
      failureReason: null,
      ...extra,
    });
    let cash = order(first._id, { status: 'cancelled', isPaid: true, refund: refund('r-cash', { manual: true }) });
    const online = order(second._id, {
      status: 'cancelled',
      isPaid: true,
      paymentMethod: 'razorpay',
      refund: refund('r-online', { status: 'failed', failureReason: 'Payment not captured' }),
    });
    const { callsTo } = mockApi({
      'GET /api/orders': () => pagedOrders([cash, online])(),
      'POST /api/admin/refunds/r-cash/settle': () => {
        cash = { ...cash, refund: refund('r-cash', { manual: true, status: 'processed' }) };
        return jsonAnswer({ message: 'Refund marked as processed' });
      },
      'POST /api/admin/refunds/r-online/retry': () => jsonAnswer({ success: false, message: 'This refund is pending, not failed' }, 409),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/orders');

    const cashRow = (await screen.findByText('#00ABC1')).closest('tr')!;
    expect(within(cashRow).getByText('Refund pending ₹120.00 (cash, to hand back)')).toBeInTheDocument();
    const onlineRow = screen.getByText('#00DEF2').closest('tr')!;
    expect(within(onlineRow).getByText('Refund failed ₹120.00')).toBeInTheDocument();
    expect(within(onlineRow).getByText('Payment not captured')).toBeInTheDocument();
    expect(within(onlineRow).queryByRole('button', { name: 'Mark refunded' })).not.toBeInTheDocument();

    await user.click(within(cashRow).getByRole('button', { name: 'Mark refunded' }));
    expect(await screen.findByText('Refund of order 00ABC1 marked as processed.')).toBeInTheDocument();
    expect(await within(cashRow).findByText('Refund processed ₹120.00')).toBeInTheDocument();
    expect(within(cashRow).queryByRole('button', { name: 'Mark refunded' })).not.toBeInTheDocument();

    await user.click(within(onlineRow).getByRole('button', { name: 'Retry refund' }));
    expect(await screen.findByText('This refund is pending, not failed')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/refunds/r-online/retry')).toHaveLength(1);
  });

  it('flags a refund the provider reported for another amount, lists each request to the provider, and asks for the rest', async () => {
    const short = order(second._id, {
      status: 'cancelled',
      isPaid: true,
      paymentMethod: 'razorpay',
      totalAmount: 40,
      refund: {
        _id: 'r-short',
        status: 'mismatch',
        amount: 40,
        refunded: 1,
        createdAt: '2026-02-04T10:00:00.000Z',
        manual: false,
        failureReason: 'The payment provider reported ₹1.00 refunded, not ₹40.00',
        attempts: [
          {
            _id: 'a1',
            status: 'failed',
            amount: 40,
            reported: null,
            providerRefundId: 'rfnd_First0000001',
            failureReason: 'Bank declined',
            createdAt: '2026-02-04T10:00:00.000Z',
          },
          {
            _id: 'a2',
            status: 'mismatch',
            amount: 40,
            reported: 1,
            providerRefundId: 'rfnd_Second000002',
            failureReason: null,
            createdAt: '2026-02-05T10:00:00.000Z',
          },
        ],
      },
    });
    const { callsTo } = mockApi({
      'GET /api/orders': pagedOrders([short]),
      'POST /api/admin/refunds/r-short/retry': () => jsonAnswer({ message: 'Refund requested again' }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/orders');

    const row = (await screen.findByText('#00DEF2')).closest('tr')!;
    expect(within(row).getByText('Refund under review ₹40.00')).toBeInTheDocument();
    expect(within(row).getByText('The payment provider reported ₹1.00 refunded, not ₹40.00')).toBeInTheDocument();
    await user.click(within(row).getByText('2 requests to the provider'));
    const requests = within(row).getAllByRole('listitem');
    expect(requests.map((item) => item.textContent)).toEqual([
      '4 Feb 2026: ₹40.00 failed rfnd_First0000001Bank declined',
      '5 Feb 2026: ₹40.00 mismatch, ₹1.00 reported rfnd_Second000002',
    ]);
    await user.click(within(row).getByRole('button', { name: 'Ask for the rest' }));
    expect(await screen.findByText('Refund of order 00DEF2 requested again.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/refunds/r-short/retry')).toHaveLength(1);
  });

  it('flags a large cash order waiting for confirmation, and confirms it by moving it to processing', async () => {
    let waiting = order(first._id, { totalAmount: 4800, confirmationDueBy: '2026-02-03T22:00:00.000Z' });
    const { calls } = mockApi({
      'GET /api/orders': () => pagedOrders([waiting])(),
      [`PUT /api/orders/${first._id}/status`]: ({ body }) => {
        waiting = { ...waiting, status: (body as { status: Order['status'] }).status, confirmationDueBy: null };
        return jsonAnswer(waiting);
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/orders');

    const row = (await screen.findByText('#00ABC1')).closest('tr')!;
    expect(within(row).getByText(/Large cash order from a new customer: confirm by 4 Feb, 3:30 am or it is cancelled/i)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByText('Order 00ABC1 is now processing.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ status: 'processing' }]);
    await waitFor(() => expect(within(row).queryByRole('button', { name: 'Confirm order' })).not.toBeInTheDocument());
  });

  it('shows each order’s delivery, filters by delivery date and sorts by delivery', async () => {
    const booked = order(first._id, {
      delivery: { date: '2026-11-27', slot: 'Evening 4–8', recipientName: 'Amma', recipientPhone: '+919876543210', pincode: '635109', giftMessage: null },
    });
    const { callsTo } = mockApi({ 'GET /api/orders': pagedOrders([booked]) });
    renderAdmin('/admin/orders');
    const row = (await screen.findByText('#00ABC1')).closest('tr')!;
    expect(within(row).getByText('Fri, 27 Nov 2026 · Evening 4–8')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Delivery date'), { target: { value: '2026-11-27' } });
    await waitFor(() => expect(callsTo('GET', '/api/orders').at(-1)!.url).toContain('deliveryDate=2026-11-27'));
    await userEvent.setup().selectOptions(screen.getByLabelText('Sort'), 'delivery');
    await waitFor(() => expect(callsTo('GET', '/api/orders').at(-1)!.url).toContain('sort=delivery'));
  });

  it('shows what the total holds besides the items: the delivery fee and each offer taken off', async () => {
    const discounted = order(first._id, {
      totalAmount: 1090,
      deliveryFee: 60,
      discounts: [
        { name: 'Roses 10% off', code: 'ROSES10', amount: 120 },
        { name: 'Welcome ₹50 off', amount: 50 },
      ],
    });
    const free = order(second._id, { deliveryFee: 0, discounts: [] });
    mockApi({ 'GET /api/orders': pagedOrders([discounted, free]) });
    renderAdmin('/admin/orders');
    const total = (await screen.findByText('₹1,090.00')).closest('td')!;
    expect(within(total).getByText('Delivery ₹60.00')).toBeInTheDocument();
    expect(within(total).getByText('ROSES10 −₹120.00')).toBeInTheDocument();
    expect(within(total).getByText('Welcome ₹50 off −₹50.00')).toBeInTheDocument();
    // No fee and no offer: the total alone.
    const plainTotal = within(screen.getByText('#00DEF2').closest('tr')!).getByText('₹120.00').closest('td')!;
    expect(plainTotal).toHaveTextContent(/^₹120\.00$/);
  });

  it('searches by order id or customer on the server and pages 25 at a time', async () => {
    const { calls } = mockApi({
      'GET /api/orders': ({ url }) => jsonAnswer([first], 200, { 'X-Total-Count': url.includes('q=') ? '1' : '260' }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/orders');
    expect(await screen.findByText('Page 1 of 11')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/orders?page=2&limit=25'));
    await user.type(screen.getByLabelText('Search orders'), 'meena');
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/orders?page=1&limit=25&q=meena'));
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument();
  });

  it('pages and searches on the client when the server answers the whole list', async () => {
    const many = Array.from({ length: 30 }, (_, n) =>
      order(`0b8f1c2e-aaaa-4bbb-8ccc-0000000000${String(n).padStart(2, '0')}`, {
        user: { _id: `u${n}`, name: n === 27 ? 'Zara Thomas' : `Customer ${n}`, email: `c${n}@example.com` },
      }),
    );
    mockApi({ 'GET /api/orders': () => jsonAnswer(many) });
    const user = userEvent.setup();
    renderAdmin('/admin/orders');
    expect(await screen.findByText('Showing 1–25 of 30')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Details of order/ })).toHaveLength(25);
    await user.type(screen.getByLabelText('Search orders'), 'zara');
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument();
    expect(screen.getByText('Zara Thomas')).toBeInTheDocument();
  });
});
