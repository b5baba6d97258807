import type { Order, Subscription, SubscriptionPlan } from '@thalir/contracts';
import { SubscriptionDeliveries } from '../src/subscriptions/subscription-deliveries';
import { cutoffAt } from '../src/subscriptions/subscription-schedule';
import { LATE_PAYMENT_REFUNDED } from '../src/payments/payments.service';
import { signedPayment, startPayment } from './payment-fixtures';
import { seedProducts, stockOf } from './shop-fixtures';
import { createPlan, creditLedger, indiaDay, paidSubscription, payPack, subscribe, subscribeBody } from './subscription-fixtures';
import { createTestApp, type TestApp, type TestUser } from './test-app';

describe('flower subscriptions: subscribe, pay a pack, change the coming days, deliveries made at the cut-off, cancel with a refund', () => {
  let t: TestApp;
  let staff: TestUser;
  let jasmine: string;
  let marigold: string;
  let plan: SubscriptionPlan;

  beforeAll(async () => {
    t = await createTestApp({ JOB_WORKERS: 'false', MAX_UNPAID_ORDERS: '1000' });
    staff = await t.createUser({ role: 'admin' });
    [jasmine, marigold] = await seedProducts(t, [
      { name: 'Jasmine string', pricePaise: 3000, stock: 1000 },
      { name: 'Marigold', pricePaise: 500, stock: 1000 },
    ]);
    plan = await createPlan(t, staff, [
      { productId: jasmine, quantity: 2 },
      { productId: marigold, quantity: 10 },
    ]);
  });
  afterAll(() => t.close());

  const read = async (buyer: TestUser, id: string): Promise<Subscription> => (await t.request('GET', `/api/subscriptions/${id}`, { token: buyer.token })).body;
  const change = (buyer: TestUser, id: string, date: string, body: Record<string, unknown>) =>
    t.request('PATCH', `/api/subscriptions/${id}/deliveries/${date}`, { token: buyer.token, body });
  const dayOf = (subscription: Subscription, date: string) => subscription.deliveries.find((day) => day.date === date)!;
  /** Moves the app's clock just past the cut-off of `date`'s morning delivery, and has the due work done. */
  const passCutoff = async (date: string) => {
    const ahead = cutoffAt(date, 'Morning 8–12', t.config.delivery)!.getTime() - t.clock.now().getTime() + 1_000;
    if (ahead > 0) t.clock.advance(ahead);
    await t.workDue();
  };
  const outbox = async (kind: string, subscriptionId: string) =>
    (await t.dataSource.query(`SELECT payload FROM outbox_mails WHERE kind = $1 AND payload->>'subscriptionId' = $2 ORDER BY id`, [kind, subscriptionId])) as {
      payload: Record<string, unknown>;
    }[];

  it('subscribes: the first pack is an order of its own to pay online, and the coming days are listed, waiting for it', async () => {
    const buyer = await t.createUser();
    const res = await t.request('POST', '/api/subscriptions', { token: buyer.token, body: subscribeBody(t, plan) });
    expect(res.status).toBe(201);
    const { subscription, order } = res.body as { subscription: Subscription; order: Order };
    expect(subscription).toMatchObject({
      plan: { _id: plan._id, slug: plan.slug, name: 'Daily pooja basket', pricePerDelivery: 60 },
      status: 'awaiting-payment',
      frequency: 'daily',
      weekdays: [],
      startDate: indiaDay(t, 1),
      slot: 'Morning 8–12',
      recipientName: 'Lakshmi',
      recipientPhone: '+919840012345',
      credits: { bought: 0, used: 0, left: 0, refunded: 0 },
      packs: [{ orderId: order._id, orderStatus: 'pending', deliveries: 7, pricePerDelivery: 60, amount: 420, paid: false, used: 0, refunded: 0 }],
    });
    expect(subscription.deliveries.map((day) => day.date)).toEqual(Array.from({ length: 13 }, (_, index) => indiaDay(t, index + 1)));
    expect(subscription.deliveries.every((day) => day.status === 'scheduled' && !day.covered && day.changeableUntil !== null)).toBe(true);
    expect(order).toMatchObject({
      kind: 'subscription-pack',
      subscriptionId: subscription._id,
      totalAmount: 420,
      paymentMethod: 'razorpay',
      status: 'pending',
      isPaid: false,
      orderItems: [{ name: 'Daily pooja basket: 7 deliveries', product: '', quantity: 7, price: 60 }],
      delivery: null,
    });
    expect(order.invoiceNumber).toMatch(/^TB\//);
  });

  it('paying the pack makes its deliveries credits: the first seven days are paid for, the rest wait', async () => {
    const buyer = await t.createUser();
    const { subscription, order } = await subscribe(t, buyer, plan);
    await payPack(t, buyer, order._id);
    const paid = await read(buyer, subscription._id);
    expect(paid.status).toBe('active');
    expect(paid.credits).toEqual({ bought: 7, used: 0, left: 7, refunded: 0 });
    expect(paid.deliveries.filter((day) => day.covered).map((day) => day.date)).toEqual(Array.from({ length: 7 }, (_, index) => indiaDay(t, index + 1)));
    const packOrder = (await t.request('GET', `/api/orders/${order._id}`, { token: buyer.token })).body as Order;
    expect(packOrder).toMatchObject({ status: 'processing', isPaid: true });
    expect(packOrder.statusHistory?.map((entry) => `${entry.status}:${entry.by}:${entry.reason}`)).toEqual([
      'pending:buyer:null',
      'processing:system:pack paid',
    ]);
    expect(await outbox('subscription-started', subscription._id)).toEqual([{ payload: { subscriptionId: subscription._id, creditsLeft: 7 } }]);
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['an unknown plan', { plan: 'no-such-plan' }, 404, 'Subscription plan not found'],
    ['a frequency the plan does not sell', { frequency: 'fortnightly' }, 400, 'This plan is delivered every day or on chosen days of the week or every week'],
    ['the evening for a morning plan', { slot: 'Evening 4–8' }, 400, 'This plan is delivered in: Morning 8–12'],
    ['a pack the plan does not sell', { pack: 10 }, 400, 'Choose a pack of 7, 15, 30 deliveries'],
    ['a PIN code the shop does not serve', { pincode: '110001' }, 400, 'We cannot deliver to 110001 yet'],
    ['a start date that passed', { startDate: '2020-01-01' }, 400, '1 Jan 2020 has passed; please choose another day'],
    ['a phone that is not an Indian mobile', { recipientPhone: '12345' }, 400, "Enter the recipient's 10-digit Indian mobile number (optionally with +91)"],
    ['no address', { address: '  ' }, 400, 'Delivery address is required'],
    ['weekdays without days', { frequency: 'weekdays', weekdays: [] }, 400, 'Choose the days of the week for your deliveries, each once'],
  ])('refuses %s, and keeps nothing', async (_case, extra, status, message) => {
    const buyer = await t.createUser();
    const res = await t.request('POST', '/api/subscriptions', { token: buyer.token, body: subscribeBody(t, plan, extra) });
    expect([res.status, res.body.message]).toEqual([status, message]);
    expect(await t.dataSource.query(`SELECT id FROM subscriptions WHERE user_id = $1`, [buyer.id])).toEqual([]);
  });

  it('asks to sign in, and shows nobody else a subscription', async () => {
    const [buyer, other] = [await t.createUser(), await t.createUser()];
    const { subscription } = await subscribe(t, buyer, plan);
    expect((await t.request('POST', '/api/subscriptions', { body: subscribeBody(t, plan) })).status).toBe(401);
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/cancel'],
      ['POST', '/pauses'],
    ] as const) {
      const res = await t.request(method, `/api/subscriptions/${subscription._id}${path}`, {
        token: other.token,
        body: { from: indiaDay(t, 2), to: indiaDay(t, 3) },
      });
      expect([res.status, res.body.message]).toEqual([404, 'Subscription not found']);
    }
    expect((await t.request('GET', '/api/subscriptions/mine', { token: other.token })).body).toEqual([]);
    expect((await t.request('GET', '/api/subscriptions/mine', { token: buyer.token })).body.map((mine: Subscription) => mine._id)).toEqual([subscription._id]);
  });

  it('skips a day, takes the skip back, and sends a day elsewhere, before its cut-off; the credits pay for the next days instead', async () => {
    const buyer = await t.createUser();
    const subscription = await paidSubscription(t, buyer, plan);
    const [tomorrow, dayAfter] = [indiaDay(t, 1), indiaDay(t, 2)];

    let res = await change(buyer, subscription._id, tomorrow, { skip: true });
    expect(res.status).toBe(200);
    expect(dayOf(res.body, tomorrow)).toMatchObject({ status: 'skipped', covered: false });
    expect((res.body as Subscription).deliveries.filter((day) => day.covered).map((day) => day.date)).toEqual(
      Array.from({ length: 7 }, (_, index) => indiaDay(t, index + 2)),
    );
    res = await change(buyer, subscription._id, tomorrow, { skip: false });
    expect(dayOf(res.body, tomorrow)).toMatchObject({ status: 'scheduled', covered: true });

    res = await change(buyer, subscription._id, dayAfter, {
      address: '9 Kapaleeshwarar Koil Street, Chennai',
      pincode: '600004',
      recipientName: 'Priya',
      recipientPhone: '9876543210',
    });
    expect(dayOf(res.body, dayAfter)).toMatchObject({
      address: '9 Kapaleeshwarar Koil Street, Chennai',
      recipientName: 'Priya',
      recipientPhone: '+919876543210',
    });
    expect(dayOf(res.body, tomorrow).address).toBe('4 Temple Street, Mylapore, Chennai');

    for (const [body, status, message] of [
      [{ slot: 'Evening 4–8' }, 400, 'This plan is delivered in: Morning 8–12'],
      [{ pincode: '110001' }, 400, 'We cannot deliver to 110001 yet'],
      [{ recipientPhone: '555' }, 400, "Enter the recipient's 10-digit Indian mobile number (optionally with +91)"],
      [{ skip: 'yes' }, 400, 'skip must be true or false'],
    ] as const) {
      res = await change(buyer, subscription._id, dayAfter, body);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    res = await change(buyer, subscription._id, indiaDay(t, 30), { skip: true });
    expect(res.status).toBe(404);
  });

  it('writes each new day as the days pass, once, keeping the days already changed', async () => {
    const buyer = await t.createUser();
    const subscription = await paidSubscription(t, buyer, plan);
    await change(buyer, subscription._id, indiaDay(t, 3), { skip: true });
    await passCutoff(indiaDay(t, 2));
    await t.app.get(SubscriptionDeliveries).writeComingRows();
    const after = await read(buyer, subscription._id);
    expect(after.deliveries.map((day) => day.date).slice(-3)).toEqual([indiaDay(t, 11), indiaDay(t, 12), indiaDay(t, 13)]);
    expect(dayOf(after, indiaDay(t, 1)).status).toBe('skipped');
    const [{ rows, days }] = await t.dataSource.query(
      `SELECT count(*)::int AS rows, count(DISTINCT delivery_date)::int AS days FROM subscription_deliveries WHERE subscription_id = $1`,
      [subscription._id],
    );
    expect(rows).toBe(days);
  });

  it('pauses for a holiday and resumes: the paused days use no credit', async () => {
    const buyer = await t.createUser();
    const subscription = await paidSubscription(t, buyer, plan);
    const [from, to] = [indiaDay(t, 3), indiaDay(t, 9)];
    let res = await t.request('POST', `/api/subscriptions/${subscription._id}/pauses`, { token: buyer.token, body: { from, to } });
    expect(res.status).toBe(201);
    const paused = res.body as Subscription;
    expect(paused.pauses).toEqual([{ _id: expect.any(String), from, to }]);
    expect(paused.deliveries.filter((day) => day.status === 'paused').map((day) => day.date)).toEqual(
      Array.from({ length: 7 }, (_, index) => indiaDay(t, index + 3)),
    );
    expect(paused.deliveries.filter((day) => day.covered).map((day) => day.date)).toEqual([
      indiaDay(t, 1),
      indiaDay(t, 2),
      indiaDay(t, 10),
      indiaDay(t, 11),
      indiaDay(t, 12),
      indiaDay(t, 13),
    ]);
    expect((await change(buyer, subscription._id, indiaDay(t, 4), { skip: true })).body.message).toMatch(/is in a pause; end the pause to change it$/);
    expect(await outbox('subscription-paused', subscription._id)).toEqual([{ payload: { subscriptionId: subscription._id, from, until: to } }]);

    for (const [body, message] of [
      [{ from: to, to: from }, 'The last day of the pause comes before its first day'],
      [{ from: indiaDay(t, -1), to }, expect.stringMatching(/has passed; a pause starts today or later$/)],
      [{ from, to: indiaDay(t, 200) }, 'A pause can last at most 90 days'],
    ] as const) {
      res = await t.request('POST', `/api/subscriptions/${subscription._id}/pauses`, { token: buyer.token, body });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }

    res = await t.request('DELETE', `/api/subscriptions/${subscription._id}/pauses/${paused.pauses[0]._id}`, { token: buyer.token });
    expect(res.status).toBe(200);
    expect((res.body as Subscription).pauses).toEqual([]);
    expect((res.body as Subscription).deliveries.every((day) => day.status === 'scheduled')).toBe(true);
    expect(await outbox('subscription-resumed', subscription._id)).toHaveLength(1);
  });

  it('makes a due delivery into an order of its own at the cut-off, from a credit, taking its stock; a change after it is refused with 409', async () => {
    const buyer = await t.createUser();
    // Products of its own: other tests' deliveries are made at the same cut-off.
    const [rose, tulsi] = await seedProducts(t, [
      { name: 'Rose', stock: 50 },
      { name: 'Tulsi', stock: 50 },
    ]);
    const ownPlan = await createPlan(t, staff, [
      { productId: rose, quantity: 2 },
      { productId: tulsi, quantity: 10 },
    ]);
    const subscription = await paidSubscription(t, buyer, ownPlan);
    const tomorrow = indiaDay(t, 1);
    await passCutoff(tomorrow);

    const after = await read(buyer, subscription._id);
    const day = dayOf(after, tomorrow);
    expect(day).toMatchObject({ status: 'ordered', covered: false, changeableUntil: null });
    expect(after.credits).toEqual({ bought: 7, used: 1, left: 6, refunded: 0 });
    const order = (await t.request('GET', `/api/orders/${day.orderId}`, { token: buyer.token })).body as Order;
    expect(order).toMatchObject({
      kind: 'subscription-delivery',
      subscriptionId: subscription._id,
      status: 'pending',
      isPaid: true,
      totalAmount: 0,
      orderItems: [
        { name: 'Rose', product: rose, quantity: 2, price: 0 },
        { name: 'Tulsi', product: tulsi, quantity: 10, price: 0 },
      ],
      delivery: { date: tomorrow, slot: 'Morning 8–12', recipientName: 'Lakshmi', recipientPhone: '+919840012345', pincode: '600004' },
      invoiceNumber: null,
    });
    expect([await stockOf(t, rose), await stockOf(t, tulsi)]).toEqual([48, 40]);

    const late = await change(buyer, subscription._id, tomorrow, { skip: true });
    expect([late.status, late.body.message]).toEqual([
      409,
      expect.stringMatching(/^It is too late to change the delivery of .+: changes closed at 8:00 AM that day$/),
    ]);
    // Once made, the job never makes it again.
    await t.app.get(SubscriptionDeliveries).makeDue();
    expect(await creditLedger(t, subscription._id)).toMatchObject({ bought: 7, used: 1, left: 6, refunded: 0, deliveryOrders: 1 });
  });

  it('keeps the credit and tells the customer when stock is short at the cut-off; a day without credit is not made', async () => {
    const buyer = await t.createUser();
    const [lotus] = await seedProducts(t, [{ name: 'Lotus', stock: 1 }]);
    const lotusPlan = await createPlan(t, staff, [{ productId: lotus, quantity: 2 }]);
    const subscription = await paidSubscription(t, buyer, lotusPlan);
    const unpaid = (await subscribe(t, buyer, lotusPlan)).subscription;
    await passCutoff(indiaDay(t, 1));

    const after = await read(buyer, subscription._id);
    expect(dayOf(after, indiaDay(t, 0))).toMatchObject({
      status: 'not-made',
      orderId: null,
      note: expect.stringMatching(/^We did not have enough fresh flowers/),
    });
    expect(after.credits.left).toBe(7);
    expect(await stockOf(t, lotus)).toBe(1);
    expect(await outbox('subscription-delivery-not-made', subscription._id)).toEqual([{ payload: { subscriptionId: subscription._id, date: indiaDay(t, 0) } }]);
    expect(dayOf(await read(buyer, unpaid._id), indiaDay(t, 0))).toMatchObject({ status: 'no-credit', orderId: null });
  });

  it('mails the customer when 3 deliveries are left, with a link to buy more; buying a pack adds its deliveries', async () => {
    const buyer = await t.createUser();
    const subscription = await paidSubscription(t, buyer, plan);
    for (let day = 1; day <= 4; day++) await passCutoff(indiaDay(t, 1));
    expect((await read(buyer, subscription._id)).credits).toEqual({ bought: 7, used: 4, left: 3, refunded: 0 });
    expect(await outbox('subscription-low-credits', subscription._id)).toEqual([{ payload: { subscriptionId: subscription._id, creditsLeft: 3 } }]);

    const more = await t.request('POST', `/api/subscriptions/${subscription._id}/packs`, { token: buyer.token, body: { pack: 15 } });
    expect(more.status).toBe(201);
    expect(more.body.order).toMatchObject({ kind: 'subscription-pack', totalAmount: 900, orderItems: [{ name: 'Daily pooja basket: 15 deliveries' }] });
    expect((await t.request('POST', `/api/subscriptions/${subscription._id}/packs`, { token: buyer.token, body: { pack: 8 } })).body.message).toBe(
      'Choose a pack of 7, 15, 30 deliveries',
    );
    await payPack(t, buyer, more.body.order._id);
    expect((await read(buyer, subscription._id)).credits).toEqual({ bought: 22, used: 4, left: 18, refunded: 0 });
    expect(await outbox('subscription-started', subscription._id)).toHaveLength(1);
  });

  it('cancels: unpaid packs are cancelled, the unused deliveries of a paid one refunded against its payment, once; bought = used + left + refunded', async () => {
    const buyer = await t.createUser();
    const subscription = await paidSubscription(t, buyer, plan);
    await passCutoff(indiaDay(t, 1));
    const waiting = (await t.request('POST', `/api/subscriptions/${subscription._id}/packs`, { token: buyer.token, body: { pack: 7 } })).body.order as Order;

    const res = await t.request('POST', `/api/subscriptions/${subscription._id}/cancel`, { token: buyer.token });
    expect(res.status).toBe(200);
    const cancelled = res.body as Subscription;
    expect(cancelled).toMatchObject({ status: 'cancelled', credits: { bought: 7, used: 1, left: 0, refunded: 6 } });
    expect(cancelled.deliveries.filter((day) => day.date > indiaDay(t, 0)).every((day) => day.status === 'cancelled' && day.changeableUntil === null)).toBe(
      true,
    );
    const pack = (await t.request('GET', `/api/orders/${subscription.packs[0].orderId}`, { token: buyer.token })).body as Order;
    expect(pack).toMatchObject({ status: 'cancelled', refund: { amount: 360 } });
    expect(pack.statusHistory?.at(-1)).toMatchObject({ status: 'cancelled', by: 'system', reason: 'subscription cancelled' });
    expect((await t.request('GET', `/api/orders/${waiting._id}`, { token: buyer.token })).body).toMatchObject({ status: 'cancelled', refund: null });
    expect(await outbox('subscription-cancelled', subscription._id)).toEqual([{ payload: { subscriptionId: subscription._id, refundPaise: 36000 } }]);
    expect(await creditLedger(t, subscription._id)).toMatchObject({ bought: 7, used: 1, left: 0, refunded: 6, consistent: true, deliveryOrders: 1 });

    const again = await t.request('POST', `/api/subscriptions/${subscription._id}/cancel`, { token: buyer.token });
    expect([again.status, again.body.message]).toEqual([409, 'This subscription is cancelled']);
    expect((await t.dataSource.query(`SELECT count(*)::int AS refunds FROM refunds WHERE order_id = $1`, [pack._id]))[0].refunds).toBe(1);
    // The delivery already made goes ahead, and its credit can no longer come back.
    const made = dayOf(cancelled, indiaDay(t, 0));
    const undo = await t.request('PUT', `/api/orders/${made.orderId}/status`, { token: staff.token, body: { status: 'cancelled' } });
    expect([undo.status, undo.body.message]).toEqual([
      409,
      "This subscription was cancelled and its unused deliveries refunded, so this delivery's credit cannot go back",
    ]);
  });

  it("refunds a payment that arrives for a cancelled subscription's pack", async () => {
    const buyer = await t.createUser();
    const { subscription, order } = await subscribe(t, buyer, plan);
    // The popup is open when the customer cancels in another tab; the payment arrives after.
    const { providerOrderId } = await startPayment(t, buyer, order._id);
    await t.request('POST', `/api/subscriptions/${subscription._id}/cancel`, { token: buyer.token });
    const late = await t.request('POST', '/api/payments/verify', { token: buyer.token, body: signedPayment(t, order._id, providerOrderId) });
    expect([late.status, late.body.message]).toEqual([409, LATE_PAYMENT_REFUNDED]);
    const refunds = await t.dataSource.query(`SELECT amount_paise AS amount, reason FROM refunds WHERE order_id = $1`, [order._id]);
    expect(refunds).toEqual([{ amount: 42_000, reason: 'refund after late payment' }]);
    expect((await read(buyer, subscription._id)).credits).toEqual({ bought: 0, used: 0, left: 0, refunded: 0 });
  });

  it('staff cannot cancel a paid pack on its own; cancelling a delivery gives its credit back', async () => {
    const buyer = await t.createUser();
    const subscription = await paidSubscription(t, buyer, plan);
    const refused = await t.request('PUT', `/api/orders/${subscription.packs[0].orderId}/status`, { token: staff.token, body: { status: 'cancelled' } });
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'A paid pack is cancelled by cancelling its subscription, which refunds the deliveries not used yet',
    ]);

    await passCutoff(indiaDay(t, 1));
    const made = dayOf(await read(buyer, subscription._id), indiaDay(t, 0));
    const res = await t.request('PUT', `/api/orders/${made.orderId}/status`, { token: staff.token, body: { status: 'cancelled' } });
    expect(res.status).toBe(200);
    const after = await read(buyer, subscription._id);
    expect(after.credits).toEqual({ bought: 7, used: 0, left: 7, refunded: 0 });
    expect(dayOf(after, indiaDay(t, 0))).toMatchObject({ status: 'cancelled', note: 'This delivery was cancelled; its credit is back on your subscription' });
  });

  it('a pack whose last delivery is made is done; the next day waits for more deliveries', async () => {
    const buyer = await t.createUser();
    const subscription = await paidSubscription(t, buyer, plan);
    for (let day = 1; day <= 8; day++) await passCutoff(indiaDay(t, 1));
    const after = await read(buyer, subscription._id);
    expect(after.credits).toEqual({ bought: 7, used: 7, left: 0, refunded: 0 });
    expect(dayOf(after, indiaDay(t, 0))).toMatchObject({ status: 'no-credit', note: 'No deliveries were left on the subscription; buy more to go on' });
    const pack = (await t.request('GET', `/api/orders/${subscription.packs[0].orderId}`, { token: buyer.token })).body as Order;
    expect(pack.statusHistory?.at(-1)).toMatchObject({ status: 'delivered', by: 'system', reason: 'all deliveries made' });
    expect(
      (await t.dataSource.query(`SELECT count(*)::int AS mails FROM outbox_mails WHERE kind = 'order-delivered' AND payload->>'orderId' = $1`, [pack._id]))[0]
        .mails,
    ).toBe(0);
  });

  it("marks its deliveries on the day's run, gives them no invoice of their own, and keeps the account until the subscription is cancelled", async () => {
    const buyer = await t.createUser();
    const subscription = await paidSubscription(t, buyer, plan);
    await passCutoff(indiaDay(t, 1));
    const made = dayOf(await read(buyer, subscription._id), indiaDay(t, 0));
    const run = await t.request('GET', `/api/admin/deliveries/${indiaDay(t, 0)}`, { token: staff.token });
    const stops = (run.body.slots as { stops: { _id: string; subscription?: true }[] }[]).flatMap((slot) => slot.stops);
    expect(stops.find((stop) => stop._id === made.orderId)).toMatchObject({ subscription: true, collect: 0, isPaid: true });
    const invoice = await t.request('GET', `/api/orders/${made.orderId}/invoice`, { token: buyer.token });
    expect([invoice.status, invoice.body.message]).toEqual([
      404,
      "A subscription's delivery has no invoice of its own: the invoice of the pack it was paid from covers it",
    ]);
    expect((await t.request('GET', `/api/orders/${subscription.packs[0].orderId}/invoice`, { token: buyer.token })).status).toBe(200);

    const exported = await t.request('GET', '/api/users/me/export', { token: buyer.token });
    expect(exported.body.flowerSubscriptions.map((one: Subscription) => one._id)).toEqual([subscription._id]);
    const erase = await t.request('DELETE', '/api/users/me', { token: buyer.token, body: { password: buyer.password } });
    expect([erase.status, erase.body.message]).toEqual([
      409,
      'Your Daily pooja basket subscription is still running. Cancel it on your subscriptions page first (its unused deliveries are refunded), then delete your account.',
    ]);
    await t.request('POST', `/api/subscriptions/${subscription._id}/cancel`, { token: buyer.token });
    // Today's delivery is on its way; once it is delivered and the refund has reached them, the account can go.
    await t.request('PUT', `/api/orders/${made.orderId}/status`, { token: staff.token, body: { status: 'delivered' } });
    await t.workDue();
    await t.dataSource.query(`UPDATE refunds SET status = 'processed' WHERE order_id = $1`, [subscription.packs[0].orderId]);
    const erased = await t.request('DELETE', '/api/users/me', { token: buyer.token, body: { password: buyer.password } });
    expect(erased.status).toBe(200);
    const [kept] = await t.dataSource.query(`SELECT address, recipient_phone AS phone FROM subscriptions WHERE id = $1`, [subscription._id]);
    expect(kept).toEqual({ address: '', phone: '' });
  });

  it('shows staff the subscriptions by plan and state, and a forecast of deliveries and stems for the coming days', async () => {
    const buyer = await t.createUser();
    const [rose] = await seedProducts(t, [{ name: 'Red rose', stock: 100 }]);
    const rosePlan = await createPlan(t, staff, [{ productId: rose, quantity: 12 }], { name: 'Weekly home bouquet', frequencies: ['weekly'], slots: [] });
    const weekly = await paidSubscription(t, buyer, rosePlan, { frequency: 'weekly', slot: 'Evening 4–8' });
    await subscribe(t, buyer, rosePlan, { frequency: 'weekly' });

    const list = await t.request('GET', `/api/admin/subscriptions?plan=${rosePlan._id}`, { token: staff.token });
    expect(list.body.map((one: Subscription) => one.status)).toEqual(['awaiting-payment', 'active']);
    expect(list.body[1]).toMatchObject({ _id: weekly._id, user: { _id: buyer.id } });
    expect(list.headers['x-total-count']).toBe('2');
    const active = await t.request('GET', `/api/admin/subscriptions?plan=${rosePlan._id}&status=active`, { token: staff.token });
    expect(active.body.map((one: Subscription) => one._id)).toEqual([weekly._id]);
    expect(active.headers['x-total-count']).toBe('1');
    const secondPage = await t.request('GET', `/api/admin/subscriptions?plan=${rosePlan._id}&page=2&limit=1`, { token: staff.token });
    expect([secondPage.body.map((one: Subscription) => one._id), secondPage.headers['x-total-count']]).toEqual([[weekly._id], '2']);
    expect((await t.request('GET', '/api/admin/subscriptions?status=paused', { token: staff.token })).body.message).toBe(
      'status must be one of: awaiting-payment, active, cancelled',
    );

    const forecast = await t.request('GET', '/api/admin/subscriptions/forecast', { token: staff.token });
    expect(forecast.status).toBe(200);
    expect(forecast.body).toHaveLength(7);
    const firstDay = forecast.body.find((day: { date: string }) => day.date === indiaDay(t, 1));
    expect(firstDay.plans).toContainEqual({ planId: rosePlan._id, name: 'Weekly home bouquet', deliveries: 1 });
    expect(firstDay.products).toContainEqual({ productId: rose, name: 'Red rose', quantity: 12 });
    const customer = await t.createUser();
    expect((await t.request('GET', '/api/admin/subscriptions/forecast', { token: customer.token })).status).toBe(403);
    expect((await t.request('GET', '/api/admin/subscriptions/forecast?days=40', { token: staff.token })).body.message).toBe(
      'days must be a whole number from 1 to 14',
    );
  });
});
