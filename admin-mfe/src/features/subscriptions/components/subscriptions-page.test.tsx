import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Subscription, SubscriptionDelivery, SubscriptionPlan } from '@thalir/contracts';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from '../../../testing/render-admin';

const NOT_MADE_NOTE = 'We did not have enough fresh flowers that day; the delivery was not used and stays on your subscription';

function day(date: string, extra: Partial<SubscriptionDelivery> = {}): SubscriptionDelivery {
  return {
    date,
    slot: 'Morning 8–12',
    status: 'scheduled',
    covered: true,
    changeableUntil: `${date}T02:30:00.000Z`,
    address: '4 Temple Street, Mylapore, Chennai',
    pincode: '600004',
    recipientName: 'Lakshmi',
    recipientPhone: '+919840012345',
    orderId: null,
    note: null,
    ...extra,
  };
}

function subscription(id: string, extra: Partial<Subscription> = {}): Subscription {
  return {
    _id: id,
    plan: { _id: 'plan-pooja', slug: 'daily-pooja-basket', name: 'Daily pooja basket', pricePerDelivery: 60, packs: [7, 15, 30], slots: ['Morning 8–12'] },
    user: { _id: 'user-lakshmi', name: 'Lakshmi Narayanan', email: 'lakshmi@example.com' },
    status: 'active',
    frequency: 'daily',
    weekdays: [],
    startDate: '2026-11-25',
    slot: 'Morning 8–12',
    address: '4 Temple Street, Mylapore, Chennai',
    pincode: '600004',
    recipientName: 'Lakshmi',
    recipientPhone: '+919840012345',
    credits: { bought: 7, used: 1, left: 6, refunded: 0 },
    pauses: [],
    deliveries: [],
    packs: [],
    createdAt: '2026-11-24T06:30:00.000Z',
    cancelledAt: null,
    ...extra,
  };
}

/** Today's delivery could not be made for want of stock; tomorrow's was made into an order. */
const pooja = subscription('sub-pooja', {
  pauses: [{ _id: 'pause-1', from: '2026-12-05', to: '2026-12-09' }],
  deliveries: [
    day('2026-11-26', { status: 'not-made', covered: false, changeableUntil: null, note: NOT_MADE_NOTE }),
    day('2026-11-27', { status: 'ordered', covered: false, changeableUntil: null, orderId: 'order-day-d27f01' }),
    day('2026-11-28', { recipientName: 'Priya', recipientPhone: '+919876543210', address: '9 Kapaleeshwarar Koil Street, Chennai' }),
    day('2026-11-29', { status: 'skipped', covered: false }),
    day('2026-12-04', { covered: false }),
  ],
  packs: [
    {
      orderId: 'order-pack-a7c001',
      orderStatus: 'processing',
      deliveries: 7,
      pricePerDelivery: 60,
      amount: 420,
      paid: true,
      used: 1,
      refunded: 0,
      createdAt: '2026-11-24T06:30:00.000Z',
    },
    {
      orderId: 'order-pack-b15002',
      orderStatus: 'pending',
      deliveries: 15,
      pricePerDelivery: 60,
      amount: 900,
      paid: false,
      used: 0,
      refunded: 0,
      createdAt: '2026-11-25T06:30:00.000Z',
    },
  ],
});

const office = subscription('sub-office', {
  plan: { _id: 'plan-office', slug: 'office-desk-flowers', name: 'Office desk flowers', pricePerDelivery: 350.5, packs: [4], slots: [] },
  user: { _id: 'user-ravi', name: 'Ravi Kumar', email: 'ravi@example.com' },
  status: 'awaiting-payment',
  frequency: 'weekly',
  startDate: '2026-11-30',
  slot: 'Evening 4–8',
  credits: { bought: 0, used: 0, left: 0, refunded: 0 },
  deliveries: [day('2026-11-30', { slot: 'Evening 4–8', covered: false })],
  createdAt: '2026-11-25T06:30:00.000Z',
});

const plansOnFile = [
  { _id: 'plan-pooja', name: 'Daily pooja basket', active: true },
  { _id: 'plan-office', name: 'Office desk flowers', active: false },
] as SubscriptionPlan[];

