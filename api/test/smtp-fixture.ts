import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Each header as it arrived, by its lower-cased name (folded lines joined again). */
  headers: Record<string, string>;
}

export interface SmtpCatcher {
  /** For SMTP_URL. */
  url: string;
  port: number;
  mails: CaughtMail[];
  /** Waits until `count` mails match (they keep arriving in the background). */
  waitFor(match: (mail: CaughtMail) => boolean, count?: number, timeoutMs?: number): Promise<CaughtMail[]>;
  stop(): Promise<void>;
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((entry) => entry.value.map((value) => value.address ?? ''));

/**
 * A real SMTP server in the test (nodemailer's authors' smtp-server), parsing what arrives with
 * mailparser. `refuse` answers an address with an SMTP reply code: 550 for good, as a server does
 * for a dead mailbox; 451 for now (try again later).
 */
export async function startSmtpCatcher(
  options: { port?: number; mails?: CaughtMail[]; refuse?: (address: string) => 550 | 451 | undefined } = {},
): Promise<SmtpCatcher> {
  const mails = options.mails ?? [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address);
      if (refusal) {
        const reason = refusal === 550 ? `Mailbox ${address.address} does not exist` : `Mailbox ${address.address} is busy, try again later`;
        return callback(Object.assign(new Error(reason), { responseCode: refusal }));
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          mails.push({
            messageId: parsed.messageId ?? '',
            from: addresses(parsed.from).join(','),
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [
                key,
                line
                  .slice(line.indexOf(':') + 1)
                  .replace(/\r?\n[ \t]+/g, ' ')
                  .trim(),
              ]),
            ),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    async waitFor(match, count = 1, timeoutMs = 15_000) {
      const started = Date.now();
      for (;;) {
        const found = mails.filter(match);
        if (found.length >= count) return found;
        if (Date.now() - started > timeoutMs)
          throw new Error(`${found.length} of ${count} mails arrived in ${timeoutMs} ms; all: ${mails.map((m) => `${m.to} "${m.subject}"`).join('; ')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
