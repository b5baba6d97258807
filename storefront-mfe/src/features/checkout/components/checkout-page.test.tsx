import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { RazorpayOptions } from '@thalir/api-client';
import { jsonAnswer, mockApi, type ApiAnswer, type MockedApi, type Responder } from '@thalir/api-client/testing';
import { signIn } from '@thalir/auth';
import { addToCart, getCart } from '@thalir/cart';
import type { QuoteRequest } from '@thalir/contracts';
import { quoteAnswer } from '../../../test-utils/quote-answers';
import CheckoutPage from './checkout-page';

const rose = { _id: 'rose', name: 'Red Rose', price: 45.5, stock: 5, image: '/r.webp' };
const fern = { _id: 'fern', name: 'Fern', price: 10, stock: 5, image: '/f.webp' };
const ADDRESS = '14 Rayakottai Road, Hosur';

function savedOrder(paymentMethod: 'cash' | 'razorpay') {
  return {
    _id: 'a1b2c3d4-0000-4000-8000-00000000abcd',
    orderItems: [
      { name: 'Red Rose', product: 'rose', quantity: 2, price: 45.5 },
      { name: 'Fern', product: 'fern', quantity: 1, price: 10 },
    ],
    totalAmount: 101,
    paymentMethod,
    address: ADDRESS,
    status: 'pending',
    isPaid: false,
    paidAt: null,
    createdAt: '2026-11-02T10:00:00.000Z',
    user: { _id: 'u1', name: 'Asha', email: 'asha@example.com' },
  };
}

/** What GET /api/delivery/options answers: two days, 110001 unserved. */
function deliveryOptions(pincode: string | null) {
  const dates = [
    { date: '2026-11-26', slots: ['Morning 8–12', 'Afternoon 12–4', 'Evening 4–8'] },
    { date: '2026-11-27', slots: ['Morning 8–12', 'Afternoon 12–4', 'Evening 4–8'] },
  ];
  if (pincode === null) return { served: null, dates, cutoff: '2:00 PM' };
  return pincode === '110001'
    ? { served: false, message: 'We cannot deliver to 110001 yet', dates, cutoff: '2:00 PM' }
    : { served: true, dates, cutoff: '2:00 PM' };
}

let placeOrderAnswer: Responder;
let verifyAnswer: Responder;
/** The saved order as GET /api/orders/:id answers it now. */
let savedOrderNow: () => object;
let api: MockedApi;

beforeEach(() => {
  placeOrderAnswer = () => jsonAnswer(savedOrder('cash'), 201);
  verifyAnswer = () => jsonAnswer({ success: true, order: { ...savedOrder('razorpay'), isPaid: true } });
  savedOrderNow = () => ({ ...savedOrder('razorpay'), paymentDueBy: new Date(Date.now() + 20 * 60_000).toISOString() });
  sessionStorage.clear();
  api = mockApi({
    'GET /api/products/rose': () => jsonAnswer({ success: true, data: rose }),
    'GET /api/products/fern': () => jsonAnswer({ success: true, data: fern }),
    'GET /api/users/profile': () => jsonAnswer({ _id: 'u1', name: 'Asha', email: 'asha@example.com', address: '', role: 'customer' }),
    'GET /api/delivery/options': ({ url }) => jsonAnswer(deliveryOptions(new URL(url, 'http://shop').searchParams.get('pincode'))),
    'POST /api/orders': (call) => placeOrderAnswer(call),
    'POST /api/orders/quote': quoteAnswer([rose, fern]),
    [`GET /api/orders/${savedOrder('razorpay')._id}`]: () => jsonAnswer(savedOrderNow()),
    'GET /api/payments/config': () => jsonAnswer({ provider: 'sandbox', key: 'rzp_test_key', checkoutScript: '/api/payments/sandbox/checkout.js' }),
    'POST /api/payments/create-order': () =>
      jsonAnswer({ id: 'order_rzp_1', amount: 10100, currency: 'INR', receipt: savedOrder('razorpay')._id, key: 'rzp_test_key' }),
    'POST /api/payments/verify': (call) => verifyAnswer(call),
  });
  window.alert = jest.fn();
  signIn('token-1', 'customer');
  addToCart(rose, 2);
  addToCart(fern);
});

