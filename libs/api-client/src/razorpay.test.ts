import { describeOrderItems, loadCheckoutScript, openOnlinePayment, type RazorpayOptions } from './razorpay';

function json(body: unknown, status = 200) {
  return { ok: status < 400, status, headers: { get: () => 'application/json' }, json: async () => body };
}

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

  beforeEach(() => {
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/payments/config') return json({ provider: 'sandbox', key: 'key_cfg', checkoutScript: '/sandbox.js' });
      if (url === '/api/payments/create-order') return json({ id: 'pay_order_1', amount: 9100, currency: 'INR', receipt: 'order-1', key: 'key_1' });
      if (url === '/api/payments/verify') {
        const body = JSON.parse(String(init?.body));
        return body.razorpay_signature === 'good'
          ? json({ success: true, order: { ...order, isPaid: true } })
          : json({ success: false, message: 'Invalid signature' }, 400);
      }
      return json({ message: 'Not found' }, 404);
    }) as unknown as typeof fetch;
  });

  it('opens the popup with the server amount, the order id, the first product name and the theme', async () => {
    const opened = fakeProvider();
    await openOnlinePayment(order, callbacks());
    expect(JSON.parse(String((global.fetch as jest.Mock).mock.calls[1][1].body))).toEqual({ amount: 91, receipt: 'order-1' });
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
    const verifyCall = (global.fetch as jest.Mock).mock.calls.find(([url]) => url === '/api/payments/verify');
    expect(JSON.parse(verifyCall[1].body)).toEqual({
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
    (global.fetch as jest.Mock).mockImplementation(async (url: string) =>
      url === '/api/payments/config' ? json({ provider: 'sandbox', key: 'k', checkoutScript: '/s.js' }) : json({ message: 'Order is already paid' }, 409),
    );
    await expect(openOnlinePayment(order, callbacks())).rejects.toThrow('Order is already paid');
  });
});

it('describes an order by its first product', () => {
  expect(describeOrderItems([{ name: 'Red Rose' }])).toBe('Red Rose');
  expect(describeOrderItems([{ name: 'Red Rose' }, { name: 'Fern' }, { name: 'Lily' }])).toBe('Red Rose + 2 more');
});
