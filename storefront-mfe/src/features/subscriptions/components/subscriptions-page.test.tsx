import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { RazorpayOptions } from '@thalir/api-client';
import { jsonAnswer, mockApi, type MockedApi } from '@thalir/api-client/testing';
import { signIn } from '@thalir/auth';
import type { Order, Subscription, SubscriptionDelivery } from '@thalir/contracts';
import SubscriptionsPage from './subscriptions-page';

const SUBSCRIPTION_ID = 'sub-1';
const TOO_LATE = 'It is too late to change the delivery of 2 Dec 2026: changes closed at 8:00 AM that day';

function makeDay(date: string, changes: Partial<SubscriptionDelivery> = {}): SubscriptionDelivery {
  return {
    date,
    slot: 'Morning 8–12',
    status: 'scheduled',
    covered: true,
    // 8:00 AM in India on the day itself.
    changeableUntil: `${date}T02:30:00.000Z`,
    address: '4 Temple Street, Mylapore, Chennai',
    pincode: '600004',
    recipientName: 'Lakshmi',
    recipientPhone: '+919840012345',
    orderId: null,
    note: null,
    ...changes,
  };
}

function makeSubscription(changes: Partial<Subscription> = {}): Subscription {
  return {
    _id: SUBSCRIPTION_ID,
    plan: {
      _id: 'plan-1',
      slug: 'daily-pooja-basket',
      name: 'Daily pooja basket',
      pricePerDelivery: 60,
      packs: [7, 15, 30],
      slots: ['Morning 8–12', 'Evening 4–8'],
    },
    status: 'active',
    frequency: 'daily',
    weekdays: [],
    startDate: '2026-12-01',
    slot: 'Morning 8–12',
    address: '4 Temple Street, Mylapore, Chennai',
    pincode: '600004',
    recipientName: 'Lakshmi',
    recipientPhone: '+919840012345',
    credits: { bought: 7, used: 1, left: 6, refunded: 0 },
    pauses: [],
    deliveries: [makeDay('2026-12-02'), makeDay('2026-12-03')],
    packs: [
      {
        orderId: 'pack-order-1',
        orderStatus: 'processing',
        deliveries: 7,
        pricePerDelivery: 60,
        amount: 420,
        paid: true,
        used: 1,
        refunded: 0,
        createdAt: '2026-11-30T10:00:00.000Z',
      },
    ],
    createdAt: '2026-11-30T10:00:00.000Z',
    cancelledAt: null,
    ...changes,
  };
}

/** The subscription with one day replaced, as the server answers a change. */
const withDay = (subscription: Subscription, day: SubscriptionDelivery): Subscription => ({
  ...subscription,
  deliveries: subscription.deliveries.map((shown) => (shown.date === day.date ? day : shown)),
});

function packOrder(id: string, deliveries: number, amount: number): Order {
  return {
    _id: id,
    kind: 'subscription-pack',
    subscriptionId: SUBSCRIPTION_ID,
    orderItems: [{ name: `Daily pooja basket: ${deliveries} deliveries`, product: '', quantity: deliveries, price: 60 }],
    totalAmount: amount,
    paymentMethod: 'razorpay',
    address: '4 Temple Street, Mylapore, Chennai',
    status: 'pending',
    isPaid: false,
    paidAt: null,
    createdAt: '2026-12-01T10:00:00.000Z',
    user: { _id: 'u1', name: 'Asha', email: 'asha@example.com' },
  };
}

let api: MockedApi;

function serve(...subscriptions: Subscription[]) {
  api = mockApi({ 'GET /api/subscriptions/mine': () => jsonAnswer(subscriptions) });
}

function renderPage(address = '/subscriptions') {
  render(
    <MemoryRouter initialEntries={[address]}>
      <SubscriptionsPage />
    </MemoryRouter>,
  );
}

/** The calendar tile of a day, by its label ("Wed, 2 Dec"). */
async function findDay(label: string): Promise<HTMLElement> {
  return (await screen.findByText(label, { selector: 'time' })).closest('li')!;
}