afterEach(() => {
  delete window.Razorpay;
});

function MyOrdersStub() {
  const location = useLocation();
  return <p>My orders screen {(location.state as { notice?: string } | null)?.notice}</p>;
}

function renderCheckout() {
  render(
    <MemoryRouter initialEntries={['/checkout']}>
      <Routes>
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/my-orders" element={<MyOrdersStub />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The address and the delivery fields a valid order needs (PIN code, recipient's mobile). */
async function fillAddress(user: ReturnType<typeof userEvent.setup>, pincode = '635109') {
  await user.type(await screen.findByLabelText('Delivery address'), ADDRESS);
  await user.type(screen.getByLabelText('PIN code'), pincode);
  await screen.findByText(pincode === '110001' ? 'We cannot deliver to 110001 yet' : `We deliver to ${pincode}.`);
  await user.type(screen.getByLabelText('Recipient’s mobile'), '98765 43210');
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

describe('CheckoutPage', () => {
  it('asks a signed-out visitor to log in', () => {
    localStorage.removeItem('token');
    renderCheckout();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
  });

  it('says the cart is empty and links to the shop', async () => {
    localStorage.removeItem('cart');
    renderCheckout();
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  });

  it('shows the summary with quantities, line totals and the total after checking the catalogue', async () => {
    renderCheckout();
    expect(screen.getByText('Checking current prices and stock…')).toBeInTheDocument();
    expect(await screen.findByTestId('checkout-total')).toHaveTextContent('₹101.00');
    expect(screen.getByText('× 2')).toBeInTheDocument();
    expect(screen.getByText('₹91.00')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/products/rose')).toHaveLength(1);
  });

  it('fills the address from the profile until the customer types one', async () => {
    api.answer({ 'GET /api/users/profile': () => jsonAnswer({ _id: 'u1', name: 'Asha', email: 'a@example.com', address: 'Hosur 635109', role: 'customer' }) });
    renderCheckout();
    await waitFor(() => expect(screen.getByLabelText('Delivery address')).toHaveValue('Hosur 635109'));
  });

  it('requires the delivery address', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Place Order' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your delivery address');
    expect(screen.getByLabelText('Delivery address')).toHaveFocus();
    expect(screen.getByLabelText('Delivery address')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/orders')).toHaveLength(0);
  });

  it('says a large cash order waits for the shop to call and confirm it', async () => {
    placeOrderAnswer = () => jsonAnswer({ ...savedOrder('cash'), confirmationDueBy: '2026-11-03T10:00:00.000Z' }, 201);
    const user = userEvent.setup();
    renderCheckout();
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(
      await screen.findByText(
        'My orders screen Order placed successfully! As this is a large cash-on-delivery order, our team will call you to confirm it before we prepare it.',
      ),
    ).toBeInTheDocument();
  });

  it('labels the payment methods and switches the button text', async () => {
    const user = userEvent.setup();
    renderCheckout();
    const select = await screen.findByLabelText('Payment method');
    expect(screen.getByRole('option', { name: 'Cash on Delivery' })).toHaveValue('cash');
    expect(screen.getByRole('option', { name: 'Credit/Debit Card (Razorpay)' })).toHaveValue('razorpay');
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeInTheDocument();
    await user.selectOptions(select, 'razorpay');
    expect(screen.getByRole('button', { name: 'Pay with Razorpay' })).toBeInTheDocument();
    await user.selectOptions(select, 'cash');
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeInTheDocument();
  });

  it('places a cash order, clears the cart and goes to My Orders with the success text', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByText('My orders screen Order placed successfully!')).toBeInTheDocument();
    expect(getCart()).toEqual([]);
    const [placed] = api.callsTo('POST', '/api/orders');
    expect(placed.body).toEqual({
      orderItems: [
        { product: 'rose', quantity: 2, name: 'Red Rose', price: 45.5 },
        { product: 'fern', quantity: 1, name: 'Fern', price: 10 },
      ],
      totalAmount: 101,
      paymentMethod: 'cash',
      address: ADDRESS,
      delivery: { date: '2026-11-26', slot: 'Morning 8–12', recipientName: 'Asha', recipientPhone: '98765 43210', pincode: '635109' },
    });
    expect(placed.authorization).toBe('Bearer token-1');
  });

  it('books the chosen date and slot for the typed recipient, with a gift message and its live count', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await fillAddress(user);
    await user.selectOptions(screen.getByLabelText('Delivery date'), '2026-11-27');
    await user.selectOptions(screen.getByLabelText('Time slot'), 'Evening 4–8');
    await user.clear(screen.getByLabelText('Recipient’s name'));
    await user.type(screen.getByLabelText('Recipient’s name'), 'Amma');
    await user.type(screen.getByLabelText('Gift message (optional)'), 'Happy birthday!');
    expect(screen.getByText('15/250 characters')).toBeInTheDocument();
    expect(screen.getByText('Same-day delivery until 2:00 PM.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await screen.findByText(/My orders screen/);
    const [placed] = api.callsTo('POST', '/api/orders');
    expect((placed.body as { delivery: unknown }).delivery).toEqual({
      date: '2026-11-27',
      slot: 'Evening 4–8',
      recipientName: 'Amma',
      recipientPhone: '98765 43210',
      pincode: '635109',
      giftMessage: 'Happy birthday!',
    });
  });

  it('refuses an unserved PIN code and a wrong mobile before placing anything', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await user.type(await screen.findByLabelText('Delivery address'), ADDRESS);
    await user.type(screen.getByLabelText('PIN code'), '110001');
    expect(await screen.findByText('We cannot deliver to 110001 yet')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Recipient’s mobile'), '12345');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'We cannot deliver to 110001 yet',
      "Enter the recipient's 10-digit Indian mobile number (optionally with +91)",
    ]);
    expect(api.callsTo('POST', '/api/orders')).toEqual([]);
  });

  it('says the order failed and keeps the cart', async () => {
    const user = userEvent.setup();
    placeOrderAnswer = () => jsonAnswer({ success: false, message: 'Internal server error' }, 500);
    renderCheckout();
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to place order. Try again.');
    expect(screen.queryByText(/Internal server error/)).not.toBeInTheDocument();
    expect(getCart()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });

  it('shows the server reason for short stock and checks the cart again', async () => {
    const user = userEvent.setup();
    placeOrderAnswer = () => jsonAnswer({ success: false, message: 'Only 1 of Red Rose left in stock' }, 409);
    renderCheckout();
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to place order. Try again.');
    expect(alert).toHaveTextContent('Only 1 of Red Rose left in stock');
    await waitFor(() => expect(api.callsTo('GET', '/api/products/rose')).toHaveLength(2));
  });

  it('places one order however fast the button is clicked', async () => {
    const user = userEvent.setup();
    let answer: (response: ApiAnswer) => void = () => undefined;
    placeOrderAnswer = () => new Promise((resolve) => (answer = resolve));
    renderCheckout();
    await fillAddress(user);
    const button = screen.getByRole('button', { name: 'Place Order' });
    await user.dblClick(button);
    expect(button).toBeDisabled();
    // Submits that slip past the disabled button (Enter in a field, a stale render) are refused too.
    fireEvent.submit(button.closest('form')!);
    fireEvent.submit(button.closest('form')!);
    expect(api.callsTo('POST', '/api/orders')).toHaveLength(1);
    await act(async () => answer(jsonAnswer(savedOrder('cash'), 201)));
    expect(await screen.findByText(/My orders screen/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/orders')).toHaveLength(1);
  });

  describe('offers and delivery charges', () => {
    /** ROSES10 takes ₹10.10 off; delivery to 635109 costs ₹40, more in the evening. */
    const pricing = quoteAnswer([rose, fern], (request: QuoteRequest) => ({
      deliveryFee: request.delivery?.pincode === '635109' ? (request.delivery.slot === 'Evening 4–8' ? 90 : 40) : 60,
      ...(request.code && {
        discounts: [{ name: 'Roses 10% off', code: 'ROSES10', amount: 10.1 }],
        code: { status: 'applied' as const, message: 'Code ROSES10 applied: −₹10.10' },
      }),
    }));

    beforeEach(() => api.answer({ 'POST /api/orders/quote': pricing }));

    const summary = () => within(screen.getByRole('complementary', { name: 'Order summary' }));
    const quoted = () => api.callsTo('POST', '/api/orders/quote').map((call) => call.body as QuoteRequest);

    it('prices the order by the server for the PIN code, the slot and the payment method, asking again as they change', async () => {
      const user = userEvent.setup();
      renderCheckout();
      expect(await screen.findByTestId('checkout-total')).toHaveTextContent('₹161.00');
      expect(summary().getByText('Delivery').closest('div')).toHaveTextContent('Delivery₹60.00');

      await fillAddress(user);
      await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹141.00'));
      await user.selectOptions(screen.getByLabelText('Time slot'), 'Evening 4–8');
      await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹191.00'));
      await user.selectOptions(screen.getByLabelText('Payment method'), 'razorpay');
      await waitFor(() => expect(quoted().at(-1)).toMatchObject({ paymentMethod: 'razorpay', delivery: { pincode: '635109', slot: 'Evening 4–8' } }));
      // One quote for each change: a PIN code is sent once complete, never digit by digit.
      expect(quoted().map((request) => [request.delivery?.pincode, request.delivery?.slot, request.paymentMethod])).toEqual([
        [undefined, 'Morning 8–12', 'cash'],
        ['635109', 'Morning 8–12', 'cash'],
        ['635109', 'Evening 4–8', 'cash'],
        ['635109', 'Evening 4–8', 'razorpay'],
      ]);
    });

    it('brings the code applied in the cart, shows its discount and sends it with the order', async () => {
      const user = userEvent.setup();
      sessionStorage.setItem('cart:offer-code', 'ROSES10');
      renderCheckout();
      expect(await screen.findByText('Code ROSES10 applied: −₹10.10')).toHaveAttribute('role', 'status');
      expect(summary().getByText('ROSES10', { selector: 'dt' }).closest('div')).toHaveTextContent('ROSES10−₹10.10');
      expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹150.90');

      await fillAddress(user);
      await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹130.90'));
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      await screen.findByText(/My orders screen/);
      expect(api.callsTo('POST', '/api/orders')[0].body).toMatchObject({ code: 'ROSES10', totalAmount: 130.9 });
      expect(sessionStorage.getItem('cart:offer-code')).toBeNull();
    });

    it('applies a code typed at the checkout', async () => {
      const user = userEvent.setup();
      renderCheckout();
      await screen.findByTestId('checkout-total');
      await user.type(screen.getByLabelText('Offer code'), 'ROSES10');
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      expect(await screen.findByText('Code ROSES10 applied: −₹10.10')).toBeInTheDocument();
      expect(quoted().at(-1)).toMatchObject({ code: 'ROSES10', paymentMethod: 'cash' });
    });

    it('shows a code refused on placing by the code field, keeps the form and prices the order without the code', async () => {
      const user = userEvent.setup();
      sessionStorage.setItem('cart:offer-code', 'ROSES10');
      placeOrderAnswer = () => jsonAnswer({ success: false, message: 'This code has been used up', field: 'code' }, 409);
      renderCheckout();
      await fillAddress(user);
      await screen.findByText('Code ROSES10 applied: −₹10.10');
      await user.click(screen.getByRole('button', { name: 'Place Order' }));

      const refusal = await within(screen.getByLabelText('Offer code').closest('form')!).findByRole('alert');
      expect(refusal).toHaveTextContent('This code has been used up');
      expect(screen.getByText('Failed to place order. Try again.').closest('[role="alert"]')).toHaveTextContent(
        'The offer code was not accepted (see Offer code); the summary now shows the total without it.',
      );
      await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹141.00'));
      expect(quoted().at(-1)?.code).toBeUndefined();
      expect(screen.getByLabelText('Delivery address')).toHaveValue(ADDRESS);
      expect(screen.getByLabelText('PIN code')).toHaveValue('635109');
      expect(getCart()).toHaveLength(2);
      expect(api.callsTo('GET', '/api/products/rose')).toHaveLength(1);

      placeOrderAnswer = () => jsonAnswer(savedOrder('cash'), 201);
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      await screen.findByText(/My orders screen/);
      expect(api.callsTo('POST', '/api/orders')[1].body).not.toHaveProperty('code');
    });

    it('still places the order when the quote fails, showing the items-only amount as such', async () => {
      const user = userEvent.setup();
      api.answer({ 'POST /api/orders/quote': () => jsonAnswer({ success: false, message: 'Internal server error' }, 500) });
      renderCheckout();
      expect(await screen.findByText('Items only, before offers and delivery')).toBeInTheDocument();
      expect(summary().getByText('Items only, before offers and delivery').parentElement).toHaveTextContent('₹101.00');
      expect(screen.queryByTestId('checkout-total')).not.toBeInTheDocument();

      await fillAddress(user);
      await user.click(screen.getByRole('button', { name: 'Place Order' }));
      expect(await screen.findByText('My orders screen Order placed successfully!')).toBeInTheDocument();
    });
  });

  describe('paying online', () => {
    async function startOnlinePayment() {
      const user = userEvent.setup();
      placeOrderAnswer = () => jsonAnswer(savedOrder('razorpay'), 201);
      const popups = fakeRazorpay();
      renderCheckout();
      await fillAddress(user);
      await user.selectOptions(screen.getByLabelText('Payment method'), 'razorpay');
      await user.click(screen.getByRole('button', { name: 'Pay with Razorpay' }));
      await waitFor(() => expect(popups[0]?.opened).toBe(true));
      return { user, popups };
    }

    it('creates the shop order, then opens the popup for it with the server amount', async () => {
      const { popups } = await startOnlinePayment();
      expect(api.callsTo('POST', '/api/orders')[0].body).toMatchObject({ paymentMethod: 'razorpay' });
      expect(api.callsTo('POST', '/api/payments/create-order')[0].body).toEqual({ amount: 101, receipt: savedOrder('razorpay')._id });
      expect(popups[0].options).toMatchObject({
        key: 'rzp_test_key',
        amount: 10100,
        currency: 'INR',
        order_id: 'order_rzp_1',
        name: 'Thalir Blooms',
        description: 'Red Rose + 1 more',
        theme: { color: '#1f5a41' },
      });
      expect(getCart()).toHaveLength(2);
      expect(screen.getByRole('button', { name: 'Pay with Razorpay' })).toBeDisabled();
    });

    it('verifies a payment, says so, clears the cart and goes to My Orders', async () => {
      const { popups } = await startOnlinePayment();
      act(() => popups[0].options.handler(paidResponse));

      expect(await screen.findByText(/My orders screen/)).toBeInTheDocument();
      expect(window.alert).toHaveBeenCalledWith('Payment Successful!');
      expect(getCart()).toEqual([]);
      expect(api.callsTo('POST', '/api/payments/verify')[0].body).toEqual({ ...paidResponse, orderId: savedOrder('razorpay')._id });
    });

    it('says when verification fails and keeps the cart and the unpaid order', async () => {
      verifyAnswer = () => jsonAnswer({ success: false, message: 'Invalid payment signature' }, 400);
      const { popups } = await startOnlinePayment();
      act(() => popups[0].options.handler(paidResponse));

      await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Payment verification failed'));
      expect(getCart()).toHaveLength(2);
      expect(screen.getByRole('link', { name: 'the order page' })).toHaveAttribute('href', `/order/${savedOrder('razorpay')._id}`);
      expect(screen.getByRole('button', { name: 'Pay with Razorpay' })).toBeEnabled();
    });

    it('says when the payment fails', async () => {
      const { popups } = await startOnlinePayment();
      act(() => popups[0].fail());
      expect(window.alert).toHaveBeenCalledWith('Payment failed');
      expect(screen.getByRole('button', { name: 'Pay with Razorpay' })).toBeEnabled();
      expect(getCart()).toHaveLength(2);
    });

    it('pays the same saved order again after the popup was closed, without ordering twice', async () => {
      const { user, popups } = await startOnlinePayment();
      act(() => popups[0].options.modal.ondismiss());
      expect(screen.getByText(/is saved but not paid yet/)).toHaveTextContent('Your order 00ABCD is saved but not paid yet.');

      await user.click(screen.getByRole('button', { name: 'Pay with Razorpay' }));
      await waitFor(() => expect(popups[1]?.opened).toBe(true));
      expect(api.callsTo('POST', '/api/orders')).toHaveLength(1);
      expect(api.callsTo('POST', '/api/payments/create-order')).toHaveLength(2);
    });

    it('pays the saved order again after the page was reloaded, while its payment window is open', async () => {
      const first = await startOnlinePayment();
      act(() => first.popups[0].options.modal.ondismiss());
      cleanup();

      const { popups } = await startOnlinePayment();
      expect(api.callsTo('POST', '/api/orders')).toHaveLength(1);
      expect(popups).toHaveLength(1);
    });

    it('places a new order when the saved one has expired meanwhile', async () => {
      const first = await startOnlinePayment();
      act(() => first.popups[0].options.modal.ondismiss());
      savedOrderNow = () => ({ ...savedOrder('razorpay'), status: 'cancelled', paymentDueBy: null });
      await first.user.click(screen.getByRole('button', { name: 'Pay with Razorpay' }));
      await waitFor(() => expect(first.popups[1]?.opened).toBe(true));
      expect(api.callsTo('POST', '/api/orders')).toHaveLength(2);
    });

    it("shows the server's words when a payment arrives for an order cancelled meanwhile", async () => {
      const refunded = 'This order was cancelled before your payment arrived, so your payment will be refunded to you in full. Nothing is owed.';
      verifyAnswer = () => jsonAnswer({ success: false, message: refunded }, 409);
      const { popups } = await startOnlinePayment();
      act(() => popups[0].options.handler(paidResponse));

      await waitFor(() => expect(window.alert).toHaveBeenCalledWith(refunded));
      expect(await screen.findByRole('alert')).toHaveTextContent(refunded);
      expect(screen.queryByText(/is saved but not paid yet/)).not.toBeInTheDocument();
      expect(sessionStorage.getItem('checkout:unpaid-order')).toBeNull();
      expect(getCart()).toHaveLength(2);
    });

    it('keeps the order unpaid and says so when the popup cannot be opened', async () => {
      const user = userEvent.setup();
      placeOrderAnswer = () => jsonAnswer(savedOrder('razorpay'), 201);
      renderCheckout();
      await fillAddress(user);
      await user.selectOptions(screen.getByLabelText('Payment method'), 'razorpay');
      api.answer({ 'POST /api/payments/create-order': () => jsonAnswer({ success: false, message: 'Payments are unavailable right now' }, 503) });
      fakeRazorpay();
      await user.click(screen.getByRole('button', { name: 'Pay with Razorpay' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Could not open the payment window.');
      expect(screen.getByText(/is saved but not paid yet/)).toBeInTheDocument();
      expect(getCart()).toHaveLength(2);
    });
  });
});
