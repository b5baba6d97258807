/**
 * @jest-environment jsdom
 */
import { SANDBOX_CHECKOUT_SCRIPT } from './sandbox-checkout';

// The API project compiles without the DOM library; this file runs in jsdom and reaches the DOM untyped.
const { document, localStorage, window, KeyboardEvent } = globalThis as any;

interface Checkout {
  open(): void;
  close(): void;
  on(event: string, listener: (response: unknown) => void): void;
}
type CheckoutConstructor = new (options: Record<string, unknown>) => Checkout;

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function jsonResponse(status: number, body: unknown) {
  return { ok: status >= 200 && status < 300, status, json: async () => body };
}

describe('sandbox checkout script (window.Razorpay stand-in)', () => {
  let Razorpay: CheckoutConstructor;
  let fetchMock: jest.Mock;

  beforeEach(() => {
    document.body.innerHTML = '<button id="place">Pay with card</button>';
    localStorage.setItem('token', 'jwt-of-the-buyer');
    fetchMock = jest.fn();
    (globalThis as { fetch?: unknown }).fetch = fetchMock;
    new Function(SANDBOX_CHECKOUT_SCRIPT)();
    Razorpay = window.Razorpay as CheckoutConstructor;
  });

  const options = (overrides: Record<string, unknown> = {}) => ({
    key: 'rzp_test_sandbox',
    amount: 24100,
    currency: 'INR',
    order_id: 'order_Sandbox0000001',
    name: 'Thalir Blooms',
    description: 'Red Rose + 1 more',
    theme: { color: '#1f5a41' },
    handler: jest.fn(),
    modal: { ondismiss: jest.fn() },
    ...overrides,
  });
  const dialog = () => document.querySelector('[role="dialog"]');
  const button = (name: RegExp) =>
    Array.from(dialog().querySelectorAll('button') as any[]).find((candidate) =>
      name.test(candidate.getAttribute('aria-label') ?? candidate.textContent ?? ''),
    );

  it('opens an accessible dialog with the amount in rupees, the order and the theme colour, focused on Pay', () => {
    new Razorpay(options()).open();
    const shown = dialog();
    expect(shown.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(shown.getAttribute('aria-labelledby')).textContent).toBe('Thalir Blooms');
    expect(shown.textContent).toContain('₹241.00');
    expect(shown.textContent).toContain('Red Rose + 1 more');
    expect(shown.textContent).toContain('order_Sandbox0000001');
    const pay = button(/^Pay /);
    expect(pay.textContent).toBe('Pay ₹241.00');
    expect(pay.style.background).toContain('rgb(31, 90, 65)');
    expect(document.activeElement).toBe(pay);
  });

  it('pays with the stored token and hands the signed response to options.handler', async () => {
    const signed = { razorpay_order_id: 'order_Sandbox0000001', razorpay_payment_id: 'pay_Sandbox00000001', razorpay_signature: 'a'.repeat(64) };
    fetchMock.mockResolvedValue(jsonResponse(200, signed));
    const opts = options();
    new Razorpay(opts).open();
    button(/^Pay /).click();
    await flush();
    expect(fetchMock).toHaveBeenCalledWith('/api/payments/sandbox/pay', expect.objectContaining({ method: 'POST' }));
    const [, init] = fetchMock.mock.calls[0];
    expect(init.headers.authorization).toBe('Bearer jwt-of-the-buyer');
    expect(JSON.parse(init.body)).toEqual({ order_id: 'order_Sandbox0000001', outcome: 'success' });
    expect(opts.handler).toHaveBeenCalledWith(signed);
    expect(dialog()).toBeNull();
    expect(opts.modal.ondismiss).not.toHaveBeenCalled();
  });

  it("tells payment.failed listeners with Razorpay's error shape and stays open for a retry", async () => {
    const paymentError = {
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment failed',
      reason: 'payment_failed',
      metadata: { order_id: 'order_Sandbox0000001', payment_id: 'pay_X' },
    };
    fetchMock.mockResolvedValue(jsonResponse(400, { success: false, message: 'Payment failed', paymentError }));
    const opts = options();
    const checkout = new Razorpay(opts);
    const failed = jest.fn();
    checkout.on('payment.failed', failed);
    checkout.open();
    button(/Fail the payment/).click();
    await flush();
    expect(JSON.parse(fetchMock.mock.calls[0][1].body).outcome).toBe('failure');
    expect(failed).toHaveBeenCalledWith({ error: paymentError });
    expect(opts.handler).not.toHaveBeenCalled();
    expect(dialog()).not.toBeNull();
    expect(dialog().querySelector('[role="status"]').textContent).toContain('Payment failed');
  });

  it('calls options.modal.ondismiss on close or Escape and gives focus back', () => {
    const place = document.getElementById('place');
    place.focus();
    const opts = options();
    new Razorpay(opts).open();
    button(/Close payment window/).click();
    expect(dialog()).toBeNull();
    expect(opts.modal.ondismiss).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(place);

    new Razorpay(opts).open();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(dialog()).toBeNull();
    expect(opts.modal.ondismiss).toHaveBeenCalledTimes(2);
  });

  it('shows the server message when the payment cannot be made, and keeps the dialog usable', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { success: false, message: 'Please sign in to continue' }));
    const opts = options();
    new Razorpay(opts).open();
    button(/^Pay /).click();
    await flush();
    expect(dialog().textContent).toContain('Please sign in to continue');
    expect(button(/^Pay /).disabled).toBe(false);
    expect(opts.handler).not.toHaveBeenCalled();
  });

  it('never renders page-supplied text as HTML', () => {
    new Razorpay(options({ description: '<img src=x onerror="window.hacked=1">' })).open();
    expect(dialog().querySelector('img')).toBeNull();
    expect(dialog().textContent).toContain('<img src=x');
  });
});