/** Payments as the order page's tests have them: the popup's options are kept, to answer as the customer would. */
function servePayments(receipt: string, amountPaise: number): RazorpayOptions[] {
  const popups: RazorpayOptions[] = [];
  window.Razorpay = class {
    constructor(options: RazorpayOptions) {
      popups.push(options);
    }
    on() {}
    open() {}
  };
  api.answer({
    'GET /api/payments/config': () => jsonAnswer({ provider: 'sandbox', key: 'k', checkoutScript: '/sandbox.js' }),
    'POST /api/payments/create-order': () => jsonAnswer({ id: 'order_rzp_7', amount: amountPaise, currency: 'INR', receipt, key: 'k' }),
    'POST /api/payments/verify': () => jsonAnswer({ success: true }),
  });
  return popups;
}

beforeEach(() => signIn('token-1', 'customer'));
afterEach(() => {
  delete window.Razorpay;
});

describe('SubscriptionsPage', () => {
  it('shows each subscription: plan, status, how often, slot, address and credits, and what each coming day brings in plain words', async () => {
    serve(
      makeSubscription({
        deliveries: [
          makeDay('2026-12-01', { status: 'ordered', covered: false, changeableUntil: null, orderId: 'order-d1' }),
          makeDay('2026-12-02'),
          makeDay('2026-12-03', { status: 'skipped', covered: false }),
          makeDay('2026-12-04', { status: 'paused', covered: false, changeableUntil: null }),
          makeDay('2026-12-05', { status: 'closed', covered: false, changeableUntil: null }),
          makeDay('2026-12-06', {
            status: 'not-made',
            covered: false,
            changeableUntil: null,
            note: 'We did not have enough fresh flowers; your credit is kept',
          }),
          makeDay('2026-12-07', { covered: false, address: '9 Kapaleeshwarar Koil Street, Chennai', recipientName: 'Priya' }),
          makeDay('2026-12-08', { status: 'no-credit', covered: false, changeableUntil: null }),
          makeDay('2026-12-09', { status: 'cancelled', covered: false, changeableUntil: null }),
        ],
      }),
    );
    renderPage();

    const card = within(await screen.findByRole('article', { name: 'Daily pooja basket' }));
    expect(card.getByText('Active')).toHaveClass('badge--green');
    expect(card.getByText('Every day')).toBeInTheDocument();
    expect(card.getByText('1 Dec 2026')).toBeInTheDocument();
    expect(card.getByText(/Lakshmi · \+919840012345/)).toHaveTextContent('4 Temple Street, Mylapore, Chennai – 600004');
    expect(card.getByText('6 left of 7 bought · 1 used · 0 refunded')).toBeInTheDocument();

    const days = within(card.getByRole('list', { name: 'Coming deliveries' }))
      .getAllByRole('listitem')
      .map((day) => within(day).getByText(/Morning 8–12/, { selector: 'p' }).nextElementSibling?.textContent);
    expect(days).toEqual([
      'On its way See the order of Tue, 1 Dec',
      'Will be delivered',
      'Skipped',
      'Paused',
      'Shop closed',
      'Not made',
      'Waits for more deliveries',
      'Not made: no deliveries were left',
      'Cancelled',
    ]);
    expect(within(await findDay('Tue, 1 Dec')).getByRole('link', { name: 'See the order of Tue, 1 Dec' })).toHaveAttribute('href', '/order/order-d1');
    expect(await findDay('Sun, 6 Dec')).toHaveTextContent('We did not have enough fresh flowers; your credit is kept');
    expect(await findDay('Mon, 7 Dec')).toHaveTextContent('To Priya, 9 Kapaleeshwarar Koil Street, Chennai – 600004');
    const open = await findDay('Wed, 2 Dec');
    expect(open).toHaveTextContent('Changes close 2 Dec, 8:00 am');
    expect(within(open).getByRole('button', { name: 'Skip Wed, 2 Dec' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Change Wed, 2 Dec' })).toBeInTheDocument();
    expect(within(await findDay('Fri, 4 Dec')).queryByRole('button')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/subscriptions/mine')[0].authorization).toBe('Bearer token-1');
  });

  it('skips a day and takes the skip back, showing the subscription each answer brings', async () => {
    const user = userEvent.setup();
    const subscription = makeSubscription();
    serve(subscription);
    const skipped = withDay(subscription, makeDay('2026-12-02', { status: 'skipped', covered: false }));
    api.answer({
      'PATCH /api/subscriptions/sub-1/deliveries/2026-12-02': ({ body }) => jsonAnswer((body as { skip: boolean }).skip ? skipped : subscription),
    });
    renderPage();

    await user.click(within(await findDay('Wed, 2 Dec')).getByRole('button', { name: 'Skip Wed, 2 Dec' }));
    expect(await within(await findDay('Wed, 2 Dec')).findByText('Skipped')).toBeInTheDocument();
    await user.click(within(await findDay('Wed, 2 Dec')).getByRole('button', { name: 'Undo skip Wed, 2 Dec' }));
    expect(await within(await findDay('Wed, 2 Dec')).findByText('Will be delivered')).toBeInTheDocument();

    expect(api.callsTo('PATCH', '/api/subscriptions/sub-1/deliveries/2026-12-02').map((call) => call.body)).toEqual([{ skip: true }, { skip: false }]);
  });

  it('changes a day: sends only what changed and closes the form', async () => {
    const user = userEvent.setup();
    const subscription = makeSubscription();
    serve(subscription);
    api.answer({
      'PATCH /api/subscriptions/sub-1/deliveries/2026-12-02': () =>
        jsonAnswer(withDay(subscription, makeDay('2026-12-02', { slot: 'Evening 4–8', recipientName: 'Priya', changeableUntil: '2026-12-02T10:30:00.000Z' }))),
    });
    renderPage();

    const day = within(await findDay('Wed, 2 Dec'));
    await user.click(day.getByRole('button', { name: 'Change Wed, 2 Dec' }));
    const form = within(day.getByRole('form', { name: 'Change the delivery of Wed, 2 Dec' }));
    expect(form.getByLabelText('Delivery address')).toHaveValue('4 Temple Street, Mylapore, Chennai');
    await user.selectOptions(form.getByLabelText('Time slot'), 'Evening 4–8');
    await user.clear(form.getByLabelText('Recipient’s name'));
    await user.type(form.getByLabelText('Recipient’s name'), 'Priya');
    await user.click(form.getByRole('button', { name: 'Save changes' }));

    expect(await day.findByText('Changes close 2 Dec, 4:00 pm')).toBeInTheDocument();
    expect(day.getByText('To Priya, 4 Temple Street, Mylapore, Chennai – 600004')).toBeInTheDocument();
    expect(day.queryByRole('form')).not.toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/subscriptions/sub-1/deliveries/2026-12-02')[0].body).toEqual({ slot: 'Evening 4–8', recipientName: 'Priya' });
  });

  it('shows a 409 at the day, keeps what was typed, and reads the subscription again', async () => {
    const user = userEvent.setup();
    const subscription = makeSubscription();
    serve(subscription);
    api.answer({
      'PATCH /api/subscriptions/sub-1/deliveries/2026-12-02': () => jsonAnswer({ success: false, message: TOO_LATE }, 409),
      'GET /api/subscriptions/sub-1': () =>
        jsonAnswer(withDay(subscription, makeDay('2026-12-02', { status: 'ordered', covered: false, changeableUntil: null, orderId: 'order-d2' }))),
    });
    renderPage();

    const day = within(await findDay('Wed, 2 Dec'));
    await user.click(day.getByRole('button', { name: 'Change Wed, 2 Dec' }));
    const address = day.getByLabelText('Delivery address');
    await user.clear(address);
    await user.type(address, '9 Kapaleeshwarar Koil Street, Chennai');
    await user.click(day.getByRole('button', { name: 'Save changes' }));

    expect(await day.findByRole('alert')).toHaveTextContent(TOO_LATE);
    expect(await day.findByText(/On its way/)).toBeInTheDocument();
    expect(day.getByLabelText('Delivery address')).toHaveValue('9 Kapaleeshwarar Koil Street, Chennai');
    expect(day.queryByRole('button', { name: /Skip/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/subscriptions/sub-1')).toHaveLength(1);
  });

  it('pauses from one day to another, shows a refused pause in its form, and ends a pause', async () => {
    const user = userEvent.setup();
    const subscription = makeSubscription();
    const paused = makeSubscription({ pauses: [{ _id: 'pause-1', from: '2026-12-10', to: '2026-12-12' }] });
    serve(subscription);
    let pauses = 0;
    api.answer({
      'POST /api/subscriptions/sub-1/pauses': () =>
        ++pauses === 1 ? jsonAnswer({ success: false, message: 'The last day of the pause comes before its first day' }, 400) : jsonAnswer(paused, 201),
      'DELETE /api/subscriptions/sub-1/pauses/pause-1': () => jsonAnswer(subscription),
    });
    renderPage();

    const pausesPart = within(await screen.findByRole('region', { name: 'Pauses' }));
    await user.click(pausesPart.getByRole('button', { name: 'Pause deliveries' }));
    await user.type(pausesPart.getByLabelText('First day without flowers'), '2026-12-12');
    await user.type(pausesPart.getByLabelText('Last day without flowers'), '2026-12-10');
    await user.click(pausesPart.getByRole('button', { name: 'Save pause' }));
    expect(await pausesPart.findByRole('alert')).toHaveTextContent('The last day of the pause comes before its first day');
    expect(pausesPart.getByLabelText('First day without flowers')).toHaveValue('2026-12-12');

    await user.clear(pausesPart.getByLabelText('First day without flowers'));
    await user.type(pausesPart.getByLabelText('First day without flowers'), '2026-12-10');
    await user.clear(pausesPart.getByLabelText('Last day without flowers'));
    await user.type(pausesPart.getByLabelText('Last day without flowers'), '2026-12-12');
    await user.click(pausesPart.getByRole('button', { name: 'Save pause' }));
    expect(await pausesPart.findByText('No deliveries 10 Dec 2026 – 12 Dec 2026')).toBeInTheDocument();
    expect(pausesPart.queryByRole('form')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/subscriptions/sub-1/pauses').map((call) => call.body)).toEqual([
      { from: '2026-12-12', to: '2026-12-10' },
      { from: '2026-12-10', to: '2026-12-12' },
    ]);

    await user.click(pausesPart.getByRole('button', { name: 'End pause 10 Dec 2026 – 12 Dec 2026' }));
    await waitFor(() => expect(pausesPart.queryByText(/No deliveries/)).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/subscriptions/sub-1/pauses/pause-1')).toHaveLength(1);
  });

  it('buys more deliveries: places the pack, pays its order online with the order id as the receipt, then reads the subscription again', async () => {
    const user = userEvent.setup();
    const subscription = makeSubscription();
    const order = packOrder('pack-order-2', 15, 900);
    const unpaidPack = {
      orderId: order._id,
      orderStatus: 'pending' as const,
      deliveries: 15,
      pricePerDelivery: 60,
      amount: 900,
      paid: false,
      used: 0,
      refunded: 0,
      createdAt: '2026-12-01T10:00:00.000Z',
    };
    serve(subscription);
    const popups = servePayments(order._id, 90000);
    api.answer({
      'POST /api/subscriptions/sub-1/packs': () => jsonAnswer({ subscription: { ...subscription, packs: [...subscription.packs, unpaidPack] }, order }, 201),
      'GET /api/subscriptions/sub-1': () =>
        jsonAnswer({
          ...subscription,
          credits: { bought: 22, used: 1, left: 21, refunded: 0 },
          packs: [...subscription.packs, { ...unpaidPack, orderStatus: 'processing', paid: true }],
        }),
    });
    renderPage();

    const deliveries = within(await screen.findByRole('region', { name: 'Deliveries' }));
    await user.click(deliveries.getByRole('button', { name: 'Buy more deliveries' }));
    const packs = deliveries.getAllByRole('radio').map((choice) => choice.parentElement?.textContent);
    expect(packs).toEqual(['7 deliveries · ₹420.00', '15 deliveries · ₹900.00', '30 deliveries · ₹1,800.00']);
    await user.click(deliveries.getByRole('radio', { name: '15 deliveries · ₹900.00' }));
    await user.click(deliveries.getByRole('button', { name: 'Buy and pay ₹900.00' }));

    await waitFor(() => expect(popups).toHaveLength(1));
    expect(api.callsTo('POST', '/api/subscriptions/sub-1/packs')[0].body).toEqual({ pack: 15 });
    expect(api.callsTo('POST', '/api/payments/create-order')[0].body).toEqual({ amount: 900, receipt: 'pack-order-2' });
    expect(popups[0]).toMatchObject({ order_id: 'order_rzp_7', amount: 90000, description: 'Daily pooja basket: 15 deliveries' });
    act(() => popups[0].handler({ razorpay_order_id: 'order_rzp_7', razorpay_payment_id: 'pay_7', razorpay_signature: 'sig' }));

    expect(await deliveries.findByText('Payment received. Your new deliveries are added to your subscription.')).toBeInTheDocument();
    expect(await deliveries.findByText('21 left of 22 bought · 1 used · 0 refunded')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/payments/verify')[0].body).toMatchObject({ orderId: 'pack-order-2', razorpay_payment_id: 'pay_7' });
  });

  it("pays an awaiting-payment subscription's unpaid pack from here", async () => {
    const user = userEvent.setup();
    const order = packOrder('pack-order-1', 7, 420);
    const subscription = makeSubscription({
      status: 'awaiting-payment',
      credits: { bought: 0, used: 0, left: 0, refunded: 0 },
      deliveries: [makeDay('2026-12-02', { covered: false })],
      packs: [
        // Its payment window closed: a pack of its own can no longer be paid.
        {
          orderId: 'pack-order-0',
          orderStatus: 'cancelled',
          deliveries: 15,
          pricePerDelivery: 60,
          amount: 900,
          paid: false,
          used: 0,
          refunded: 0,
          createdAt: '2026-11-29T10:00:00.000Z',
        },
        {
          orderId: order._id,
          orderStatus: 'pending',
          deliveries: 7,
          pricePerDelivery: 60,
          amount: 420,
          paid: false,
          used: 0,
          refunded: 0,
          createdAt: '2026-11-30T10:00:00.000Z',
        },
      ],
    });
    serve(subscription);
    const popups = servePayments(order._id, 42000);
    api.answer({
      'GET /api/orders/pack-order-1': () => jsonAnswer(order),
      'GET /api/subscriptions/sub-1': () => jsonAnswer(subscription),
    });
    renderPage();

    const card = within(await screen.findByRole('article', { name: 'Daily pooja basket' }));
    expect(card.getByText('Awaiting payment')).toHaveClass('badge--yellow');
    expect(card.getByText('Your deliveries start once your first pack is paid.')).toBeInTheDocument();
    expect(card.getByText('Pack of 7 deliveries, ₹420.00: not paid yet')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Pay ₹900.00' })).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Pay ₹420.00' }));

    await waitFor(() => expect(popups).toHaveLength(1));
    expect(api.callsTo('POST', '/api/payments/create-order')[0].body).toEqual({ amount: 420, receipt: 'pack-order-1' });
    act(() => popups[0].modal.ondismiss());
    expect(await card.findByText('Your pack is saved but not paid yet: pay it here when you are ready.')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Pay ₹420.00' })).toBeEnabled();
  });

  it('cancels after a step that says what happens and what is refunded', async () => {
    const user = userEvent.setup();
    const subscription = makeSubscription({
      credits: { bought: 22, used: 9, left: 13, refunded: 0 },
      packs: [
        {
          orderId: 'pack-order-1',
          orderStatus: 'processing',
          deliveries: 7,
          pricePerDelivery: 60,
          amount: 420,
          paid: true,
          used: 7,
          refunded: 0,
          createdAt: '2026-11-01T10:00:00.000Z',
        },
        {
          orderId: 'pack-order-2',
          orderStatus: 'processing',
          deliveries: 15,
          pricePerDelivery: 55,
          amount: 825,
          paid: true,
          used: 2,
          refunded: 0,
          createdAt: '2026-11-08T10:00:00.000Z',
        },
        {
          orderId: 'pack-order-3',
          orderStatus: 'pending',
          deliveries: 7,
          pricePerDelivery: 60,
          amount: 420,
          paid: false,
          used: 0,
          refunded: 0,
          createdAt: '2026-11-20T10:00:00.000Z',
        },
      ],
    });
    serve(subscription);
    api.answer({
      'POST /api/subscriptions/sub-1/cancel': () =>
        jsonAnswer({
          ...subscription,
          status: 'cancelled',
          cancelledAt: '2026-12-01T10:00:00.000Z',
          credits: { bought: 22, used: 9, left: 0, refunded: 13 },
          deliveries: subscription.deliveries.map((day) => ({ ...day, status: 'cancelled', covered: false, changeableUntil: null })),
          packs: subscription.packs.map((pack) => ({ ...pack, orderStatus: 'cancelled', refunded: pack.paid ? pack.deliveries - pack.used : 0 })),
        }),
    });
    renderPage();

    const card = within(await screen.findByRole('article', { name: 'Daily pooja basket' }));
    await user.click(card.getByRole('button', { name: 'Cancel subscription' }));
    const confirm = within(card.getByRole('region', { name: 'Cancel Daily pooja basket?' }));
    expect(confirm.getByText('There will be no more deliveries. A delivery already on its way still comes.')).toBeInTheDocument();
    expect(
      confirm.getByText('Your 13 unused deliveries, ₹715.00, will be refunded to the card or account you paid with. The pack not paid yet is cancelled too.'),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Keep my subscription' }));
    expect(api.callsTo('POST', '/api/subscriptions/sub-1/cancel')).toHaveLength(0);

    await user.click(card.getByRole('button', { name: 'Cancel subscription' }));
    await user.click(card.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await card.findByText('Cancelled')).toHaveClass('badge--red');
    expect(card.getByText('0 left of 22 bought · 9 used · 13 refunded')).toBeInTheDocument();
    expect(card.queryByRole('button')).not.toBeInTheDocument();
    expect(card.queryByRole('list', { name: 'Coming deliveries' })).not.toBeInTheDocument();
  });

  it('opens Buy more for the subscription the low-credits mail names (?buy=)', async () => {
    serve(
      makeSubscription(),
      makeSubscription({
        _id: 'sub-2',
        plan: { _id: 'plan-2', slug: 'office-desk', name: 'Office desk flowers', pricePerDelivery: 150, packs: [4, 8], slots: [] },
        frequency: 'weekdays',
        weekdays: [1, 3, 5],
      }),
    );
    renderPage('/subscriptions?buy=sub-2');

    const office = within(await screen.findByRole('article', { name: 'Office desk flowers' }));
    expect(office.getByText('Every Mon, Wed and Fri')).toBeInTheDocument();
    const choices = office.getAllByRole('radio');
    expect(choices.map((choice) => choice.parentElement?.textContent)).toEqual(['4 deliveries · ₹600.00', '8 deliveries · ₹1,200.00']);
    expect(choices[0]).toHaveFocus();
    const pooja = within(screen.getByRole('article', { name: 'Daily pooja basket' }));
    expect(pooja.queryByRole('radio')).not.toBeInTheDocument();
    expect(pooja.getByRole('button', { name: 'Buy more deliveries' })).toBeInTheDocument();
  });

  it('lists the plans on sale when there is no subscription yet', async () => {
    serve();
    api.answer({
      'GET /api/subscription-plans': () =>
        jsonAnswer([{ _id: 'plan-1', slug: 'daily-pooja-basket', name: 'Daily pooja basket', pricePerDelivery: 60, packs: [7, 15, 30] }]),
    });
    renderPage();
    expect(await screen.findByText('You have no flower subscriptions yet.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Daily pooja basket' })).toHaveAttribute('href', '/subscribe/daily-pooja-basket');
    expect(screen.getByRole('listitem')).toHaveTextContent('Daily pooja basket · ₹60.00 a delivery');
  });

  it('says when the subscriptions cannot be loaded', async () => {
    api = mockApi({ 'GET /api/subscriptions/mine': () => jsonAnswer({ message: 'Internal server error' }, 500) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your subscriptions.');
  });

  it('asks a signed-out visitor to log in', () => {
    localStorage.clear();
    serve();
    renderPage();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(api.calls).toEqual([]);
  });
});
