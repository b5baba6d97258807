import { ProductEntity } from '../src/catalog/product.entity';
import { OrderStatusChangeEntity } from '../src/orders/order-status-change.entity';
import { tooManyUnitsMessage } from '../src/orders/order-lifecycle';
import { placeOrder, seedProducts, stockOf } from './shop-fixtures';
import { createTestApp, TestApp, TestUser } from './test-app';

const ADDRESS = '12 Lotus Street, Chennai 600001';

describe('orders', () => {
  let t: TestApp;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    buyer = await t.createUser({ name: 'Meena Buyer' });
    other = await t.createUser();
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(() => t.close());

  describe('placing an order', () => {
    it('prices every line from the catalogue and ignores client names, prices and totals', async () => {
      const [rose, fern] = await seedProducts(t, [
        { name: 'Red Rose', pricePaise: 12050, stock: 10 },
        { name: 'Leatherleaf Fern', pricePaise: 4000, stock: 5 },
      ]);
      const res = await t.request('POST', '/api/orders', {
        token: buyer.token,
        body: {
          orderItems: [
            { product: rose, quantity: 2, name: 'Free Rose', price: 0.01 },
            { product: fern, quantity: 1, price: 1 },
          ],
          totalAmount: 1,
          paymentMethod: 'cash',
          address: `  ${ADDRESS}  `,
        },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        _id: expect.any(String),
        orderItems: [
          { name: 'Red Rose', product: rose, quantity: 2, price: 120.5, discount: 0 },
          { name: 'Leatherleaf Fern', product: fern, quantity: 1, price: 40, discount: 0 },
        ],
        totalAmount: 281,
        paymentMethod: 'cash',
        address: ADDRESS,
        status: 'pending',
        isPaid: false,
        paidAt: null,
        createdAt: expect.any(String),
        user: { _id: buyer.id, name: 'Meena Buyer', email: buyer.email },
        statusHistory: [{ status: 'pending', at: expect.any(String), by: 'buyer', reason: null }],
        paymentDueBy: null,
        confirmationDueBy: null,
        refund: null,
        // Placed without delivery details: the first open date and slot, to the buyer.
        delivery: {
          date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          slot: expect.any(String),
          recipientName: 'Meena Buyer',
          recipientPhone: null,
          pincode: null,
          giftMessage: null,
        },
        invoiceNumber: expect.stringMatching(/^TB\/\d{2}-\d{2}\/\d{6}$/),
        // The shop's first delivery charges charge nothing; no offers exist.
        deliveryFee: 0,
        discounts: [],
      });
      expect(await stockOf(t, rose)).toBe(8);
      expect(await stockOf(t, fern)).toBe(4);
      // The answer is the order as it is stored, to the millisecond.
      expect((await t.request('GET', `/api/orders/${res.body._id}`, { token: buyer.token })).body).toEqual(res.body);
    });

    it('merges repeated lines of one product', async () => {
      const [lily] = await seedProducts(t, [{ name: 'Lily', pricePaise: 5000, stock: 5 }]);
      const order = await placeOrder(t, buyer, [
        { product: lily, quantity: 2 },
        { product: lily, quantity: 3 },
      ]);
      expect(order.orderItems).toEqual([{ name: 'Lily', product: lily, quantity: 5, price: 50, discount: 0 }]);
      expect(order.totalAmount).toBe(250);
      expect(await stockOf(t, lily)).toBe(0);
    });

    it('answers 409 naming the product when stock is short, and takes nothing', async () => {
      const [daisy, rose] = await seedProducts(t, [
        { name: 'Daisy', stock: 20 },
        { name: 'Red Rose', stock: 3 },
      ]);
      const res = await t.request('POST', '/api/orders', {
        token: buyer.token,
        body: {
          orderItems: [
            { product: daisy, quantity: 5 },
            { product: rose, quantity: 4 },
          ],
          paymentMethod: 'cash',
          address: ADDRESS,
        },
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Only 3 of Red Rose left in stock');
      expect(await stockOf(t, daisy)).toBe(20);
      expect(await stockOf(t, rose)).toBe(3);

      const [soldOut] = await seedProducts(t, [{ name: 'Blue Orchid', stock: 0 }]);
      const none = await t.request('POST', '/api/orders', {
        token: buyer.token,
        body: { orderItems: [{ product: soldOut, quantity: 1 }], paymentMethod: 'cash', address: ADDRESS },
      });
      expect(none.status).toBe(409);
      expect(none.body.message).toBe('Blue Orchid is out of stock');
    });

    it('refuses bad input with 400 and a message', async () => {
      const [product] = await seedProducts(t, [{ stock: 5000 }]);
      const line = (quantity: unknown) => [{ product, quantity }];
      const cases: [string, Record<string, unknown>, string][] = [
        ['no items', { orderItems: [] }, 'Your order has no items'],
        ['items missing', { orderItems: undefined }, 'Your order has no items'],
        ['items not a list', { orderItems: 'rose' }, 'orderItems must be a list of items'],
        ['item not an object', { orderItems: [null] }, 'Each order item must be an object'],
        ['zero quantity', { orderItems: line(0) }, 'Quantity must be at least 1'],
        ['negative quantity', { orderItems: line(-2) }, 'Quantity must be at least 1'],
        ['fractional quantity', { orderItems: line(1.5) }, 'Quantity must be a whole number'],
        ['quantity as text', { orderItems: line('2') }, 'Quantity must be a whole number'],
        ['quantity above MAX_UNITS_PER_LINE (200)', { orderItems: line(201) }, tooManyUnitsMessage(200)],
        ['merged quantity above it', { orderItems: [...line(150), ...line(51)] }, tooManyUnitsMessage(200)],
        ['an absurd quantity', { orderItems: line(1e15) }, tooManyUnitsMessage(200)],
        ['too many lines', { orderItems: Array.from({ length: 51 }, () => ({ product, quantity: 1 })) }, 'An order can have at most 50 different items'],
        ['malformed product id', { orderItems: [{ product: 'rose', quantity: 1 }] }, 'Each order item needs a valid product id'],
        ['address missing', { address: undefined }, 'Delivery address is required'],
        ['address blank', { address: '   ' }, 'Delivery address is required'],
        ['address too long', { address: 'x'.repeat(501) }, 'Delivery address can be at most 500 characters'],
        ['unknown payment method', { paymentMethod: 'cheque' }, 'Payment method must be cash or razorpay'],
      ];
      for (const [label, change, message] of cases) {
        const body = { orderItems: line(1), paymentMethod: 'cash', address: ADDRESS, ...change };
        const res = await t.request('POST', '/api/orders', { token: buyer.token, body });
        expect({ label, status: res.status, message: res.body.message }).toEqual({ label, status: 400, message });
      }
      expect(await stockOf(t, product)).toBe(5000);
    });

    it('answers 400 for a product that is no longer in the catalogue', async () => {
      const res = await t.request('POST', '/api/orders', {
        token: buyer.token,
        body: {
          orderItems: [{ product: '00000000-0000-4000-8000-000000000000', quantity: 1, name: 'Old Tulip' }],
          paymentMethod: 'cash',
          address: ADDRESS,
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Product "Old Tulip" is no longer available');
    });

    it('needs a signed-in caller', async () => {
      const res = await t.request('POST', '/api/orders', { body: { orderItems: [], paymentMethod: 'cash', address: ADDRESS } });
      expect(res.status).toBe(401);
    });

    it('shows the new stock in the catalogue right after an order and after a cancellation', async () => {
      const [peony] = await seedProducts(t, [{ name: 'Peony', stock: 7 }]);
      const catalogueStock = async () => (await t.request('GET', `/api/products/${peony}`)).body.data.stock;
      expect(await catalogueStock()).toBe(7);
      const order = await placeOrder(t, buyer, [{ product: peony, quantity: 3 }]);
      expect(await catalogueStock()).toBe(4);
      await t.request('PUT', `/api/orders/${order._id}/status`, { token: admin.token, body: { status: 'cancelled' } });
      expect(await catalogueStock()).toBe(7);
    });
  });

  describe('reading orders', () => {
    it("lists the caller's own orders newest first", async () => {
      const reader = await t.createUser();
      const [product] = await seedProducts(t, [{ stock: 10 }]);
      const first = await placeOrder(t, reader, [{ product, quantity: 1 }]);
      const second = await placeOrder(t, reader, [{ product, quantity: 2 }]);
      await placeOrder(t, other, [{ product, quantity: 1 }]);
      const res = await t.request('GET', '/api/orders/my-orders', { token: reader.token });
      expect(res.status).toBe(200);
      expect(res.body.map((order: { _id: string }) => order._id)).toEqual([second._id, first._id]);
    });

    it('shows an order to its buyer and admins, and 404 to anyone else or for unknown ids', async () => {
      const [product] = await seedProducts(t, [{ stock: 10 }]);
      const order = await placeOrder(t, buyer, [{ product, quantity: 1 }]);
      expect((await t.request('GET', `/api/orders/${order._id}`, { token: buyer.token })).body._id).toBe(order._id);
      expect((await t.request('GET', `/api/orders/${order._id}`, { token: admin.token })).status).toBe(200);
      const foreign = await t.request('GET', `/api/orders/${order._id}`, { token: other.token });
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe('Order not found');
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        expect((await t.request('GET', `/api/orders/${id}`, { token: admin.token })).status).toBe(404);
      }
      expect((await t.request('GET', `/api/orders/${order._id}`)).status).toBe(401);
    });

    it('lists every order to admins only, newest first, with the buyer and an optional status filter', async () => {
      expect((await t.request('GET', '/api/orders')).status).toBe(401);
      expect((await t.request('GET', '/api/orders', { token: buyer.token })).status).toBe(403);

      const res = await t.request('GET', '/api/orders', { token: admin.token });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.headers['x-total-count']).toBeUndefined();
      const times = res.body.map((order: { createdAt: string }) => Date.parse(order.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const order of res.body) expect(order.user).toEqual({ _id: expect.any(String), name: expect.any(String), email: expect.any(String) });

      const [product] = await seedProducts(t, [{ stock: 10 }]);
      const shipped = await placeOrder(t, buyer, [{ product, quantity: 1 }]);
      await t.request('PUT', `/api/orders/${shipped._id}/status`, { token: admin.token, body: { status: 'shipped' } });
      const filtered = await t.request('GET', '/api/orders?status=shipped', { token: admin.token });
      expect(filtered.body.map((order: { _id: string }) => order._id)).toEqual([shipped._id]);

      const bad = await t.request('GET', '/api/orders?status=lost', { token: admin.token });
      expect(bad.status).toBe(400);
      expect(typeof bad.body.message).toBe('string');
    });

    it('pages and searches the admin list, with the match count in X-Total-Count', async () => {
      const shopper = await t.createUser({ name: 'Pagination Priya', email: 'priya.pages@example.com' });
      const [product] = await seedProducts(t, [{ stock: 10 }]);
      const placed = [];
      for (let i = 0; i < 3; i++) placed.push(await placeOrder(t, shopper, [{ product, quantity: 1 }]));

      const page = await t.request('GET', '/api/orders?q=priya.pages&page=2&limit=2', { token: admin.token });
      expect(page.status).toBe(200);
      expect(page.headers['x-total-count']).toBe('3');
      expect(page.body.map((order: { _id: string }) => order._id)).toEqual([placed[0]._id]);

      const byName = await t.request('GET', '/api/orders?q=Pagination%20PRIYA&limit=10', { token: admin.token });
      expect(byName.body).toHaveLength(3);

      const fragment = placed[1]._id.slice(-6).toUpperCase();
      const byId = await t.request('GET', `/api/orders?q=${fragment}`, { token: admin.token });
      expect(byId.body.map((order: { _id: string }) => order._id)).toContain(placed[1]._id);

      for (const query of ['page=0', 'limit=101', 'limit=abc', 'page=1.5', 'page=1e21']) {
        expect((await t.request('GET', `/api/orders?${query}`, { token: admin.token })).status).toBe(400);
      }
    });
  });

  describe('changing the status', () => {
    const setStatus = (id: string, status: string, token = admin.token) => t.request('PUT', `/api/orders/${id}/status`, { token, body: { status } });

    it('is admin-only and validates the status and the order', async () => {
      const [product] = await seedProducts(t, [{ stock: 10 }]);
      const order = await placeOrder(t, buyer, [{ product, quantity: 1 }]);
      expect((await setStatus(order._id, 'shipped', buyer.token)).status).toBe(403);
      expect((await t.request('PUT', `/api/orders/${order._id}/status`, { body: { status: 'shipped' } })).status).toBe(401);
      expect((await setStatus(order._id, 'teleported')).status).toBe(400);
      expect((await setStatus('00000000-0000-4000-8000-000000000000', 'shipped')).status).toBe(404);
      expect((await setStatus('nope', 'shipped')).status).toBe(404);
    });

    it('records every change with who made it; the same status again changes nothing', async () => {
      const [product] = await seedProducts(t, [{ stock: 10 }]);
      const order = await placeOrder(t, buyer, [{ product, quantity: 1 }]);
      const processing = await setStatus(order._id, 'processing');
      expect(processing.status).toBe(200);
      expect(processing.body.status).toBe('processing');
      const again = await setStatus(order._id, 'processing');
      expect(again.status).toBe(200);
      expect(again.body.statusHistory.map((change: { status: string }) => change.status)).toEqual(['pending', 'processing']);

      const changes = await t.dataSource.getRepository(OrderStatusChangeEntity).find({ where: { orderId: order._id }, order: { changedAt: 'ASC' } });
      expect(changes.map((change) => [change.status, change.actor, change.changedBy])).toEqual([
        ['pending', 'buyer', buyer.id],
        ['processing', 'admin', admin.id],
      ]);
      expect(processing.body.statusHistory[1]).toEqual({ status: 'processing', at: expect.any(String), by: 'admin', adminId: admin.id, reason: null });
    });

    it('gives the stock back on cancel and takes it again when the order is reopened', async () => {
      const [rose, fern] = await seedProducts(t, [{ stock: 5 }, { stock: 5 }]);
      const order = await placeOrder(t, buyer, [
        { product: rose, quantity: 2 },
        { product: fern, quantity: 3 },
      ]);
      expect([await stockOf(t, rose), await stockOf(t, fern)]).toEqual([3, 2]);

      expect((await setStatus(order._id, 'cancelled')).body.status).toBe('cancelled');
      expect([await stockOf(t, rose), await stockOf(t, fern)]).toEqual([5, 5]);
      // Cancelled twice must not give the stock back twice.
      await setStatus(order._id, 'cancelled');
      expect([await stockOf(t, rose), await stockOf(t, fern)]).toEqual([5, 5]);

      expect((await setStatus(order._id, 'processing')).body.status).toBe('processing');
      expect([await stockOf(t, rose), await stockOf(t, fern)]).toEqual([3, 2]);
    });

    it('refuses to reopen a cancelled order with 409 when its stock is gone', async () => {
      const [rose, fern] = await seedProducts(t, [{ name: 'Red Rose', stock: 5 }, { stock: 5 }]);
      const order = await placeOrder(t, buyer, [
        { product: rose, quantity: 4 },
        { product: fern, quantity: 1 },
      ]);
      await setStatus(order._id, 'cancelled');
      await placeOrder(t, other, [{ product: rose, quantity: 3 }]);

      const reopen = await setStatus(order._id, 'pending');
      expect(reopen.status).toBe(409);
      expect(reopen.body.message).toBe('Cannot reopen this order: Only 2 of Red Rose left in stock');
      expect((await t.request('GET', `/api/orders/${order._id}`, { token: admin.token })).body.status).toBe('cancelled');
      expect([await stockOf(t, rose), await stockOf(t, fern)]).toEqual([2, 5]);
    });

    it('keeps past orders when a product is deleted, and will not reopen them', async () => {
      const [tulip] = await seedProducts(t, [{ name: 'Tulip', pricePaise: 7525, stock: 5 }]);
      const order = await placeOrder(t, buyer, [{ product: tulip, quantity: 1 }]);
      await setStatus(order._id, 'cancelled');
      await t.dataSource.getRepository(ProductEntity).delete({ id: tulip });

      const kept = await t.request('GET', `/api/orders/${order._id}`, { token: buyer.token });
      expect(kept.body.orderItems).toEqual([{ name: 'Tulip', product: '', quantity: 1, price: 75.25, discount: 0 }]);
      const reopen = await setStatus(order._id, 'pending');
      expect(reopen.status).toBe(409);
      expect(reopen.body.message).toBe('Cannot reopen this order: Tulip is no longer in the catalogue');
    });

    it('marks a cash order paid when delivered and never un-pays it', async () => {
      const [product] = await seedProducts(t, [{ stock: 10 }]);
      const cash = await placeOrder(t, buyer, [{ product, quantity: 1 }]);
      const delivered = await setStatus(cash._id, 'delivered');
      expect(delivered.body).toMatchObject({ status: 'delivered', isPaid: true, paidAt: expect.any(String) });
      const back = await setStatus(cash._id, 'shipped');
      expect(back.body).toMatchObject({ status: 'shipped', isPaid: true, paidAt: delivered.body.paidAt });
      const redelivered = await setStatus(cash._id, 'delivered');
      expect(redelivered.body.paidAt).toBe(delivered.body.paidAt);

      const online = await placeOrder(t, buyer, [{ product, quantity: 1 }], 'razorpay');
      expect((await setStatus(online._id, 'delivered')).body.isPaid).toBe(false);
    });
  });
});
