import type { CourierDay, CourierStop, Order } from '@thalir/contracts';
import { addDays, indiaClock } from '../src/delivery/delivery-rules';
import { seedProducts } from './shop-fixtures';
import { createTestApp, type TestApp, type TestUser } from './test-app';

const date = () => addDays(indiaClock(new Date()).date, 2);

describe("the delivery person's day", () => {
  let t: TestApp;
  let clerk: TestUser;
  let ravi: TestUser;
  let other: TestUser;
  let buyer: TestUser;
  let rose: string;

  beforeAll(async () => {
    t = await createTestApp({ MAX_UNPAID_ORDERS: '1000', MAX_OPEN_CASH_ORDERS: '1000' });
    clerk = await t.createUser({ role: 'orders' });
    ravi = await t.createUser({ role: 'delivery', name: 'Ravi' });
    other = await t.createUser({ role: 'delivery', name: 'Selvi' });
    buyer = await t.createUser({ name: 'Kavya' });
    [rose] = await seedProducts(t, [{ name: 'Red Rose', pricePaise: 12050, stock: 500 }]);
  });
  afterAll(() => t?.close());

  async function place(slot: string, paymentMethod: 'cash' | 'razorpay' = 'cash', extra: Record<string, unknown> = {}): Promise<Order> {
    const res = await t.request('POST', '/api/orders', {
      token: buyer.token,
      body: {
        orderItems: [{ product: rose, quantity: 2 }],
        paymentMethod,
        address: '9 Gulmohar Road, Hosur',
        delivery: { date: date(), slot, recipientPhone: '9876543210', pincode: '635109', ...extra },
      },
    });
    if (res.status !== 201) throw new Error(`placing answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const assign = (orderId: string, courierId: string | null, token = clerk.token) =>
    t.request('PUT', `/api/admin/orders/${orderId}/courier`, { token, body: { courierId } });
  const report = (who: TestUser, orderId: string, what: 'out' | 'delivered' | 'failed', body: Record<string, unknown> = {}) =>
    t.request('POST', `/api/delivery/stops/${orderId}/${what}`, { token: who.token, body });
  const day = async (who: TestUser): Promise<CourierDay> => (await t.request('GET', `/api/delivery/stops?date=${date()}`, { token: who.token })).body;
  const mailsFor = async (orderId: string) =>
    ((await t.dataSource.query(`SELECT kind FROM outbox_mails WHERE payload->>'orderId' = $1 ORDER BY created_at, id`, [orderId])) as { kind: string }[]).map(
      (row) => row.kind,
    );
  const history = async (orderId: string) =>
    (await t.dataSource.query(`SELECT status, actor, changed_by AS "changedBy", reason FROM order_status_changes WHERE order_id = $1 ORDER BY changed_at, id`, [
      orderId,
    ])) as { status: string; actor: string; changedBy: string | null; reason: string | null }[];

  it('staff assign stops; the delivery person sees only theirs, in slot order, with what they need at each door', async () => {
    const evening = await place('Evening 4–8', 'cash', { recipientName: 'Amma', giftMessage: 'Happy birthday!' });
    const morning = await place('Morning 8–12', 'cash');
    const selvis = await place('Morning 8–12', 'cash');
    expect((await assign(evening._id, ravi.id)).body).toMatchObject({ _id: evening._id, courier: { _id: ravi.id, name: 'Ravi' } });
    await assign(morning._id, ravi.id);
    await assign(selvis._id, other.id);

    const ravisDay = await day(ravi);
    expect(ravisDay).toEqual({ date: date(), stops: [expect.any(Object), expect.any(Object)], collectTotal: 482, collectedTotal: 0 });
    expect(ravisDay.stops.map((stop) => [stop.position, stop._id, stop.slot])).toEqual([
      [1, morning._id, 'Morning 8–12'],
      [2, evening._id, 'Evening 4–8'],
    ]);
    expect(ravisDay.stops[1]).toEqual<CourierStop>({
      _id: evening._id,
      position: 2,
      slot: 'Evening 4–8',
      recipientName: 'Amma',
      recipientPhone: '+919876543210',
      address: '9 Gulmohar Road, Hosur',
      pincode: '635109',
      mapUrl: 'https://www.google.com/maps/search/?api=1&query=9%20Gulmohar%20Road%2C%20Hosur%2C%20635109',
      items: [{ name: 'Red Rose', quantity: 2 }],
      giftMessage: 'Happy birthday!',
      status: 'pending',
      paymentMethod: 'cash',
      isPaid: false,
      collect: 241,
      cashCollected: null,
      lastFailedAttempt: null,
    });
    expect((await day(other)).stops.map((stop) => stop._id)).toEqual([selvis._id]);
    // Another's stop is as good as unknown.
    expect(await report(other, evening._id, 'out')).toMatchObject({ status: 404, body: { message: 'Stop not found' } });

    const run = await t.request('GET', `/api/admin/deliveries/${date()}`, { token: clerk.token });
    expect(run.body.couriers).toEqual(
      expect.arrayContaining([
        { _id: ravi.id, name: 'Ravi' },
        { _id: other.id, name: 'Selvi' },
      ]),
    );
    expect(run.body.couriers).not.toContainEqual(expect.objectContaining({ _id: clerk.id }));
    // Taken off the list.
    expect((await assign(selvis._id, null)).body.courier).toBeNull();
    expect((await day(other)).stops).toEqual([]);
    expect(
      (await t.dataSource.query(`SELECT action, before, after FROM audit_log WHERE entity_id = $1 AND action = 'order.courier' ORDER BY at, id`, [
        selvis._id,
      ])) as unknown[],
    ).toEqual([
      { action: 'order.courier', before: { courierId: null }, after: { courierId: other.id } },
      { action: 'order.courier', before: { courierId: other.id }, after: { courierId: null } },
    ]);
  });

  it('refuses to give a stop to someone who cannot take deliveries, or an order with nothing to deliver', async () => {
    const order = await place('Morning 8–12');
    expect(await assign(order._id, clerk.id)).toMatchObject({ status: 400, body: { message: 'That person cannot take deliveries' } });
    expect(await assign(order._id, buyer.id)).toMatchObject({ status: 400 });
    expect(await assign(order._id, 'nobody')).toMatchObject({ status: 400 });
    expect((await t.request('PUT', `/api/admin/orders/${order._id}/courier`, { token: clerk.token, body: {} })).status).toBe(400);
    const gone = await t.createUser({ role: 'delivery' });
    await t.dataSource.query(`UPDATE users SET deactivated_at = now() WHERE id = $1`, [gone.id]);
    expect((await assign(order._id, gone.id)).status).toBe(400);
    const accounts = await t.createUser({ role: 'accounts' });
    expect((await assign(order._id, ravi.id, accounts.token)).status).toBe(403);

    await t.request('PUT', `/api/orders/${order._id}/status`, { token: clerk.token, body: { status: 'cancelled' } });
    expect(await assign(order._id, ravi.id)).toMatchObject({ status: 409, body: { message: 'This order is cancelled; there is nothing to deliver' } });
    // Orders from before delivery dates have none.
    const undated = await place('Morning 8–12');
    await t.dataSource.query(`UPDATE orders SET delivery_date = NULL WHERE id = $1`, [undated._id]);
    expect(await assign(undated._id, ravi.id)).toMatchObject({ status: 409, body: { message: 'This order has no delivery date to assign' } });
  });

  it('out, then delivered with the cash: the order is paid, the buyer mailed at each step, every step audited', async () => {
    const order = await place('Afternoon 12–4');
    await assign(order._id, ravi.id);
    expect((await report(ravi, order._id, 'delivered', { cashCollected: 241 })).body).toEqual({
      success: false,
      message: 'This order is pending, so it cannot be marked delivered',
    });
    const out = await report(ravi, order._id, 'out');
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ _id: order._id, status: 'shipped', collect: 241 });

    expect(await report(ravi, order._id, 'delivered', { cashCollected: 200 })).toMatchObject({
      status: 400,
      body: { message: 'Collect ₹241.00 in cash before marking this order delivered' },
    });
    expect((await report(ravi, order._id, 'delivered')).status).toBe(400);
    expect((await report(ravi, order._id, 'delivered', { cashCollected: 'lots' })).status).toBe(400);
    const delivered = await report(ravi, order._id, 'delivered', { cashCollected: 241 });
    expect(delivered.body).toMatchObject({ status: 'delivered', isPaid: true, collect: 0, cashCollected: 241 });
    expect(await report(ravi, order._id, 'delivered', { cashCollected: 241 })).toMatchObject({
      status: 409,
      body: { message: 'This order is already delivered' },
    });

    expect((await mailsFor(order._id)).sort()).toEqual(['order-delivered', 'order-placed', 'order-shipped', 'staff-new-order']);
    expect((await history(order._id)).slice(-2)).toEqual([
      { status: 'shipped', actor: 'courier', changedBy: ravi.id, reason: null },
      { status: 'delivered', actor: 'courier', changedBy: ravi.id, reason: null },
    ]);
    const audit = (await t.dataSource.query(
      `SELECT actor_id AS "actorId", actor_role AS role, before, after FROM audit_log WHERE entity_id = $1 AND action = 'order.status'`,
      [order._id],
    )) as unknown[];
    expect(audit).toEqual([
      { actorId: ravi.id, role: 'delivery', before: { status: 'pending' }, after: { status: 'shipped' } },
      { actorId: ravi.id, role: 'delivery', before: { status: 'shipped' }, after: { status: 'delivered', cashCollected: 241 } },
    ]);
    const run = await t.request('GET', `/api/admin/deliveries/${date()}`, { token: clerk.token });
    expect(run.body.slots.flatMap((slot: { stops: unknown[] }) => slot.stops)).toContainEqual(
      expect.objectContaining({ _id: order._id, status: 'delivered', cashCollected: 241, courier: { _id: ravi.id, name: 'Ravi' } }),
    );
    const buyerView = await t.request('GET', `/api/orders/${order._id}`, { token: buyer.token });
    expect(buyerView.body).toMatchObject({ status: 'delivered', isPaid: true });
  });

  it('could not deliver: back to processing with the reason, the buyer told, and out again later', async () => {
    const order = await place('Evening 4–8');
    await assign(order._id, ravi.id);
    await report(ravi, order._id, 'out');
    expect((await report(ravi, order._id, 'failed', { reason: 'lost' })).status).toBe(400);
    const failed = await report(ravi, order._id, 'failed', { reason: 'nobody-home' });
    expect(failed.body).toMatchObject({ status: 'processing', lastFailedAttempt: { reason: 'nobody-home', at: expect.any(String) } });
    expect((await history(order._id)).at(-1)).toEqual({ status: 'processing', actor: 'courier', changedBy: ravi.id, reason: 'could not deliver: nobody home' });
    expect(await mailsFor(order._id)).toContain('delivery-failed');
    const [mail] = (await t.dataSource.query(
      `SELECT subject, payload->>'reason' AS reason FROM outbox_mails WHERE kind = 'delivery-failed' AND payload->>'orderId' = $1`,
      [order._id],
    )) as { subject: string; reason: string }[];
    expect(mail).toEqual({ subject: `We could not deliver order ${order._id.slice(-6).toUpperCase()}`, reason: 'could not deliver: nobody home' });

    expect((await report(ravi, order._id, 'out')).body.status).toBe('shipped');
    expect((await report(ravi, order._id, 'delivered', { cashCollected: 241 })).body).toMatchObject({
      status: 'delivered',
      lastFailedAttempt: { reason: 'nobody-home' },
    });
  });

  it('never takes out an unpaid online order, and the stop list answers a bad date clearly', async () => {
    const order = await place('Morning 8–12', 'razorpay');
    await assign(order._id, ravi.id);
    expect(await report(ravi, order._id, 'out')).toMatchObject({
      status: 409,
      body: { message: 'This order is not paid yet; ask the shop before taking it out' },
    });
    expect((await t.request('GET', '/api/delivery/stops?date=2026-02-30', { token: ravi.token })).status).toBe(400);
    expect((await t.request('GET', '/api/delivery/stops', { token: ravi.token })).body).toMatchObject({ date: indiaClock(new Date()).date });
    expect((await report(ravi, 'not-a-uuid', 'out')).status).toBe(404);
    t.acceptMoneyProblem(order._id);
  });
});
