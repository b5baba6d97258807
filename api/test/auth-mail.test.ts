import { PasswordResetMailer } from '../src/auth/password-reset-mailer';
import { type SmtpCatcher, startSmtpCatcher } from './smtp-fixture';
import { createTestApp, TestApp } from './test-app';

describe('auth: reset links by mail when SMTP_URL is set', () => {
  let t: TestApp;
  let catcher: SmtpCatcher;
  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    t = await createTestApp({ SMTP_URL: catcher.url, PUBLIC_URL: 'https://shop.thalirblooms.example', TRUST_PROXY: 'true' });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await catcher.stop();
  });
  const resets = (email: string) => (mail: { to: string[]; subject: string }) =>
    mail.to.includes(email) && mail.subject === 'Reset your Thalir Blooms password';

  it('mails a single-use link from Thalir Blooms and keeps the token out of the answer', async () => {
    const user = await t.createUser({ name: 'Kavya Mail' });
    const res = await t.request('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });

    const [mail] = await catcher.waitFor(resets(user.email));
    expect(mail.from).toBe('orders@thalirblooms.example');
    for (const part of [mail.text, mail.html]) expect(part).toContain('Hello Kavya Mail');
    const token = mail.text.match(/https:\/\/shop\.thalirblooms\.example\/reset-password\/([A-Za-z0-9_-]{43})/)?.[1];
    expect(token).toBeDefined();
    expect(mail.html).toContain(`href="https://shop.thalirblooms.example/reset-password/${token}"`);

    expect((await t.request('POST', `/api/auth/reset-password/${token}`, { body: { password: 'Mailed#Petals1' } })).status).toBe(200);
    expect((await t.request('POST', '/api/auth/login', { body: { email: user.email, password: 'Mailed#Petals1' } })).status).toBe(200);
    expect((await t.request('POST', `/api/auth/reset-password/${token}`, { body: { password: 'Again#Petals12' } })).status).toBe(400);
  });

  it('sends nothing for an unknown email and answers the same', async () => {
    const { email } = await t.createUser();
    // The mailer is the one way out for a reset mail, and it is called before the answer goes.
    const mailer = jest.spyOn(t.app.get(PasswordResetMailer), 'deliver');
    const known = await t.request('POST', '/api/auth/forgot-password', { body: { email } });
    const unknown = await t.request('POST', '/api/auth/forgot-password', { body: { email: 'nobody.at.all@example.com' } });
    expect(unknown.raw.equals(known.raw)).toBe(true);
    expect(mailer.mock.calls.map(([recipient]) => recipient.email)).toEqual([email]);
    await catcher.waitFor(resets(email));
    expect(catcher.mails.filter(resets('nobody.at.all@example.com'))).toEqual([]);
    mailer.mockRestore();
  });

  it('sends at most RESET_MAILS_PER_HOUR (3) reset mails to one account, whatever the client address, and answers the same every time', async () => {
    const user = await t.createUser({ name: 'Flooded Inbox' });
    const sent = jest.spyOn(t.app.get(PasswordResetMailer), 'deliver');
    const answers = [];
    for (let i = 0; i < 12; i++) {
      answers.push(
        await t.request('POST', '/api/auth/forgot-password', { body: { email: user.email }, headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } }),
      );
    }
    const unknown = await t.request('POST', '/api/auth/forgot-password', { body: { email: 'nobody.else@example.com' } });
    for (const answer of answers) expect([answer.status, answer.raw.equals(unknown.raw)]).toEqual([200, true]);
    expect(sent.mock.calls.filter(([recipient]) => recipient.email === user.email)).toHaveLength(3);
    expect(await catcher.waitFor(resets(user.email), 3)).toHaveLength(3);
    sent.mockRestore();
  });
});
