import type { AccountData, Order } from '@thalir/contracts';
import { captured, newPaymentId, sendWebhook, signedPayment, startPayment } from './payment-fixtures';
import { pdfText } from './pdf-text';
import { seedProducts } from './shop-fixtures';
import { type CaughtMail, type SmtpCatcher, startSmtpCatcher } from './smtp-fixture';
import { createTestApp, type TestApp, type TestResponse, type TestUser } from './test-app';

const SITE = 'https://shop.thalirblooms.example';

/** Everything that identifies the customer, as they typed it. */
const CUSTOMER = {
  name: 'Vaidehi Thirunavukkarasu',
  email: 'vaidehi.thiru@example.com',
  password: 'Jasmine#Garland7',
  phone: '9840012345',
  street: '27 Gandhi Nagar Main Road',
  giftMessage: 'Kanakambaram for my sister, with love',
};

/** A place in the database holding one of the customer's details. */
interface Finding {
  table: string;
  column: string;
  id: string | null;
  needle: string;
}

/**
 * Every text, varchar, char and jsonb column of every table in the public schema, searched for each
 * needle (case-insensitively, anywhere in the value): where the customer's details still are.
 */
async function findEverywhere(t: TestApp, needles: string[]): Promise<Finding[]> {
  const columns = (await t.dataSource.query(
    `SELECT c.table_name AS "table", c.column_name AS "column" FROM information_schema.columns c
     JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
     WHERE c.table_schema = 'public' AND c.data_type IN ('text', 'character varying', 'character', 'jsonb', 'json')
     ORDER BY c.table_name, c.column_name`,
  )) as { table: string; column: string }[];
  expect(columns.length).toBeGreaterThan(50);
  const findings: Finding[] = [];
  for (const { table, column } of columns) {
    const rows = (await t.dataSource.query(
      `SELECT to_jsonb(t)->>'id' AS id, needle FROM "${table}" t, unnest($1::text[]) AS needle
       WHERE strpos(lower(t."${column}"::text), lower(needle)) > 0`,
      [needles],
    )) as { id: string | null; needle: string }[];
    findings.push(...rows.map((row) => ({ table, column, ...row })));
  }
  return findings;
}

const ok = (res: TestResponse, status = 200) => {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
};

