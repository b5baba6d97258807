import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable across retries, so a receiver can tell a resend after a lost acknowledgement. */
  messageId: string;
  /** Headers of this kind of mail (a marketing mail's List-Unsubscribe). */
  headers?: Record<string, string>;
}

/** `<id@the domain of MAIL_FROM>`; an outbox mail keeps its id on every retry. */
export function messageIdFor(id: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'thalirblooms.example';
  return `<${id}@${domain}>`;
}

/** How a delivery failed: for good (the server refused with a 5xx), or for now. */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** The mail server could not be reached at all: the rest of a batch need not try. */
    readonly transportDown: boolean,
  ) {
    super(message);
  }
}

export interface MailTransport {
  /** Where mails go, for the start-up log. */
  readonly description: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A slow or dead mail server must not hold a delivery forever. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Nodemailer's errors carry the SMTP reply code when the server answered. */
function classify(error: unknown): MailDeliveryError {
  const { message, responseCode, code } = error as { message?: string; responseCode?: number; code?: string };
  const text = (message ?? String(error)).slice(0, 900);
  if (typeof responseCode === 'number') return new MailDeliveryError(text, responseCode >= 500, false);
  // No reply at all: connection refused, timed out, TLS failed.
  return new MailDeliveryError(text, false, ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'ECONNREFUSED'].includes(code ?? ''));
}

export class SmtpMailTransport implements MailTransport {
  readonly description: string;
  private readonly transporter: Transporter;

  constructor(smtpUrl: string) {
    this.transporter = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    this.description = `SMTP at ${new URL(smtpUrl).host}`;
  }

  async send(mail: OutgoingMail): Promise<void> {
    try {
      await this.transporter.sendMail(mail);
    } catch (error) {
      throw classify(error);
    }
  }

  close(): void {
    this.transporter.close();
  }
}

/**
 * Without a mail server (the `npm start` default) mails are not lost: each is written to
 * DATA_DIR/mail/ as an .eml file any mail program opens, and its subject is logged.
 */
export class FileMailTransport implements MailTransport {
  readonly description: string;
  private readonly logger = new Logger('Mail');
  private readonly builder = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(private readonly folder: string) {
    this.description = `files in ${folder} (no SMTP_URL)`;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const built = (await this.builder.sendMail(mail)) as unknown as { message: Buffer };
    mkdirSync(this.folder, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/[^\w.-]/g, '')}.eml`;
    writeFileSync(join(this.folder, name), built.message);
    this.logger.log(`Mail to ${mail.to}: "${mail.subject}" written to ${join(this.folder, name)}`);
  }

  close(): void {}
}