const rowOf = (name: string) => within(screen.getByText(name).closest('tr')!);
const optionsOf = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('/admin/subscriptions', () => {
  it('lists each subscription with its customer, plan, state, schedule, deliveries left, next delivery and date, and makes a day not made stand out', async () => {
    signInAs('orders');
    const onChosenDays = subscription('sub-days', {
      user: { _id: 'user-meena', name: 'Meena S', email: 'meena@example.com' },
      frequency: 'weekdays',
      weekdays: [5, 1, 3],
      deliveries: [],
    });
    mockApi({ 'GET /api/admin/subscriptions': () => jsonAnswer([office, pooja, onChosenDays]) });
    renderAdmin('/admin/subscriptions');

    const poojaRow = within((await screen.findByText('Lakshmi Narayanan')).closest('tr')!);
    expect(poojaRow.getByText('lakshmi@example.com')).toBeInTheDocument();
    expect(poojaRow.getByText('Daily pooja basket')).toBeInTheDocument();
    expect(poojaRow.getByText('Active')).toHaveClass('badge--green');
    expect(poojaRow.getByText('Not made Thu, 26 Nov: stock was short')).toBeInTheDocument();
    expect(poojaRow.getByText('Every day')).toBeInTheDocument();
    expect(poojaRow.getByText('Morning 8–12')).toBeInTheDocument();
    expect(poojaRow.getByText('6 / 7')).toBeInTheDocument();
    expect(poojaRow.getByText('Fri, 27 Nov 2026')).toBeInTheDocument();
    expect(poojaRow.getByText('Made into an order')).toBeInTheDocument();
    expect(poojaRow.getByText('24 Nov 2026')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Of the subscriptions shown, 1 has a delivery not made because stock was short.');

    const officeRow = rowOf('Ravi Kumar');
    expect(officeRow.getByText('Awaiting payment')).toHaveClass('badge--yellow');
    expect(officeRow.getByText('Every week on Mon')).toBeInTheDocument();
    expect(officeRow.getByText('Evening 4–8')).toBeInTheDocument();
    expect(officeRow.getByText('0 / 0')).toBeInTheDocument();
    expect(officeRow.getByText('Scheduled, waiting for more deliveries')).toBeInTheDocument();
    expect(officeRow.queryByText(/Not made/)).not.toBeInTheDocument();
    expect(rowOf('Meena S').getByText('Mon, Wed, Fri')).toBeInTheDocument();
    expect(rowOf('Meena S').getByText('—')).toBeInTheDocument();
    expect(screen.queryByText(/Read only/)).not.toBeInTheDocument();
  });

  it('filters by plan, from the plans on file, and by state, keeping both in the address', async () => {
    signInAs('admin');
    const { callsTo } = mockApi({
      'GET /api/admin/subscription-plans': () => jsonAnswer(plansOnFile),
      'GET /api/admin/subscriptions': ({ url }) => jsonAnswer(url.includes('plan=plan-office') ? [office] : [office, pooja]),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/subscriptions');
    await screen.findByText('Lakshmi Narayanan');
    expect(optionsOf('Plan')).toEqual(['All plans', 'Daily pooja basket', 'Office desk flowers (not sold)']);

    await user.selectOptions(screen.getByLabelText('Plan'), 'plan-office');
    await waitFor(() => expect(screen.queryByText('Lakshmi Narayanan')).not.toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('State'), 'Awaiting payment');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/subscriptions?plan=plan-office&status=awaiting-payment');
    expect(screen.getByText('Ravi Kumar')).toBeInTheDocument();
    expect(callsTo('GET', '/api/admin/subscriptions').map((call) => call.url)).toEqual([
      '/api/admin/subscriptions?page=1&limit=25',
      '/api/admin/subscriptions?page=1&limit=25&plan=plan-office',
      '/api/admin/subscriptions?page=1&limit=25&plan=plan-office&status=awaiting-payment',
    ]);
  });

  it('shows a page at a time, and opening one keeps the page', async () => {
    signInAs('orders');
    const { callsTo } = mockApi({
      'GET /api/admin/subscriptions': ({ url }) => jsonAnswer(url.includes('page=2') ? [office] : [pooja], 200, { 'x-total-count': '26' }),
      'GET /api/admin/subscriptions/sub-office': () => jsonAnswer(office),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/subscriptions');
    expect(await screen.findByText('Showing 1–25 of 26')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26–26 of 26')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Details of / }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/subscriptions?page=2&open=sub-office'));
    expect(callsTo('GET', '/api/admin/subscriptions').map((call) => call.url)).toEqual([
      '/api/admin/subscriptions?page=1&limit=25',
      '/api/admin/subscriptions?page=2&limit=25',
    ]);
  });

  it('offers the plans met in the lists to staff who may not read the catalogue, and says when nothing matches', async () => {
    signInAs('orders');
    const { callsTo } = mockApi({
      'GET /api/admin/subscriptions': ({ url }) =>
        jsonAnswer(url.includes('status=cancelled') ? [] : url.includes('plan=plan-pooja') ? [pooja] : [office, pooja]),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/subscriptions');
    await screen.findByText('Lakshmi Narayanan');
    expect(optionsOf('Plan')).toEqual(['All plans', 'Daily pooja basket', 'Office desk flowers']);

    await user.selectOptions(screen.getByLabelText('Plan'), 'Daily pooja basket');
    await screen.findByText('Lakshmi Narayanan');
    expect(optionsOf('Plan')).toEqual(['All plans', 'Daily pooja basket', 'Office desk flowers']);
    await user.selectOptions(screen.getByLabelText('State'), 'cancelled');
    expect(await screen.findByText('No subscriptions match these filters.')).toBeInTheDocument();
    expect(callsTo('GET', '/api/admin/subscription-plans')).toEqual([]);
  });

  it('falls back to the plans met in the list when the plans cannot be loaded', async () => {
    signInAs('admin');
    mockApi({
      'GET /api/admin/subscription-plans': () => jsonAnswer({ success: false, message: 'Service unavailable' }, 503),
      'GET /api/admin/subscriptions': () => jsonAnswer([pooja]),
    });
    renderAdmin('/admin/subscriptions');
    await screen.findByText('Lakshmi Narayanan');
    await waitFor(() => expect(optionsOf('Plan')).toEqual(['All plans', 'Daily pooja basket']));
  });

  it('says so when there are no subscriptions, and when they cannot be loaded', async () => {
    signInAs('orders');
    mockApi({ 'GET /api/admin/subscriptions': () => jsonAnswer([]) });
    const { unmount } = renderAdmin('/admin/subscriptions');
    expect(await screen.findByText('No subscriptions yet.')).toBeInTheDocument();
    unmount();
    mockApi({ 'GET /api/admin/subscriptions': () => jsonAnswer({ success: false, message: 'Forbidden' }, 403) });
    renderAdmin('/admin/subscriptions');
    expect(await screen.findByText('Could not load the subscriptions')).toBeInTheDocument();
  });

  it('opens a subscription: its coming days with the one not made and why, where each goes, its orders, pauses and packs', async () => {
    signInAs('accounts');
    const { callsTo } = mockApi({
      'GET /api/admin/subscriptions': () => jsonAnswer([office, pooja]),
      'GET /api/admin/subscriptions/sub-pooja': () => jsonAnswer(pooja),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/subscriptions');
    await user.click(await screen.findByRole('button', { name: 'Details of Lakshmi Narayanan’s subscription to Daily pooja basket' }));
    const detail = within(await screen.findByRole('region', { name: 'Daily pooja basket for Lakshmi Narayanan' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/subscriptions?open=sub-pooja');
    expect(callsTo('GET', '/api/admin/subscriptions/sub-pooja')).toHaveLength(1);
    expect(detail.getByText('7 bought, 1 used, 6 left, 0 refunded', { exact: false })).toBeInTheDocument();

    const days = within(detail.getByRole('table', { name: 'Coming deliveries, today first' }));
    const notMade = within(days.getByRole('rowheader', { name: 'Thu, 26 Nov 2026' }).closest('tr')!);
    expect(notMade.getByText('Not made: stock was short')).toBeInTheDocument();
    expect(notMade.getByText(NOT_MADE_NOTE)).toBeInTheDocument();
    expect(days.getByRole('rowheader', { name: 'Thu, 26 Nov 2026' }).closest('tr')).toHaveClass('subscription-days__row--not-made');

    const ordered = within(days.getByRole('rowheader', { name: 'Fri, 27 Nov 2026' }).closest('tr')!);
    expect(ordered.getByText('Made into an order')).toBeInTheDocument();
    expect(ordered.getByRole('link', { name: 'Order D27F01 in Orders' })).toHaveAttribute('href', '/admin/orders?q=order-day-d27f01');

    const redirected = within(days.getByRole('rowheader', { name: 'Sat, 28 Nov 2026' }).closest('tr')!);
    expect(redirected.getByText('Scheduled, covered')).toBeInTheDocument();
    expect(redirected.getByText('Priya')).toBeInTheDocument();
    expect(redirected.getByText('+919876543210')).toBeInTheDocument();
    expect(redirected.getByText('9 Kapaleeshwarar Koil Street, Chennai – 600004')).toBeInTheDocument();
    expect(redirected.getByText('Morning 8–12')).toBeInTheDocument();
    expect(within(days.getByRole('rowheader', { name: 'Sun, 29 Nov 2026' }).closest('tr')!).getByText('Skipped by the customer')).toBeInTheDocument();
    expect(
      within(days.getByRole('rowheader', { name: 'Fri, 4 Dec 2026' }).closest('tr')!).getByText('Scheduled, waiting for more deliveries'),
    ).toBeInTheDocument();

    expect(detail.getByText('Sat, 5 Dec 2026 to Wed, 9 Dec 2026')).toBeInTheDocument();

    const packs = within(detail.getByRole('table', { name: 'Packs, oldest first' }));
    const paid = within(packs.getByRole('link', { name: 'Order A7C001 in Orders' }).closest('tr')!);
    expect(paid.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['7', '₹60.00', '₹420.00', 'Paid', '1', '0', '#A7C001 processing']);
    expect(packs.getByRole('link', { name: 'Order A7C001 in Orders' })).toHaveAttribute('href', '/admin/orders?q=order-pack-a7c001');
    expect(within(packs.getByRole('link', { name: 'Order B15002 in Orders' }).closest('tr')!).getByText('Unpaid')).toBeInTheDocument();

    // Accounts read subscriptions but do not cancel them.
    expect(detail.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide the details of Lakshmi Narayanan’s subscription to Daily pooja basket' }));
    expect(screen.queryByRole('region', { name: 'Daily pooja basket for Lakshmi Narayanan' })).not.toBeInTheDocument();
  });

  it('cancels after a confirm step that says what is refunded, and shows the refund the answer gives', async () => {
    signInAs('orders');
    const cancelled: Subscription = {
      ...pooja,
      status: 'cancelled',
      credits: { bought: 7, used: 1, left: 0, refunded: 6 },
      packs: [
        { ...pooja.packs[0], orderStatus: 'cancelled', refunded: 6 },
        { ...pooja.packs[1], orderStatus: 'cancelled' },
      ],
      deliveries: pooja.deliveries.map((coming) =>
        coming.status === 'scheduled' || coming.status === 'skipped' ? { ...coming, status: 'cancelled' } : coming,
      ),
      cancelledAt: '2026-11-26T05:00:00.000Z',
    };
    const { callsTo } = mockApi({
      'GET /api/admin/subscriptions': () => jsonAnswer([pooja]),
      'GET /api/admin/subscriptions/sub-pooja': () => jsonAnswer(pooja),
      'POST /api/admin/subscriptions/sub-pooja/cancel': () => jsonAnswer(cancelled),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/subscriptions?open=sub-pooja');
    const detail = within(await screen.findByRole('region', { name: 'Daily pooja basket for Lakshmi Narayanan' }));

    await user.click(detail.getByRole('button', { name: 'Cancel subscription' }));
    const confirm = within(detail.getByRole('group', { name: 'Confirm cancelling the subscription' }));
    expect(confirm.getByText(/The 6 deliveries not used yet are refunded to the customer’s payment: ₹360\.00\./)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Keep it' }));
    expect(callsTo('POST', '/api/admin/subscriptions/sub-pooja/cancel')).toEqual([]);

    await user.click(detail.getByRole('button', { name: 'Cancel subscription' }));
    await user.click(detail.getByRole('button', { name: 'Yes, cancel and refund' }));
    expect(await detail.findByText(/The subscription is cancelled\. 6 deliveries refunded: ₹360\.00/)).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/subscriptions/sub-pooja/cancel')).toHaveLength(1);
    expect(detail.getByText('7 bought, 1 used, 0 left, 6 refunded', { exact: false })).toBeInTheDocument();
    expect(detail.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(rowOf('Lakshmi Narayanan').getByText('Cancelled')).toHaveClass('badge--red');
  });

  it('shows why the server refused to cancel, and lets staff try again', async () => {
    signInAs('orders');
    mockApi({
      'GET /api/admin/subscriptions': () => jsonAnswer([office]),
      'GET /api/admin/subscriptions/sub-office': () => jsonAnswer(office),
      'POST /api/admin/subscriptions/sub-office/cancel': () => jsonAnswer({ success: false, message: 'This subscription is cancelled' }, 409),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/subscriptions?open=sub-office');
    const detail = within(await screen.findByRole('region', { name: 'Office desk flowers for Ravi Kumar' }));
    await user.click(detail.getByRole('button', { name: 'Cancel subscription' }));
    expect(detail.getByText(/No paid deliveries are left to refund\./)).toBeInTheDocument();
    await user.click(detail.getByRole('button', { name: 'Yes, cancel' }));
    expect(await detail.findByText('This subscription is cancelled')).toBeInTheDocument();
    expect(detail.getByRole('button', { name: 'Yes, cancel' })).toBeEnabled();
  });
});
