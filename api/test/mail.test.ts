import { randomBytes } from 'node:crypto';
import { JobQueue } from '../src/jobs/job-queue';
import { Outbox } from '../src/mail/outbox';
import { signedPayment, startPayment } from './payment-fixtures';
import { placeOrder, seedProducts } from './shop-fixtures';
import { type CaughtMail, type SmtpCatcher, startSmtpCatcher } from './smtp-fixture';
import { createTestApp, TestApp, TestUser } from './test-app';

const SITE = 'https://shop.thalirblooms.example';
const STAFF = 'staff@thalirblooms.example';
const JWT_SECRET = randomBytes(32).toString('hex');

/** What a customer reads: the subject and both parts of one mail to them with that subject. */
const to = (address: string, subject: string | RegExp) => (mail: CaughtMail) =>
  mail.to.includes(address) && (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject));

const MINUTE = 60_000;
/** How early a test looks for a try that must not happen yet: far longer than a busy machine stalls. */
const EARLY = 10_000;

/**
 * The apps here run no job workers: each test has the due mail sent (`workDue`) when it wants it, and
 * moves the app's clock on instead of waiting for a retry. So once `workDue` returns, every mail that
 * was going to go has reached the SMTP server, and one that has not arrived never will.
 */
describe('transactional mail through the outbox, to a real SMTP server', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let admin: TestUser;

  const appEnv = () => ({
    SMTP_URL: smtp.url,
    PUBLIC_URL: SITE,
    SHOP_NOTIFY_EMAIL: STAFF,
    JOB_WORKERS: 'false',
    // Retries after 1, 2, 4, … minutes by the clock: the real time a test takes never makes one due.
    MAIL_RETRY_BASE_SECONDS: '60',
    MAIL_MAX_ATTEMPTS: '10',
    MAX_UNPAID_ORDERS: '100',
    JWT_SECRET,
  });

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(appEnv());
    admin = await t.createUser({ role: 'admin' });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const outboxRows = (kind: string, recipient: string) =>
    t.dataSource.query(`SELECT status, attempts, last_error AS "lastError" FROM outbox_mails WHERE kind = $1 AND recipient = $2`, [kind, recipient]);
  /** The one mail that matches, among those the SMTP server has received. */
  const received = (match: (mail: CaughtMail) => boolean) => {
    const found = smtp.mails.filter(match);
    expect(found).toHaveLength(1);
    return found[0];
  };

  it('order placed: the short id in the subject, the lines, totals, payment, address and link; the staff get a notice', async () => {
    const buyer = await t.createUser({ name: 'Meena <script>alert(1)</script>' });
    const [rose, fern] = await seedProducts(t, [
      { name: 'Red Rose', pricePaise: 12050, stock: 10 },
      { name: 'Leatherleaf & Fern', pricePaise: 4000, stock: 10 },
    ]);
    const order = await placeOrder(t, buyer, [
      { product: rose, quantity: 10 },
      { product: fern, quantity: 1 },
    ]);
    const short = order._id.slice(-6).toUpperCase();
    await t.workDue();

    const mail = received(to(buyer.email, `Your Thalir Blooms order ${short} is placed`));
    expect(mail.from).toBe('orders@thalirblooms.example');
    // React separates adjacent text in HTML with empty comments.
    for (const part of [mail.text, mail.html.replace(/<!-- -->/g, '')]) {
      expect(part).toContain(`Your order ${short} of`);
      expect(part).toContain('₹1,205.00');
      expect(part).toContain('₹40.00');
      expect(part).toContain('₹1,245.00');
      expect(part).toContain('Cash on Delivery');
      expect(part).toContain('12 Lotus Street, Chennai 600001');
      expect(part).toContain(`${SITE}/order/${order._id}`);
    }
    expect(mail.text).toMatch(/Red Rose × 10\s+₹1,205\.00/);
    expect(mail.text).toContain('Thank you, Meena <script>alert(1)</script>!');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Meena &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Leatherleaf &amp; Fern');
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@thalirblooms\.example>$/);

    const notice = received(to(STAFF, `New order ${short}`));
    expect(notice.text).toContain(`${SITE}/admin/orders?q=${order._id}`);
    expect(notice.text).toContain(buyer.email);
  });

  it('order placed with offers and a delivery charge: each offer and the delivery, as the order recorded them, before the total', async () => {
    const buyer = await t.createUser({ name: 'Divya' });
    const [rose] = await seedProducts(t, [{ name: 'Red Rose', pricePaise: 12050, stock: 10 }]);
    const order = await placeOrder(t, buyer, [{ product: rose, quantity: 10 }]);
    // What placing it with ROSES10 and free delivery would have recorded (offers are set up elsewhere); the mail is written when sent.
    await t.dataSource.query(`UPDATE order_items SET discount_paise = 12050 WHERE order_id = $1`, [order._id]);
    await t.dataSource.query(`UPDATE orders SET delivery_fee_paise = 6000, delivery_discount_paise = 6000, total_paise = 108450 WHERE id = $1`, [order._id]);
    await t.dataSource.query(
      `INSERT INTO order_discounts (order_id, user_id, name, code, items_paise, delivery_paise)
       VALUES ($1, $2, 'Roses 10% off', 'ROSES10', 12050, 0), ($1, $2, 'Free delivery', NULL, 0, 6000)`,
      [order._id, buyer.id],
    );
    await t.workDue();

    const mail = received(to(buyer.email, `Your Thalir Blooms order ${order._id.slice(-6).toUpperCase()} is placed`));
    expect(mail.text).toMatch(/Red Rose × 10\s+₹1,205\.00\s+ROSES10\s+−₹120\.50\s+Delivery \(Free delivery\)\s+Free\s+Total\s+₹1,084\.50/);
    expect(mail.html.replace(/<!-- -->/g, '')).toContain('−₹120.50');
  });

  it("mails each step of an order's life to its buyer, once", async () => {
    const buyer = await t.createUser({ name: 'Ravi' });
    const [lily] = await seedProducts(t, [{ name: 'Lily', pricePaise: 50000, stock: 10 }]);
    const order = await placeOrder(t, buyer, [{ product: lily, quantity: 1 }], 'razorpay');
    const short = order._id.slice(-6).toUpperCase();
    const { providerOrderId } = await startPayment(t, buyer, order._id);
    await t.request('POST', '/api/payments/verify', { token: buyer.token, body: signedPayment(t, order._id, providerOrderId) });
    for (const status of ['processing', 'shipped', 'delivered', 'cancelled']) {
      expect((await t.request('PUT', `/api/orders/${order._id}/status`, { token: admin.token, body: { status } })).status).toBe(200);
    }
    const subjects = [
      `Your Thalir Blooms order ${short} is placed`,
      `Payment received for order ${short}`,
      `Order ${short} is on its way`,
      `Order ${short} was delivered`,
      `Order ${short} was cancelled`,
      `Refund started for order ${short}`,
      `Refund processed for order ${short}`,
    ];
    // The refund is asked for and settled by background work too, and mails its own news.
    await t.workDue();
    // Once sent, never again: not even after every claim on a mail would have run out.
    t.clock.advance(5 * MINUTE);
    await t.workDue();
    const mails = smtp.mails.filter((mail) => mail.to.includes(buyer.email));
    expect(mails.map((mail) => mail.subject).sort()).toEqual([...subjects].sort());
    expect(new Set(mails.map((mail) => mail.messageId)).size).toBe(subjects.length);
    expect(mails.find((mail) => mail.subject.startsWith('Payment received'))!.text).toContain('₹500.00');
    const cancelled = mails.find((mail) => mail.subject === `Order ${short} was cancelled`)!;
    expect(cancelled.text).toContain('by our team');
    expect(cancelled.text).toContain('₹500.00 you paid');
    expect(mails.find((mail) => mail.subject.startsWith('Refund processed'))!.text).toContain('The refund of ₹500.00');
  });

  it('tells the buyer who cancelled and why, and mails the end of a payment window', async () => {
    const buyer = await t.createUser();
    const [lily] = await seedProducts(t, [{ stock: 10 }]);
    const mine = await placeOrder(t, buyer, [{ product: lily, quantity: 1 }]);
    await t.request('POST', `/api/orders/${mine._id}/cancel`, { token: buyer.token });
    await t.workDue();
    const cancelled = received(to(buyer.email, `Order ${mine._id.slice(-6).toUpperCase()} was cancelled`));
    expect(cancelled.text).toContain('(cancelled by customer)');

    const waiting = await placeOrder(t, buyer, [{ product: lily, quantity: 1 }], 'razorpay');
    await t.workDue();
    expect(smtp.mails.filter(to(buyer.email, /the payment window ran out$/))).toEqual([]);
    await t.dataSource.query(`UPDATE orders SET payment_due_at = now() - interval '1 second' WHERE id = $1`, [waiting._id]);
    await t.workDue();
    const expired = received(to(buyer.email, /the payment window ran out$/));
    expect(expired.text).toContain('Nothing was charged');
    expect(expired.text).toContain(`${SITE}/order/${waiting._id}`);
  });

  it('welcomes a new customer, and never puts a password or token in a mail', async () => {
    const email = `welcome.${Date.now()}@example.com`;
    const registered = await t.request('POST', '/api/auth/register', { body: { name: 'Priya', email, password: 'Secret#Petals42' } });
    expect(registered.status).toBe(201);
    await t.workDue();
    const welcome = received(to(email, 'Welcome to Thalir Blooms'));
    expect(welcome.text).toContain('Welcome to Thalir Blooms, Priya');
    expect(welcome.text).toContain(`${SITE}/products`);
    for (const mail of smtp.mails) {
      expect(`${mail.text}${mail.html}`).not.toContain('Secret#Petals42');
      expect(`${mail.text}${mail.html}`).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    }
  });

  it('acknowledges a contact message to its sender and tells the staff, with what they wrote escaped', async () => {
    const email = `writer.${Date.now()}@example.com`;
    const message = 'Do you ship <b>orchids</b> to Perth?\nWe need 200 stems & greens.';
    expect((await t.request('POST', '/api/contact', { body: { name: 'Olivia "O" Chen', email, message } })).status).toBe(201);
    await t.workDue();
    const ack = received(to(email, 'We got your message'));
    expect(ack.text).toContain('Thank you for writing, Olivia "O" Chen');
    expect(ack.text).toContain('Do you ship <b>orchids</b> to Perth?');
    expect(ack.html).toContain('&lt;b&gt;orchids&lt;/b&gt;');
    const notice = received((mail) => mail.to.includes(STAFF) && mail.subject === 'New contact message' && mail.text.includes(email));
    expect(notice.text).toContain('We need 200 stems & greens.');
    expect(notice.text).toContain(`${SITE}/admin/contact`);
  });

  it('sends the staff a low-stock digest when products are at or under the threshold', async () => {
    const stamp = Date.now();
    await seedProducts(t, [
      { name: `Scarce Orchid ${stamp}`, stock: 0 },
      { name: `Few Gerberas ${stamp}`, stock: 5 },
      { name: `Plenty Carnations ${stamp}`, stock: 6 },
    ]);
    await t.app.get(JobQueue).send('low-stock-digest', null);
    await t.workDue();
    const digest = received((mail) => mail.to.includes(STAFF) && mail.subject.startsWith('Low stock:') && mail.text.includes(`Scarce Orchid ${stamp}`));
    expect(digest.text).toContain(`Scarce Orchid ${stamp}: sold out`);
    expect(digest.text).toContain(`Few Gerberas ${stamp}: 5 left`);
    expect(digest.text).not.toContain(`Plenty Carnations ${stamp}`);
    expect(digest.text).toContain(`${SITE}/admin/products`);
  });

  it('sends nothing for a change that rolls back', async () => {
    const email = `rolled.back.${Date.now()}@example.com`;
    await expect(
      t.dataSource.transaction(async (manager) => {
        await t.app.get(Outbox).enqueue(manager, [{ kind: 'welcome', to: email, userId: admin.id }]);
        throw new Error('the change failed after its mail was written');
      }),
    ).rejects.toThrow('the change failed');
    const buyer = await t.createUser();
    const [rose] = await seedProducts(t, [{ stock: 1 }]);
    expect(
      (
        await t.request('POST', '/api/orders', {
          token: buyer.token,
          body: { orderItems: [{ product: rose, quantity: 2 }], paymentMethod: 'cash', address: 'Hosur' },
        })
      ).status,
    ).toBe(409);
    await t.workDue();
    expect(smtp.mails.filter((mail) => mail.to.includes(email) || mail.to.includes(buyer.email))).toEqual([]);
    expect(await outboxRows('welcome', email)).toEqual([]);
  });

  describe('a mail server that refuses some addresses', () => {
    let refusing: SmtpCatcher;
    let strict: TestApp;
    beforeAll(async () => {
      refusing = await startSmtpCatcher({ refuse: (address) => (address.startsWith('gone.') ? 550 : address.startsWith('busy.') ? 451 : undefined) });
      strict = await createTestApp({ ...appEnv(), SMTP_URL: refusing.url });
    }, 180_000);
    afterAll(async () => {
      await strict?.close();
      await refusing?.stop();
    });
    const rowsTo = (email: string) =>
      strict.dataSource.query(`SELECT id, status, attempts, last_error AS "lastError" FROM outbox_mails WHERE recipient = $1`, [email]);

    it('fails a mail the server refuses for good (550) at once, and the staff can send it again', async () => {
      const email = `gone.${Date.now()}@example.com`;
      expect((await strict.request('POST', '/api/contact', { body: { name: 'Gone', email, message: 'Hello there' } })).status).toBe(201);
      await strict.workDue();
      const [row] = await rowsTo(email);
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row.lastError).toMatch(/550/);
      // Never tried again, however long the shop waits.
      strict.clock.advance(24 * 60 * MINUTE);
      await strict.workDue();
      expect(await rowsTo(email)).toEqual([row]);
      // The staff's copy to a working address went out.
      expect(refusing.mails.filter(to(STAFF, 'New contact message')).some((mail) => mail.text.includes(email))).toBe(true);

      const strictAdmin = await strict.createUser({ role: 'admin' });
      const failedList = await strict.request('GET', '/api/admin/emails?status=failed', { token: strictAdmin.token });
      expect(failedList.status).toBe(200);
      expect(failedList.headers['x-total-count']).toBe('1');
      expect(failedList.body[0]).toMatchObject({ _id: row.id, recipient: email, subject: 'We got your message', status: 'failed', attempts: 1 });
      const retried = await strict.request('POST', `/api/admin/emails/${row.id}/retry`, { token: strictAdmin.token });
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
      const again = await strict.request('POST', `/api/admin/emails/${row.id}/retry`, { token: strictAdmin.token });
      expect(again.status).toBe(409);
      await strict.workDue();
      expect(await rowsTo(email)).toEqual([expect.objectContaining({ status: 'failed', attempts: 1 })]);
    });

    it('tries a mail the server puts off (451) again after 1, 2, 4, … minutes, and fails it with the error after MAIL_MAX_ATTEMPTS (10) tries', async () => {
      const email = `busy.${Date.now()}@example.com`;
      expect((await strict.request('POST', '/api/contact', { body: { name: 'Busy', email, message: 'Hello there' } })).status).toBe(201);
      await strict.workDue();
      expect(await rowsTo(email)).toEqual([expect.objectContaining({ status: 'pending', attempts: 1 })]);
      for (let tries = 1; tries < 10; tries++) {
        const backoff = 2 ** (tries - 1) * MINUTE;
        strict.clock.advance(backoff - EARLY);
        await strict.workDue();
        expect(await rowsTo(email)).toEqual([expect.objectContaining({ status: 'pending', attempts: tries })]);
        strict.clock.advance(EARLY);
        await strict.workDue();
        expect(await rowsTo(email)).toEqual([expect.objectContaining({ status: tries + 1 < 10 ? 'pending' : 'failed', attempts: tries + 1 })]);
      }
      const [row] = await rowsTo(email);
      expect(row.lastError).toMatch(/451/);
      strict.clock.advance(24 * 60 * MINUTE);
      await strict.workDue();
      expect(await rowsTo(email)).toEqual([row]);
      expect(refusing.mails.filter((mail) => mail.to.includes(email))).toEqual([]);
    });
  });

  it('lists the outbox for admins only, newest first and paged', async () => {
    const customer = await t.createUser();
    expect((await t.request('GET', '/api/admin/emails', { token: customer.token })).status).toBe(403);
    expect((await t.request('GET', '/api/admin/emails')).status).toBe(401);
    const page = await t.request('GET', '/api/admin/emails?page=1&limit=2', { token: admin.token });
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(2);
    expect(new Date(page.body[0].createdAt) >= new Date(page.body[1].createdAt)).toBe(true);
    expect((await t.request('GET', '/api/admin/emails?status=lost', { token: admin.token })).status).toBe(400);
    expect((await t.request('GET', '/api/admin/emails?limit=500', { token: admin.token })).status).toBe(400);
    expect((await t.request('POST', '/api/admin/emails/00000000-0000-4000-8000-000000000000/retry', { token: admin.token })).status).toBe(404);
    expect((await t.request('POST', '/api/admin/emails/not-an-id/retry', { token: admin.token })).status).toBe(404);
  });

  it('survives the mail server being down during an order rush: every order succeeds, each mail is tried again on its backoff, and arrives once after', async () => {
    const buyers = await Promise.all(Array.from({ length: 5 }, () => t.createUser()));
    const [rose] = await seedProducts(t, [{ stock: 100 }]);
    await smtp.stop();
    const down = Date.now();
    const orders = await Promise.all(Array.from({ length: 15 }, (_, i) => placeOrder(t, buyers[i % 5], [{ product: rose, quantity: 1 }])));
    console.log(`15 orders placed while SMTP was down in ${Date.now() - down} ms`);
    expect(orders).toHaveLength(15);
    const orderIds = orders.map((order) => order._id);
    const tries = async () =>
      (
        (await t.dataSource.query(
          `SELECT status, attempts FROM outbox_mails WHERE kind IN ('order-placed', 'staff-new-order') AND payload->>'orderId' = ANY($1)`,
          [orderIds],
        )) as { status: string; attempts: number }[]
      ).map((row) => `${row.status}:${row.attempts}`);

    // Down for 15 minutes by the clock: each mail is tried at 0, 1, 3 and 7 minutes, none early; the
    // server is back for the fifth try, at 15.
    for (let tried = 1; tried <= 4; tried++) {
      await t.workDue();
      expect(await tries()).toEqual(Array(30).fill(`pending:${tried}`));
      t.clock.advance(2 ** (tried - 1) * MINUTE - EARLY);
      await t.workDue();
      expect(await tries()).toEqual(Array(30).fill(`pending:${tried}`));
      t.clock.advance(EARLY);
    }
    const before = smtp.mails.length;
    smtp = await startSmtpCatcher({ port: smtp.port, mails: smtp.mails });
    await t.workDue();
    expect(await tries()).toEqual(Array(30).fill('sent:5'));
    // Sent is sent: nothing goes twice, even once every claim on a mail would have run out.
    t.clock.advance(5 * MINUTE);
    await t.workDue();
    const ids = new Set(orders.map((order) => order._id.slice(-6).toUpperCase()));
    const placed = (mail: CaughtMail) => /order (\w{6}) is placed$/.test(mail.subject) && ids.has(mail.subject.match(/order (\w{6}) is placed$/)![1]);
    const arrived = smtp.mails.slice(before).filter((mail) => placed(mail) || (mail.to.includes(STAFF) && ids.has(mail.subject.replace('New order ', ''))));
    expect(arrived.filter(placed)).toHaveLength(15);
    expect(arrived).toHaveLength(30);
    expect(new Set(arrived.map((mail) => mail.messageId)).size).toBe(30);
  });

  (process.env.TEST_DATABASE_URL ? it : it.skip)('two API processes on one PostgreSQL send each mail once', async () => {
    const second = await createTestApp({ ...appEnv(), DATABASE_URL: t.databaseUrl! });
    // One clock for both, as the database's now() is for every process in production.
    second.clock.advance(t.clock.aheadMs);
    try {
      const buyer = await t.createUser();
      const [rose] = await seedProducts(t, [{ stock: 100 }]);
      const orders = await Promise.all(Array.from({ length: 20 }, (_, i) => placeOrder(i % 2 ? second : t, buyer, [{ product: rose, quantity: 1 }])));
      const ids = new Set(orders.map((order) => order._id.slice(-6).toUpperCase()));
      const ours = (mail: CaughtMail) => ids.has(mail.subject.replace(/^Your Thalir Blooms order (\w{6}) is placed$/, '$1').replace(/^New order /, ''));
      // Both deliver at the same time, each claiming from the same outbox.
      await Promise.all([t.workDue(), second.workDue(), t.workDue(), second.workDue()]);
      const arrived = smtp.mails.filter(ours);
      expect(arrived).toHaveLength(40);
      expect(new Set(arrived.map((mail) => mail.messageId)).size).toBe(40);
    } finally {
      await second.close();
    }
  });
});