describe("customers' data: export and erasure", () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  let otherSession: string;
  let delivery: { date: string; slot: string };
  /** Below ₹50,000 taxable, to Karnataka; paid online with the payer's details in the provider's event. */
  let small: Order;
  let withGift: Order;
  /** ₹52,000 taxable: the invoice must keep the buyer's name and address (rule 46(e)). */
  let large: Order;

  const deleteAccount = (token: string, body?: unknown) => t.request('DELETE', '/api/users/me', { token, body });
  const move = async (order: Order, ...statuses: string[]) => {
    for (const status of statuses) ok(await t.request('PUT', `/api/orders/${order._id}/status`, { token: admin.token, body: { status } }));
  };
  const invoiceText = async (order: Order) => {
    const res = await t.request('GET', `/api/orders/${order._id}/invoice`, { token: admin.token });
    expect(res.status).toBe(200);
    return (await pdfText(res.raw)).text;
  };

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: SITE, JOB_WORKERS: 'false', SHOP_NOTIFY_EMAIL: 'staff@thalirblooms.example' });
    admin = await t.createUser({ role: 'admin' });
    const registered = ok(
      await t.request('POST', '/api/auth/register', { body: { name: CUSTOMER.name, email: CUSTOMER.email, password: CUSTOMER.password } }),
      201,
    );
    customer = { id: registered.user._id, email: CUSTOMER.email, password: CUSTOMER.password, token: registered.token };
    otherSession = ok(await t.request('POST', '/api/auth/login', { body: { email: CUSTOMER.email, password: CUSTOMER.password } })).token;
    const options = ok(await t.request('GET', '/api/delivery/options'));
    delivery = { date: options.dates[0].date, slot: options.dates[0].slots[0] };
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const place = async (lines: { product: string; quantity: number }[], paymentMethod: 'cash' | 'razorpay', address: string, details: Record<string, string>) =>
    ok(
      await t.request('POST', '/api/orders', {
        token: customer.token,
        body: { orderItems: lines, paymentMethod, address, delivery: { ...delivery, recipientPhone: CUSTOMER.phone, ...details } },
      }),
      201,
    ) as Order;

  it('refuses to erase the account without the password (400), with a wrong one (403), and while an order is open (409)', async () => {
    const [rose, garland] = await seedProducts(t, [
      { name: 'Red Rose Bunch', pricePaise: 4_999_900, stock: 10 },
      { name: 'Wedding Mandap Garland', pricePaise: 2_600_000, stock: 10 },
    ]);
    small = await place([{ product: rose, quantity: 1 }], 'razorpay', `${CUSTOMER.street}, Bengaluru 560034`, { pincode: '560034' });
    withGift = await place([{ product: rose, quantity: 1 }], 'cash', `${CUSTOMER.street}, Hosur 635109`, {
      pincode: '635109',
      recipientName: 'Meenakshi Sundaram',
      giftMessage: CUSTOMER.giftMessage,
    });

    expect(ok(await deleteAccount(customer.token, {}), 400).message).toBe('Password is required');
    const wrong = await deleteAccount(customer.token, { password: 'not my password' });
    expect([wrong.status, wrong.body.message]).toEqual([403, 'Current password is incorrect']);
    const open = await deleteAccount(customer.token, { password: CUSTOMER.password });
    expect(open.status).toBe(409);
    expect(open.body.message).toBe(
      `You have 2 orders still open (${[small, withGift].map((order) => order._id.slice(-6).toUpperCase()).join(', ')}). ` +
        'You can delete your account once they are delivered or cancelled.',
    );

    // Paid online: the provider's event names the payer, as Razorpay's do.
    const { providerOrderId, amount } = await startPayment(t, customer, small._id);
    const paymentId = newPaymentId();
    const payer = { email: CUSTOMER.email, contact: `+91${CUSTOMER.phone}`, vpa: 'vaidehi.thiru@okbank' };
    ok(await sendWebhook(t, 'payment.captured', { payment: { entity: { ...captured(providerOrderId, paymentId, amount).payment.entity, ...payer } } }));
    await move(small, 'processing', 'shipped', 'delivered');
    ok(await t.request('POST', `/api/orders/${withGift._id}/cancel`, { token: customer.token }));
    large = await place([{ product: garland, quantity: 2 }], 'cash', `${CUSTOMER.street}, Hosur 635109`, { pincode: '635109' });
    await move(large, 'processing', 'shipped', 'delivered');
    expect(ok(await t.request('GET', `/api/orders/${large._id}`, { token: customer.token })).isPaid).toBe(true);
  });

  it('exports everything the shop holds about the customer as a JSON download', async () => {
    const [lily] = await seedProducts(t, [{ name: 'Stargazer Lily' }]);
    ok(await t.request('POST', '/api/wishlist', { token: customer.token, body: { productId: lily } }), 201);
    ok(await t.request('POST', '/api/contact', { body: { name: CUSTOMER.name, email: CUSTOMER.email, message: `Call me on ${CUSTOMER.phone} please` } }), 201);
    ok(
      await t.request('POST', '/api/enquiries', {
        body: {
          company: 'Thiru Events',
          contactName: CUSTOMER.name,
          email: CUSTOMER.email,
          phone: `+91${CUSTOMER.phone}`,
          country: 'SG',
          message: 'Roses for a wedding',
        },
      }),
      201,
    );
    ok(await t.request('POST', '/api/newsletter', { body: { email: CUSTOMER.email } }), 201);
    await t.workDue();
    const confirmation = smtp.mails.find((mail) => mail.to.includes(CUSTOMER.email) && mail.subject.startsWith('Please confirm'))!;
    ok(await t.request('POST', /\/api\/newsletter\/confirm\?token=[\w.-]+/.exec(confirmation.text)![0]));
    ok(await t.request('POST', '/api/auth/forgot-password', { body: { email: CUSTOMER.email } }));
    await t.dataSource.query(`UPDATE enquiries SET note = 'Asked twice about price' WHERE email = $1`, [CUSTOMER.email]);

    const res = await t.request('GET', '/api/users/me/export', { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="thalir-blooms-my-data.json"');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.raw.toString('utf8')).toContain('\n  "profile": {');
    const data = res.body as AccountData;
    expect(data.profile).toEqual({
      _id: customer.id,
      name: CUSTOMER.name,
      email: CUSTOMER.email,
      address: '',
      role: 'customer',
      language: 'en',
      createdAt: expect.any(String),
    });
    expect(data.orders.map((order) => order._id).sort()).toEqual([small._id, withGift._id, large._id].sort());
    const gift = data.orders.find((order) => order._id === withGift._id)!;
    expect(gift.delivery).toMatchObject({ recipientName: 'Meenakshi Sundaram', recipientPhone: `+91${CUSTOMER.phone}`, giftMessage: CUSTOMER.giftMessage });
    expect(gift.statusHistory!.map((change) => change.status)).toEqual(['pending', 'cancelled']);
    expect(gift.orderItems).toEqual([expect.objectContaining({ name: 'Red Rose Bunch', quantity: 1, price: 49_999 })]);
    expect(data.orders.find((order) => order._id === small._id)!.payments).toEqual([{ amount: 49_999, method: null, at: expect.any(String) }]);
    expect(data.orders.every((order) => Array.isArray(order.refunds) && Array.isArray(order.discounts))).toBe(true);
    expect(data.wishlist).toEqual([{ productId: lily, name: 'Stargazer Lily', addedAt: expect.any(String) }]);
    expect(data.newsletter).toEqual({ email: CUSTOMER.email, status: 'active', subscribedAt: expect.any(String), confirmedAt: expect.any(String) });
    expect(data.consents).toEqual([{ purpose: 'newsletter', given: true, givenAt: data.newsletter!.confirmedAt }]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ name: CUSTOMER.name, message: `Call me on ${CUSTOMER.phone} please` })]);
    expect(data.exportEnquiries).toEqual([expect.objectContaining({ company: 'Thiru Events', phone: `+91${CUSTOMER.phone}`, status: 'new' })]);
    expect(data.exportEnquiries[0]).not.toHaveProperty('note');
    expect(new Set(data.mails.map((mail) => mail.kind))).toEqual(
      new Set(['welcome', 'order-placed', 'payment-received', 'order-shipped', 'order-delivered', 'order-cancelled', 'contact-ack', 'enquiry-ack']),
    );
    expect(data.mails.every((mail) => mail.status === 'sent' && mail.sentAt !== null && mail.subject.length > 0)).toBe(true);
    expect(res.raw.toString('utf8')).not.toMatch(/password|hash|token/i);
  });

  it('erases the account in one go: a goodbye mail, every session ended, no sign-in', async () => {
    // The search finds what it looks for: before the erasure, the customer is all over the database.
    const before = new Set((await findEverywhere(t, Object.values(CUSTOMER))).map((finding) => `${finding.table}.${finding.column}`));
    expect([...before]).toEqual(
      expect.arrayContaining([
        'users.name',
        'users.email',
        'orders.address',
        'orders.recipient_name',
        'orders.recipient_phone',
        'orders.gift_message',
        'payment_events.payload',
        'newsletter_subscribers.email',
        'contact_messages.name',
        'contact_messages.email',
        'enquiries.contact_name',
        'enquiries.phone',
        'outbox_mails.recipient',
      ]),
    );
    const res = await deleteAccount(customer.token, { password: CUSTOMER.password });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      'Your account is deleted and your personal data erased. GST law has us keep the invoices of your 3 orders. A last email confirms it.',
    );
    for (const token of [customer.token, otherSession]) {
      const refused = await t.request('GET', '/api/users/profile', { token });
      expect([refused.status, refused.body.message]).toEqual([401, 'Your session has expired. Please sign in again']);
    }
    expect((await t.request('POST', '/api/auth/login', { body: { email: CUSTOMER.email, password: CUSTOMER.password } })).status).toBe(401);

    // Until it is sent, the goodbye is the one place the address is left.
    expect(await findEverywhere(t, [CUSTOMER.email])).toEqual([{ table: 'outbox_mails', column: 'recipient', id: expect.any(String), needle: CUSTOMER.email }]);
    await t.workDue();
    const goodbye = smtp.mails.filter((mail: CaughtMail) => mail.to.includes(CUSTOMER.email) && mail.subject === 'Your Thalir Blooms account is deleted');
    expect(goodbye).toHaveLength(1);
    expect(goodbye[0].text).toContain('GST law has us keep the tax invoices of your 3 orders for 72 months');
    expect(goodbye[0].text).toContain('On the invoices with a taxable value of ₹50,000.00 or more (1 order), your name and the delivery address stay as well.');
    const [row] = await t.dataSource.query(`SELECT id, recipient, status FROM outbox_mails WHERE kind = 'account-erased'`);
    expect(row).toEqual({ id: expect.any(String), recipient: 'erased', status: 'sent' });
    // Staff cannot send an erased customer's mail again: there is nowhere to send it.
    await t.dataSource.query(`UPDATE outbox_mails SET status = 'failed' WHERE id = $1`, [row.id]);
    const retry = await t.request('POST', `/api/admin/emails/${row.id}/retry`, { token: admin.token });
    expect([retry.status, retry.body.message]).toEqual([409, 'This email cannot be sent again: its address was erased']);
  });

  it('leaves nothing of the customer in any text column of any table, but the name and address on the ₹50,000 invoice', async () => {
    const findings = await findEverywhere(
      t,
      Object.values(CUSTOMER).filter((value) => value !== CUSTOMER.password),
    );
    const where = (finding: Finding) => `${finding.table}.${finding.column} ${finding.id === large._id ? '(the large order)' : finding.id}: ${finding.needle}`;
    expect(findings.map(where).sort()).toEqual(
      [
        `orders.address (the large order): ${CUSTOMER.street}`,
        `orders.invoice_buyer_name (the large order): ${CUSTOMER.name}`,
        `orders.recipient_name (the large order): ${CUSTOMER.name}`,
      ].sort(),
    );
    for (const table of ['wishlist_items', 'password_resets'])
      expect(await t.dataSource.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [customer.id])).toEqual([]);
    const [user] = await t.dataSource.query(`SELECT name, email, password_hash AS "passwordHash", erased_at AS "erasedAt" FROM users WHERE id = $1`, [
      customer.id,
    ]);
    expect(user).toEqual({ name: 'Deleted customer', email: `erased-${customer.id}@erased.invalid`, passwordHash: '!erased', erasedAt: expect.any(Date) });
    const orders = await t.dataSource.query(
      `SELECT id, place_of_supply AS "placeOfSupply", delivery_pincode AS pincode FROM orders WHERE user_id = $1 ORDER BY id`,
      [customer.id],
    );
    expect(new Map(orders.map((order: { id: string }) => [order.id, order]))).toEqual(
      new Map([
        [small._id, { id: small._id, placeOfSupply: '29', pincode: null }],
        [withGift._id, { id: withGift._id, placeOfSupply: '33', pincode: null }],
        [large._id, { id: large._id, placeOfSupply: '33', pincode: '635109' }],
      ]),
    );
  });

  it('still renders the invoices: the kept state of supply, and the name and address only where the law asks for them', async () => {
    const below = await invoiceText(small);
    expect(below).toContain(small.invoiceNumber!);
    expect(below).toContain('Red Rose Bunch');
    expect(below).toContain('Place of supply: Karnataka (29)');
    expect(below).toContain('Deleted customer');
    for (const detail of [CUSTOMER.name, CUSTOMER.street, CUSTOMER.phone, CUSTOMER.email, '560034', 'erased.invalid']) expect(below).not.toContain(detail);

    const above = await invoiceText(large);
    expect(above).toContain(CUSTOMER.name);
    expect(above).toContain(CUSTOMER.street);
    expect(above).toContain('Place of supply: Tamil Nadu (33)');
    expect(above).toContain('₹52,000.00');
    for (const detail of [CUSTOMER.phone, CUSTOMER.email, 'erased.invalid']) expect(above).not.toContain(detail);
  });

  it('refuses while a refund is still owed, and erases once it has gone back', async () => {
    const buyer = await t.createUser({ name: 'Ravi Refund' });
    const [fern] = await seedProducts(t, [{ name: 'Leatherleaf Fern', pricePaise: 30000 }]);
    const order = ok(
      await t.request('POST', '/api/orders', {
        token: buyer.token,
        body: { orderItems: [{ product: fern, quantity: 1 }], paymentMethod: 'razorpay', address: 'Hosur 635109' },
      }),
      201,
    ) as Order;
    const { providerOrderId } = await startPayment(t, buyer, order._id);
    ok(await t.request('POST', '/api/payments/verify', { token: buyer.token, body: signedPayment(t, order._id, providerOrderId) }));
    ok(await t.request('POST', `/api/orders/${order._id}/cancel`, { token: buyer.token }));

    const owed = await deleteAccount(buyer.token, { password: buyer.password });
    expect([owed.status, owed.body.message]).toEqual([
      409,
      `We still owe you a refund for order ${order._id.slice(-6).toUpperCase()}. You can delete your account once it has reached you.`,
    ]);
    await t.workDue();
    expect((await deleteAccount(buyer.token, { password: buyer.password })).status).toBe(200);
  });

  it('keeps staff accounts out of it', async () => {
    const refused = await deleteAccount(admin.token, { password: admin.password });
    expect([refused.status, refused.body.message]).toEqual([403, 'Staff accounts are closed by the shop, not deleted from the profile']);
  });
});
