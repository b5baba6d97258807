import { createServer, type AddressInfo, type Server } from 'node:net';
import { createTestApp, TestApp } from './test-app';

interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  data: string;
}

/** Just enough of an SMTP server (no TLS, no auth) to receive what nodemailer sends. */
async function startMailCatcher(): Promise<{ port: number; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let reading: ReceivedMail | null = null;
    let envelope: ReceivedMail = { envelopeFrom: '', envelopeTo: [], data: '' };
    socket.write('220 catcher ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (reading) {
          if (line === '.') {
            mails.push(reading);
            reading = null;
            envelope = { envelopeFrom: '', envelopeTo: [], data: '' };
            socket.write('250 queued\r\n');
          } else {
            reading.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-catcher\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO' || verb === 'RSET' || verb === 'NOOP') socket.write('250 ok\r\n');
        else if (verb === 'MAIL') {
          envelope.envelopeFrom = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          envelope.envelopeTo.push(line);
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          reading = envelope;
          socket.write('354 end with .\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('502 not implemented\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft line breaks and escapes, enough to read a link in the mail. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('auth: reset links by mail when SMTP_URL is set', () => {
  let t: TestApp;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  beforeAll(async () => {
    catcher = await startMailCatcher();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${catcher.port}`, PUBLIC_URL: 'https://shop.thalirblooms.example' });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await catcher.close();
  });

  it('mails a single-use link from Thalir Blooms and keeps the token out of the answer', async () => {
    const user = await t.createUser({ name: 'Kavya Mail' });
    const res = await t.request('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });

    const mail = await waitFor(() => catcher.mails.find((m) => m.envelopeTo.some((to) => to.includes(user.email))));
    expect(mail.envelopeFrom).toContain('<hello@thalirblooms.example>');
    expect(mail.data).toMatch(/^From: Thalir Blooms <hello@thalirblooms\.example>$/m);
    expect(mail.data).toMatch(/^Subject: Reset your Thalir Blooms password$/m);
    const body = decodeQuotedPrintable(mail.data);
    expect(body).toContain('Hello Kavya Mail');
    const token = body.match(/https:\/\/shop\.thalirblooms\.example\/reset-password\/([A-Za-z0-9_-]{43})/)?.[1];
    expect(token).toBeDefined();

    expect((await t.request('POST', `/api/auth/reset-password/${token}`, { body: { password: 'Mailed#Petals1' } })).status).toBe(200);
    expect((await t.request('POST', '/api/auth/login', { body: { email: user.email, password: 'Mailed#Petals1' } })).status).toBe(200);
    expect((await t.request('POST', `/api/auth/reset-password/${token}`, { body: { password: 'Again#Petals12' } })).status).toBe(400);
  });

  it('sends nothing for an unknown email and answers the same', async () => {
    const before = catcher.mails.length;
    const known = await t.request('POST', '/api/auth/forgot-password', { body: { email: (await t.createUser()).email } });
    const unknown = await t.request('POST', '/api/auth/forgot-password', { body: { email: 'nobody.at.all@example.com' } });
    expect(unknown.raw.equals(known.raw)).toBe(true);
    await waitFor(() => (catcher.mails.length > before ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(catcher.mails.length).toBe(before + 1);
  });
});
