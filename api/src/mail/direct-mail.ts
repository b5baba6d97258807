import { randomUUID } from 'node:crypto';
import type { ReactElement } from 'react';
import { renderMail } from './mail-composer';
import { type MailTransport, messageIdFor } from './mail-transport';

/**
 * Renders and sends one mail straight away, not through the outbox: for mails whose link carries a
 * secret the shop keeps only as a hash (password reset, staff invitation), which no table may hold.
 */
export async function sendNow(transport: MailTransport, from: string, mail: { to: string; subject: string; element: ReactElement }): Promise<void> {
  const { html, text } = await renderMail(mail.element);
  await transport.send({ from, to: mail.to, subject: mail.subject, html, text, messageId: messageIdFor(randomUUID(), from) });
}
