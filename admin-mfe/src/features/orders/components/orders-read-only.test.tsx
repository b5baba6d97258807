import { screen, within } from '@testing-library/react';
import type { Order } from '@thalir/contracts';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from '../../../testing/render-admin';

const base: Order = {
  _id: '0b8f1c2e-aaaa-4bbb-8ccc-00000000abc1',
  orderItems: [{ name: 'Red Rose', product: 'p1', quantity: 2, price: 60 }],
  totalAmount: 4800,
  paymentMethod: 'cash',
  address: '12 Market Road, Hosur',
  status: 'pending',
  isPaid: false,
  paidAt: null,
  createdAt: '2026-02-03T10:00:00.000Z',
  user: { _id: 'u1', name: 'Meena Raj', email: 'meena@example.com' },
};

/** Waiting for confirmation, and a cancelled cash order whose refund is still to hand back: both have write buttons for those who manage orders. */
const waiting: Order = { ...base, confirmationDueBy: '2026-02-03T22:00:00.000Z' };
const refunded: Order = {
  ...base,
  _id: '0b8f1c2e-aaaa-4bbb-8ccc-00000000def2',
  status: 'cancelled',
  isPaid: true,
  user: { _id: 'u2', name: 'Arun K', email: 'arun@example.com' },
  refund: { _id: 'r-cash', status: 'pending', amount: 120, createdAt: '2026-02-04T10:00:00.000Z', manual: true, failureReason: null },
};

const answerOrders = () => mockApi({ 'GET /api/orders': () => jsonAnswer([waiting, refunded], 200, { 'X-Total-Count': '2' }) });

describe('/admin/orders for a role that reads orders but does not manage them (accounts)', () => {
  beforeEach(() => signInAs('accounts'));

  it('lists the orders with their status as text, and no status select or write buttons', async () => {
    const { calls } = answerOrders();
    renderAdmin('/admin/orders');
    const row = (await screen.findByText('#00ABC1')).closest('tr')!;
    expect(within(row).getByText('Meena Raj')).toBeInTheDocument();
    expect(within(row).getByText('pending')).toBeInTheDocument();
    expect(within(row).getByText(/Large cash order from a new customer/)).toBeInTheDocument();
    expect(screen.getByText('Read only: your role sees orders but does not change them.')).toBeInTheDocument();

    expect(screen.queryByRole('columnheader', { name: 'Change status' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Change the status of order/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm order' })).not.toBeInTheDocument();
    const refundRow = screen.getByText('#00DEF2').closest('tr')!;
    expect(within(refundRow).getByText('Refund pending ₹120.00 (cash, to hand back)')).toBeInTheDocument();
    expect(within(refundRow).queryByRole('button', { name: 'Mark refunded' })).not.toBeInTheDocument();
    // Only the search and the filters remain, and the link to each order.
    expect(screen.getByRole('link', { name: 'Details of order 00ABC1' })).toHaveAttribute('href', `/order/${waiting._id}`);
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
  });

  it('keeps the select and the buttons for a role that manages orders', async () => {
    signInAs('orders');
    answerOrders();
    renderAdmin('/admin/orders');
    expect(await screen.findByLabelText('Change the status of order 00ABC1')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Confirm order' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark refunded' })).toBeInTheDocument();
    expect(screen.queryByText('Read only: your role sees orders but does not change them.')).not.toBeInTheDocument();
  });
});
