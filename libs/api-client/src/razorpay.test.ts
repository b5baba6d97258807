import { describeOrderItems, loadCheckoutScript, openOnlinePayment, type RazorpayOptions } from './razorpay';
import { jsonAnswer, mockApi, type MockedApi } from './testing/mock-api';

const order = {
  _id: 'order-1',
  totalAmount: 91,
  orderItems: [
    { name: 'Red Rose', product: 'rose', quantity: 2, price: 45.5 },
    { name: 'Fern', product: 'fern', quantity: 1, price: 0 },
  ],
  user: { _id: 'u1', name: 'Asha', email: 'asha@example.com' },
};

function fakeProvider() {
  const opened: { options: RazorpayOptions; failed?: (response: unknown) => void }[] = [];
  window.Razorpay = class {
    private readonly entry: (typeof opened)[number];
    constructor(options: RazorpayOptions) {
      this.entry = { options };
      opened.push(this.entry);
    }
    on(_event: 'payment.failed', listener: (response: unknown) => void) {
      this.entry.failed = listener;
    }
    open() {}
  };
  return opened;
}

afterEach(() => {
  delete window.Razorpay;
  document.head.innerHTML = '';
});

describe('loadCheckoutScript', () => {
  it('injects the script once for callers waiting together, then reuses window.Razorpay', async () => {
    const first = loadCheckoutScript('/checkout.js');
    const second = loadCheckoutScript('/checkout.js');
    const scripts = document.head.querySelectorAll('script[src="/checkout.js"]');
    expect(scripts).toHaveLength(1);
    fakeProvider();
    scripts[0].dispatchEvent(new Event('load'));
    const Razorpay = await first;
    expect(await second).toBe(Razorpay);
    expect(await loadCheckoutScript('/checkout.js')).toBe(Razorpay);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('rejects when the script fails and lets a later call try again', async () => {
    const attempt = loadCheckoutScript('/broken.js');
    document.head.querySelector('script')!.dispatchEvent(new Event('error'));
    await expect(attempt).rejects.toThrow('could not be loaded');
    expect(document.head.querySelector('script')).toBeNull();
    const retry = loadCheckoutScript('/broken.js');
    const retried = document.head.querySelectorAll('script[src="/broken.js"]');
    expect(retried).toHaveLength(1);
    fakeProvider();
    retried[0].dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBe(window.Razorpay);
  });
});

describe('openOnlinePayment', () => {
  const callbacks = () => ({ onPaid: jest.fn(), onVerificationFailed: jest.fn(), onPaymentFailed: jest.fn(), onDismiss: jest.fn() });
  let api: MockedApi;

  beforeEach(() => {
    api = mockApi({
      'GET /api/payments/config': () => jsonAnswer({ provider: 'sandbox', key: 'key_cfg', checkoutScript: '/sandbox.js' }),
      'POST /api/payments/create-order': () => jsonAnswer({ id: 'pay_order_1', amount: 9100, currency: 'INR', receipt: 'order-1', key: 'key_1' }),
      'POST /api/payments/verify': ({ body }) =>
        (body as { razorpay_signature: string }).razorpay_signature === 'good'
          ? jsonAnswer({ success: true, order: { ...order, isPaid: true } })
          : jsonAnswer({ success: false, message: 'Invalid signature' }, 400),
    });
  });

  it('opens the popup with the server amount, the order id, the first product name and the theme', async () => {
    const opened = fakeProvider();
    await openOnlinePayment(order, callbacks());
    expect(api.calls[1]).toMatchObject({ url: '/api/payments/create-order', body: { amount: 91, receipt: 'order-1' } });
    expect(opened[0].options).toMatchObject({
      key: 'key_1',
      amount: 9100,
      currency: 'INR',
      order_id: 'pay_order_1',
      name: 'Thalir Blooms',
      description: 'Red Rose + 1 more',
      theme: { color: '#1f5a41' },
      prefill: { name: 'Asha', email: 'asha@example.com' },
    });
  });

  it('verifies the popup answer with only the contract fields and reports paid or not', async () => {
    const opened = fakeProvider();
    const handlers = callbacks();
    await openOnlinePayment(order, handlers);
    opened[0].options.handler({ razorpay_order_id: 'pay_order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'good', extra: 1 } as never);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(handlers.onPaid).toHaveBeenCalledWith(expect.objectContaining({ isPaid: true }));
    expect(api.callsTo('POST', '/api/payments/verify')[0].body).toEqual({
      razorpay_order_id: 'pay_order_1',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'good',
      orderId: 'order-1',
    });

    opened[0].options.handler({ razorpay_order_id: 'pay_order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'forged' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(handlers.onVerificationFailed).toHaveBeenCalledTimes(1);

    opened[0].failed?.({ error: { description: 'Card declined' } });
    opened[0].options.modal.ondismiss();
    expect(handlers.onPaymentFailed).toHaveBeenCalledTimes(1);
    expect(handlers.onDismiss).toHaveBeenCalledTimes(1);
  });

  it('rejects when the provider order cannot be created', async () => {
    fakeProvider();
    api.answer({ 'POST /api/payments/create-order': () => jsonAnswer({ message: 'Order is already paid' }, 409) });
    await expect(openOnlinePayment(order, callbacks())).rejects.toThrow('Order is already paid');
  });
});

it('describes an order by its first product', () => {
  expect(describeOrderItems([{ name: 'Red Rose' }])).toBe('Red Rose');
  expect(describeOrderItems([{ name: 'Red Rose' }, { name: 'Fern' }, { name: 'Lily' }])).toBe('Red Rose + 2 more');
});
