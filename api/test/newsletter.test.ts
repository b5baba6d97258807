import { NewsletterService } from '../src/newsletter/newsletter.service';
import { type CaughtMail, type SmtpCatcher, startSmtpCatcher } from './smtp-fixture';
import { tamperedToken } from './tampered-token';
import { createTestApp, TestApp, TestUser } from './test-app';

const SITE = 'https://shop.thalirblooms.example';
const CONFIRM_SUBJECT = 'Please confirm your subscription to Thalir Blooms news';
const ONE_CLICK = { 'content-type': 'application/x-www-form-urlencoded' };

describe('newsletter', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: SITE, JOB_WORKERS: 'false' });
    admin = await t.createUser({ role: 'admin' });
    customer = await t.createUser();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const subscribe = (email: string) => t.request('POST', '/api/newsletter', { body: { email } });
  const subscribers = async () => (await t.request('GET', '/api/newsletter', { token: admin.token })).body as { email: string; status: string }[];
  const statusOf = async (email: string) => (await subscribers()).find((subscriber) => subscriber.email === email)?.status;
  /** The confirmation mails that reached the SMTP server for an address. */
  const confirmationsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email) && mail.subject === CONFIRM_SUBJECT);
  /** A link of a mail, as the API's path and query (the test app is not behind PUBLIC_URL). */
  const link = (mail: CaughtMail, purpose: 'confirm' | 'unsubscribe') => {
    const url = new RegExp(`${SITE}(/api/newsletter/${purpose}\\?token=[\\w.-]+)`).exec(mail.text)?.[1];
    if (!url) throw new Error(`No ${purpose} link in: ${mail.text}`);
    return url;
  };

  async function confirmationFor(email: string): Promise<CaughtMail> {
    expect((await subscribe(email)).status).toBe(201);
    await t.workDue();
    const [mail] = confirmationsTo(email);
    return mail;
  }

  it('records a subscription, lower-cased, as pending until its owner confirms it', async () => {
    const res = await subscribe('  Priya.Nair@Example.COM ');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: expect.stringContaining('Thank you for subscribing! Please confirm with the link we have emailed you') });
    const list = await t.request('GET', '/api/newsletter', { token: admin.token });
    expect(list.body).toEqual([
      { _id: expect.any(String), email: 'priya.nair@example.com', createdAt: expect.any(String), status: 'pending', confirmedAt: null },
    ]);
  });

  it('mails a confirmation link with one-click unsubscribe headers (RFC 8058), and the link confirms from its page', async () => {
    const mail = await confirmationFor('meera@example.com');
    const unsubscribe = link(mail, 'unsubscribe');
    expect(mail.headers['list-unsubscribe']).toBe(`<${SITE}${unsubscribe}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain(`href="${SITE}${link(mail, 'confirm')}"`);
    // The outbox keeps neither a link nor, once sent, the address.
    const [row] = await t.dataSource.query(
      `SELECT recipient, payload::text AS payload FROM outbox_mails WHERE kind = 'newsletter-confirm' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(row.recipient).toBe('erased');
    expect(row.payload).not.toContain('token');

    // A link scanner's GET changes nothing: the page asks, its button posts.
    const page = await t.request('GET', link(mail, 'confirm'), { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post" action="/api/newsletter/confirm?token=');
    expect(page.body).toContain('Yes, subscribe me');
    expect(await statusOf('meera@example.com')).toBe('pending');

    const confirmed = await t.request('POST', link(mail, 'confirm'), { headers: { accept: 'text/html' } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toContain('You are subscribed');
    expect(await statusOf('meera@example.com')).toBe('active');
    const again = await t.request('POST', link(mail, 'confirm'));
    expect([again.status, again.body.message]).toEqual([200, 'You are subscribed. This address already gets our news.']);
  });

  it('unsubscribes with one click, without sign-in: the address is forgotten and the link then leads nowhere', async () => {
    const mail = await confirmationFor('anand@example.com');
    await t.request('POST', link(mail, 'confirm'));
    const url = new URL(mail.headers['list-unsubscribe'].slice(1, -1));
    // What a mail program sends for its Unsubscribe button.
    const res = await t.request('POST', `${url.pathname}${url.search}`, { headers: ONE_CLICK, payload: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/^You are unsubscribed/);
    expect(await statusOf('anand@example.com')).toBeUndefined();
    expect(await t.dataSource.query(`SELECT 1 FROM newsletter_subscribers WHERE email = 'anand@example.com'`)).toEqual([]);

    const page = await t.request('GET', `${url.pathname}${url.search}`, { headers: { accept: 'text/html' } });
    expect([page.status, page.body.includes('This link is not valid any more')]).toEqual([404, true]);
    const repeat = await t.request('POST', `${url.pathname}${url.search}`, { headers: ONE_CLICK, payload: 'List-Unsubscribe=One-Click' });
    expect([repeat.status, repeat.body.success]).toEqual([404, false]);
  });

  it('refuses a link whose token was altered, or made for another purpose or address', async () => {
    const mail = await confirmationFor('kiran@example.com');
    const confirm = link(mail, 'confirm');
    const token = confirm.split('token=')[1];
    const [other] = await t.dataSource.query(`SELECT id FROM newsletter_subscribers WHERE email = 'meera@example.com'`);
    for (const forged of [tamperedToken(token), token.replace(/^[^.]+/, other.id), link(mail, 'unsubscribe').split('token=')[1], 'not-a-token', '']) {
      const res = await t.request('POST', `/api/newsletter/confirm?token=${encodeURIComponent(forged)}`);
      expect([forged, res.status, res.body.message]).toEqual([forged, 404, expect.stringMatching(/^This link is not valid any more/)]);
    }
    expect(await statusOf('kiran@example.com')).toBe('pending');
    expect(await statusOf('meera@example.com')).toBe('active');
  });

  it('mails the link again for a repeated sign-up of a pending address at most hourly, and never to a confirmed one', async () => {
    await confirmationFor('lakshmi@example.com');
    expect((await subscribe('LAKSHMI@example.com')).body).toEqual((await subscribe('lakshmi@example.com')).body);
    await t.workDue();
    expect(confirmationsTo('lakshmi@example.com')).toHaveLength(1);
    await t.dataSource.query(`UPDATE newsletter_subscribers SET confirmation_sent_at = now() - interval '61 minutes' WHERE email = 'lakshmi@example.com'`);
    await subscribe('lakshmi@example.com');
    await t.workDue();
    expect(confirmationsTo('lakshmi@example.com')).toHaveLength(2);

    await subscribe('meera@example.com');
    await t.workDue();
    expect(confirmationsTo('meera@example.com')).toHaveLength(1);
    const list = await subscribers();
    expect(list.filter((subscriber) => subscriber.email === 'lakshmi@example.com')).toHaveLength(1);
  });

  it('lets a confirmation link expire after a week, and forgets addresses nobody confirmed', async () => {
    const mail = await confirmationFor('old.pending@example.com');
    await t.dataSource.query(`UPDATE newsletter_subscribers SET confirmation_sent_at = now() - interval '8 days' WHERE email = 'old.pending@example.com'`);
    expect((await t.request('POST', link(mail, 'confirm'))).status).toBe(404);
    expect(await t.app.get(NewsletterService).forgetUnconfirmed()).toBe(1);
    expect(await statusOf('old.pending@example.com')).toBeUndefined();
    expect(await statusOf('meera@example.com')).toBe('active');
  });

  it('lists subscribers newest first', async () => {
    await subscribe('newest@example.com');
    const list = await subscribers();
    expect(list[0].email).toBe('newest@example.com');
    expect(list.at(-1)!.email).toBe('priya.nair@example.com');
  });

  it.each([
    ['no email', {}, 'Email is required'],
    ['a blank email', { email: '  ' }, 'Email is required'],
    ['a malformed email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['a number', { email: 12345 }, 'Email must be text'],
  ])('refuses %s with 400', async (_label, body, message) => {
    const res = await t.request('POST', '/api/newsletter', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it('keeps the list to admins: 401 visitor, 403 customer', async () => {
    expect((await t.request('GET', '/api/newsletter')).status).toBe(401);
    const forbidden = await t.request('GET', '/api/newsletter', { token: customer.token });
    expect(forbidden.status).toBe(403);
    expect(typeof forbidden.body.message).toBe('string');
  });
});
