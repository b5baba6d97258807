import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { RazorpayOptions } from '@thalir/api-client';
import { jsonAnswer, mockApi, networkFailure, type ApiAnswer, type MockedApi, type Responder } from '@thalir/api-client/testing';
import { signIn, signOut } from '@thalir/auth';
import type { SubscriptionPlan } from '@thalir/contracts';
import { PageDataProvider } from '../../../lib/page-data';
import SubscriptionPlanPage from './subscription-plan-page';

const POOJA: SubscriptionPlan = {
  _id: 'plan-1',
  slug: 'daily-pooja-basket',
  name: 'Daily pooja basket',
  description: 'Fresh sevanthi and roses for the morning pooja, at your door before the day begins.',
  items: [
    { productId: 'p1', name: 'Yellow Button Chrysanthemum', quantity: 10 },
    { productId: 'p2', name: 'Red Rose', quantity: 3 },
  ],
  frequencies: ['daily', 'weekdays'],
  slots: ['Morning 8–12'],
  pricePerDelivery: 90,
  packs: [7, 15, 30],
  active: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const PLAN_PATH = `/api/subscription-plans/${POOJA.slug}`;
const ADDRESS = '4 Temple Street, Mylapore, Chennai';

/** The pack's order, as POST /api/subscriptions answers it. */
function packOrder(id = 'a1b2c3d4-0000-4000-8000-00000000abcd', deliveries = 7) {
  return {
    _id: id,
    kind: 'subscription-pack',
    orderItems: [{ name: `Daily pooja basket: ${deliveries} deliveries`, product: '', quantity: deliveries, price: 90 }],
    totalAmount: 90 * deliveries,
    paymentMethod: 'razorpay',
    status: 'pending',
    isPaid: false,
    paymentDueBy: new Date(Date.now() + 20 * 60_000).toISOString(),
    user: { _id: 'u1', name: 'Asha', email: 'asha@example.com' },
  };
}

/** What GET /api/delivery/options answers: today's morning has passed; 110001 is not served. */
function deliveryOptions(pincode: string | null) {
  const dates = [
    { date: '2026-11-26', slots: ['Afternoon 12–4', 'Evening 4–8'] },
    { date: '2026-11-27', slots: ['Morning 8–12', 'Afternoon 12–4', 'Evening 4–8'] },
  ];
  if (pincode === null) return { served: null, dates, cutoff: '2:00 PM' };
  return pincode === '110001'
    ? { served: false, message: 'We cannot deliver to 110001 yet', dates, cutoff: '2:00 PM' }
    : { served: true, dates, cutoff: '2:00 PM' };
}

let subscribeAnswer: Responder;
/** The first pack's order as GET /api/orders/:id answers it now. */
let packOrderNow: () => object;
let api: MockedApi;

beforeEach(() => {
  subscribeAnswer = () => jsonAnswer({ subscription: { _id: 'sub-1', status: 'awaiting-payment' }, order: packOrder() }, 201);
  packOrderNow = () => packOrder();
  api = mockApi({
    [`GET ${PLAN_PATH}`]: () => jsonAnswer(POOJA),
    'GET /api/delivery/options': ({ url }) => jsonAnswer(deliveryOptions(new URL(url, 'http://shop').searchParams.get('pincode'))),
    'GET /api/subscriptions/mine': () => jsonAnswer([]),
    // A profile with nothing to fill; the test of the filling answers its own.
    'GET /api/users/profile': () => jsonAnswer({ _id: 'u1', name: '', email: 'lakshmi@example.com', address: '', role: 'customer' }),
    'POST /api/subscriptions': (call) => subscribeAnswer(call),
    'POST /api/subscriptions/sub-1/packs': () => jsonAnswer({ subscription: { _id: 'sub-1' }, order: packOrder('b2c3d4e5-0000-4000-8000-00000000beef') }, 201),
    [`GET /api/orders/${packOrder()._id}`]: () => jsonAnswer(packOrderNow()),
    'GET /api/payments/config': () => jsonAnswer({ provider: 'sandbox', key: 'rzp_test_key', checkoutScript: '/api/payments/sandbox/checkout.js' }),
    'POST /api/payments/create-order': ({ body }) =>
      jsonAnswer({ id: 'order_rzp_1', amount: (body as { amount: number }).amount * 100, currency: 'INR', receipt: (body as { receipt: string }).receipt }),
    'POST /api/payments/verify': () => jsonAnswer({ success: true, order: { ...packOrder(), isPaid: true } }),
  });
  window.alert = jest.fn();
  signIn('token-1', 'customer');
});

afterEach(() => {
  delete window.Razorpay;
});

function renderPlanPage(pageData?: Record<string, unknown>) {
  const routes = (
    <MemoryRouter initialEntries={[`/subscribe/${POOJA.slug}`]}>
      <Routes>
        <Route path="/subscribe/:slug" element={<SubscriptionPlanPage />} />
        <Route path="/subscriptions" element={<p>My subscriptions screen</p>} />
      </Routes>
    </MemoryRouter>
  );
  return render(pageData ? <PageDataProvider value={pageData}>{routes}</PageDataProvider> : routes);
}

/** A stand-in for the provider's checkout script: records each popup so a test can act as the customer. */
function fakeRazorpay() {
  const popups: { options: RazorpayOptions; fail: () => void; opened: boolean }[] = [];
  window.Razorpay = class {
    private readonly popup: (typeof popups)[number];
    constructor(options: RazorpayOptions) {
      this.popup = { options, fail: () => undefined, opened: false };
      popups.push(this.popup);
    }
    on(_event: 'payment.failed', listener: (response: unknown) => void) {
      this.popup.fail = () => listener({ error: { description: 'Card declined' } });
    }
    open() {
      this.popup.opened = true;
    }
  };
  return popups;
}

const paidResponse = { razorpay_order_id: 'order_rzp_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' };

/** The fields a valid subscription needs: the address, a served PIN code and the recipient's mobile. */
async function fillDelivery(user: ReturnType<typeof userEvent.setup>, pincode = '600004') {
  await user.type(await screen.findByLabelText('Delivery address'), ADDRESS);
  await user.type(screen.getByLabelText('PIN code'), pincode);
  await screen.findByText(pincode === '110001' ? 'We cannot deliver to 110001 yet' : `We deliver to ${pincode}.`);
  await user.type(screen.getByLabelText('Recipient’s mobile'), '98400 12345');
}

const submitButton = (total = '₹630.00') => screen.getByRole('button', { name: `Subscribe and pay ${total}` });

describe('SubscriptionPlanPage', () => {
  it('shows the plan the server drew the page with, without asking again: what each delivery holds, the price of one, the packs, how often and when', () => {
    signOut();
    renderPlanPage({ [PLAN_PATH]: POOJA });
    expect(screen.getByRole('heading', { level: 1, name: 'Daily pooja basket' })).toBeInTheDocument();
    expect(screen.getByText('₹90.00', { exact: false }).closest('p')).toHaveTextContent('₹90.00 a delivery');
    expect(screen.getByText(POOJA.description)).toBeInTheDocument();
    const items = within(screen.getByRole('region', { name: 'In every delivery' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['10 × Yellow Button Chrysanthemum', '3 × Red Rose']);
    const packs = within(screen.getByRole('region', { name: 'Packs' })).getAllByRole('listitem');
    expect(packs.map((pack) => pack.textContent)).toEqual(['7 deliveries ₹630.00', '15 deliveries ₹1,350.00', '30 deliveries ₹2,700.00']);
    const when = within(screen.getByRole('region', { name: 'When' }));
    expect(when.getByText('How often').parentElement).toHaveTextContent('How oftenEvery day, Chosen days of the week');
    expect(when.getByText('Time slots').parentElement).toHaveTextContent('Time slotsMorning 8–12');
    expect(screen.getByRole('link', { name: 'Flower subscriptions' })).toHaveAttribute('href', '/subscribe');
    expect(api.calls).toEqual([]);
  });

  it('fetches the plan when the page was not drawn with it, and says any slot goes for a plan without slots of its own', async () => {
    signOut();
    api.answer({ [`GET ${PLAN_PATH}`]: () => jsonAnswer({ ...POOJA, slots: [] }) });
    renderPlanPage();
    expect(screen.getByText('Loading plan…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily pooja basket' })).toBeInTheDocument();
    expect(screen.getByText('Time slots').parentElement).toHaveTextContent('Any of our delivery slots');
  });

  it('shows the storefront’s not-found page for a plan not on sale, whether drawn by the server or fetched', async () => {
    signOut();
    const notOnSale = { success: false, message: 'Subscription plan not found' };
    const drawn = renderPlanPage({ [PLAN_PATH]: notOnSale });
    expect(screen.getByRole('heading', { level: 1, name: 'This page has wandered off' })).toBeInTheDocument();
    drawn.unmount();

    api.answer({ [`GET ${PLAN_PATH}`]: () => jsonAnswer(notOnSale, 404) });
    renderPlanPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'This page has wandered off' })).toBeInTheDocument();
  });

  it('says when the plan cannot be loaded, and tries again', async () => {
    signOut();
    let answers = 0;
    api.answer({ [`GET ${PLAN_PATH}`]: () => (++answers === 1 ? networkFailure() : jsonAnswer(POOJA)) });
    const user = userEvent.setup();
    renderPlanPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load this plan.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily pooja basket' })).toBeInTheDocument();
  });

  it('asks a signed-out visitor to log in, and brings them back to the plan', async () => {
    signOut();
    renderPlanPage({ [PLAN_PATH]: POOJA });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});

describe('SubscribeForm', () => {
  it('offers as start dates only the days with one of the plan’s slots, and only those slots', async () => {
    renderPlanPage({ [PLAN_PATH]: POOJA });
    const date = await screen.findByLabelText('Start date');
    await waitFor(() => expect(screen.getByLabelText('Time slot')).toBeEnabled());
    expect(
      within(date)
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(['2026-11-27']);
    expect(
      within(screen.getByLabelText('Time slot'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Morning 8–12']);
    expect(screen.queryByLabelText(/Gift message/)).not.toBeInTheDocument();
  });

  it('fills the address and the recipient from the profile, unless the customer typed them first', async () => {
    api.answer({
      'GET /api/users/profile': () =>
        jsonAnswer({ _id: 'u1', name: 'Lakshmi', email: 'lakshmi@example.com', address: '4 Temple Street, Chennai', role: 'customer' }),
    });
    renderPlanPage();
    await waitFor(() => expect(screen.getByLabelText('Delivery address')).toHaveValue('4 Temple Street, Chennai'));
    expect(screen.getByLabelText('Recipient’s name')).toHaveValue('Lakshmi');
  });

  it('tells of a subscription to this plan still waiting for its payment, and where to pay it', async () => {
    api.answer({
      'GET /api/subscriptions/mine': () =>
        jsonAnswer([{ _id: 'sub-0', plan: { _id: POOJA._id }, status: 'awaiting-payment', packs: [{ orderId: 'o-0', orderStatus: 'pending', paid: false }] }]),
    });
    renderPlanPage();
    const link = await screen.findByRole('link', { name: 'pay it on your subscriptions page' });
    expect(link).toHaveAttribute('href', '/subscriptions');
  });

  it('offers every slot of the shop for a plan without slots of its own', async () => {
    renderPlanPage({ [PLAN_PATH]: { ...POOJA, slots: [] } });
    await waitFor(() => expect(screen.getByLabelText('Time slot')).toBeEnabled());
    expect(screen.getByLabelText('Start date')).toHaveValue('2026-11-26');
    expect(
      within(screen.getByLabelText('Time slot'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Afternoon 12–4', 'Evening 4–8']);
  });

  it('subscribes with the choices made, pays the pack’s order in the popup and goes to the subscriptions', async () => {
    const user = userEvent.setup();
    const popups = fakeRazorpay();
    renderPlanPage({ [PLAN_PATH]: POOJA });
    await fillDelivery(user);
    await user.click(screen.getByRole('radio', { name: '15 deliveries · ₹1,350.00' }));
    expect(screen.getByText(/15 deliveries × ₹90.00 =/)).toHaveTextContent('15 deliveries × ₹90.00 = ₹1,350.00, paid now online.');
    subscribeAnswer = () => jsonAnswer({ subscription: { _id: 'sub-1' }, order: packOrder(undefined, 15) }, 201);
    await user.click(submitButton('₹1,350.00'));

    await waitFor(() => expect(popups[0]?.opened).toBe(true));
    const [subscribed] = api.callsTo('POST', '/api/subscriptions');
    expect(subscribed.body).toEqual({
      plan: 'daily-pooja-basket',
      startDate: '2026-11-27',
      frequency: 'daily',
      slot: 'Morning 8–12',
      address: ADDRESS,
      pincode: '600004',
      recipientPhone: '98400 12345',
      pack: 15,
    });
    expect(subscribed.authorization).toBe('Bearer token-1');
    expect(api.callsTo('POST', '/api/payments/create-order')[0].body).toEqual({ amount: 1350, receipt: packOrder()._id });
    expect(popups[0].options).toMatchObject({ amount: 135000, currency: 'INR', order_id: 'order_rzp_1', description: 'Daily pooja basket: 15 deliveries' });
    expect(submitButton('₹1,350.00')).toBeDisabled();

    act(() => popups[0].options.handler(paidResponse));
    expect(await screen.findByText('My subscriptions screen')).toBeInTheDocument();
    expect(window.alert).toHaveBeenCalledWith('Payment Successful!');
    expect(api.callsTo('POST', '/api/payments/verify')[0].body).toEqual({ ...paidResponse, orderId: packOrder()._id });
  });

  it('asks for the days of the week only for deliveries on chosen days, and sends them in order', async () => {
    const user = userEvent.setup();
    fakeRazorpay();
    renderPlanPage({ [PLAN_PATH]: POOJA });
    await fillDelivery(user);
    expect(screen.queryByRole('group', { name: 'Days of the week' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Chosen days of the week' }));
    const days = screen.getByRole('group', { name: 'Days of the week' });
    expect(
      within(days)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')!.textContent),
    ).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    await user.click(submitButton());
    expect(await within(days).findByRole('alert')).toHaveTextContent('Choose the days of the week for your deliveries');
    expect(api.callsTo('POST', '/api/subscriptions')).toEqual([]);

    await user.click(within(days).getByRole('checkbox', { name: 'Friday' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Monday' }));
    expect(within(days).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(submitButton());
    await waitFor(() => expect(api.callsTo('POST', '/api/subscriptions')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/subscriptions')[0].body).toMatchObject({ frequency: 'weekdays', weekdays: [1, 5] });
  });

  it('refuses a missing address, an unserved PIN code and a wrong mobile before subscribing', async () => {
    const user = userEvent.setup();
    renderPlanPage({ [PLAN_PATH]: POOJA });
    await user.type(await screen.findByLabelText('PIN code'), '110001');
    await screen.findByText('We cannot deliver to 110001 yet');
    await user.type(screen.getByLabelText('Recipient’s mobile'), '12345');
    await user.click(submitButton());

    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Please enter the delivery address',
      'We cannot deliver to 110001 yet',
      "Enter the recipient's 10-digit Indian mobile number (optionally with +91)",
    ]);
    expect(screen.getByLabelText('Delivery address')).toHaveFocus();
    expect(api.callsTo('POST', '/api/subscriptions')).toEqual([]);
  });

  it.each([
    [400, 'This plan is delivered in: Morning 8–12'],
    [409, 'This plan’s packs have changed: please choose a pack again'],
    [429, 'You already have 3 orders waiting for payment. Please pay for or cancel one of them before placing another.'],
  ])('shows a refusal (%i) by the form in the server’s words, and keeps everything typed', async (status, message) => {
    const user = userEvent.setup();
    subscribeAnswer = () => jsonAnswer({ success: false, message }, status);
    renderPlanPage({ [PLAN_PATH]: POOJA });
    await user.click(await screen.findByRole('radio', { name: 'Chosen days of the week' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
    await fillDelivery(user);
    await user.click(screen.getByRole('radio', { name: '30 deliveries · ₹2,700.00' }));
    await user.click(submitButton('₹2,700.00'));

    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('Could not start your subscription.');
    expect(refusal).toHaveTextContent(message);
    expect(screen.getByRole('form', { name: 'Subscribe to Daily pooja basket' })).toContainElement(refusal);
    expect(screen.getByRole('checkbox', { name: 'Tuesday' })).toBeChecked();
    expect(screen.getByLabelText('Delivery address')).toHaveValue(ADDRESS);
    expect(screen.getByLabelText('PIN code')).toHaveValue('600004');
    expect(screen.getByLabelText('Recipient’s mobile')).toHaveValue('98400 12345');
    expect(screen.getByRole('radio', { name: '30 deliveries · ₹2,700.00' })).toBeChecked();
    expect(submitButton('₹2,700.00')).toBeEnabled();
    expect(api.callsTo('POST', '/api/payments/create-order')).toEqual([]);
  });

  it('does not show a server error’s own words', async () => {
    const user = userEvent.setup();
    subscribeAnswer = () => jsonAnswer({ success: false, message: 'Internal server error' }, 500);
    renderPlanPage({ [PLAN_PATH]: POOJA });
    await fillDelivery(user);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not start your subscription.');
    expect(screen.queryByText(/Internal server error/)).not.toBeInTheDocument();
  });

  it('subscribes once however fast the button is pressed', async () => {
    const user = userEvent.setup();
    fakeRazorpay();
    let answer: (response: ApiAnswer) => void = () => undefined;
    subscribeAnswer = () => new Promise((resolve) => (answer = resolve));
    renderPlanPage({ [PLAN_PATH]: POOJA });
    await fillDelivery(user);
    await user.dblClick(submitButton());
    fireEvent.submit(submitButton().closest('form')!);
    expect(api.callsTo('POST', '/api/subscriptions')).toHaveLength(1);
    await act(async () => answer(jsonAnswer({ subscription: { _id: 'sub-1' }, order: packOrder() }, 201)));
    await waitFor(() => expect(api.callsTo('POST', '/api/payments/create-order')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/subscriptions')).toHaveLength(1);
  });

  describe('a pack left unpaid', () => {
    async function subscribeThenClosePopup() {
      const user = userEvent.setup();
      const popups = fakeRazorpay();
      renderPlanPage({ [PLAN_PATH]: POOJA });
      await fillDelivery(user);
      await user.click(submitButton());
      await waitFor(() => expect(popups[0]?.opened).toBe(true));
      act(() => popups[0].options.modal.ondismiss());
      return { user, popups };
    }

    it('says the subscription is saved, and pays the same order again without subscribing twice', async () => {
      const { user, popups } = await subscribeThenClosePopup();
      expect(screen.getByText(/is saved, but its pack is not paid yet/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'your subscriptions' })).toHaveAttribute('href', '/subscriptions');

      await user.click(submitButton());
      await waitFor(() => expect(popups[1]?.opened).toBe(true));
      expect(api.callsTo('POST', '/api/subscriptions')).toHaveLength(1);
      expect(api.callsTo('POST', '/api/payments/create-order').map((call) => call.body)).toEqual([
        { amount: 630, receipt: packOrder()._id },
        { amount: 630, receipt: packOrder()._id },
      ]);
    });

    it('buys a new pack of the same subscription once the first pack’s payment window has closed', async () => {
      const { user, popups } = await subscribeThenClosePopup();
      packOrderNow = () => ({ ...packOrder(), status: 'cancelled', paymentDueBy: null });
      await user.click(submitButton());
      await waitFor(() => expect(popups[1]?.opened).toBe(true));
      expect(api.callsTo('POST', '/api/subscriptions')).toHaveLength(1);
      expect(api.callsTo('POST', '/api/subscriptions/sub-1/packs')[0].body).toEqual({ pack: 7 });
      expect(api.callsTo('POST', '/api/payments/create-order')[1].body).toEqual({ amount: 630, receipt: 'b2c3d4e5-0000-4000-8000-00000000beef' });
    });

    it('goes to the subscriptions when the pack’s payment arrived after the popup closed', async () => {
      const { user } = await subscribeThenClosePopup();
      packOrderNow = () => ({ ...packOrder(), status: 'processing', isPaid: true });
      await user.click(submitButton());
      expect(await screen.findByText('My subscriptions screen')).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/payments/create-order')).toHaveLength(1);
    });

    it('starts another subscription when the choices have changed', async () => {
      const { user, popups } = await subscribeThenClosePopup();
      await user.clear(screen.getByLabelText('Delivery address'));
      await user.type(screen.getByLabelText('Delivery address'), '9 Kapaleeshwarar Koil Street, Chennai');
      await user.click(submitButton());
      await waitFor(() => expect(popups[1]?.opened).toBe(true));
      expect(api.callsTo('POST', '/api/subscriptions').map((call) => (call.body as { address: string }).address)).toEqual([
        ADDRESS,
        '9 Kapaleeshwarar Koil Street, Chennai',
      ]);
    });

    it('says when the payment fails, and keeps the form', async () => {
      const user = userEvent.setup();
      const popups = fakeRazorpay();
      renderPlanPage({ [PLAN_PATH]: POOJA });
      await fillDelivery(user);
      await user.click(submitButton());
      await waitFor(() => expect(popups[0]?.opened).toBe(true));
      act(() => popups[0].fail());
      expect(window.alert).toHaveBeenCalledWith('Payment failed');
      expect(submitButton()).toBeEnabled();
      expect(screen.getByLabelText('Delivery address')).toHaveValue(ADDRESS);
    });

    it('says when the popup cannot be opened', async () => {
      const user = userEvent.setup();
      fakeRazorpay();
      api.answer({ 'POST /api/payments/create-order': () => jsonAnswer({ success: false, message: 'Payments are unavailable right now' }, 503) });
      renderPlanPage({ [PLAN_PATH]: POOJA });
      await fillDelivery(user);
      await user.click(submitButton());
      expect(await screen.findByRole('alert')).toHaveTextContent('Could not open the payment window.');
      expect(screen.getByText(/is saved, but its pack is not paid yet/)).toBeInTheDocument();
    });
  });
});
