import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { type Clock, clockNow } from '../jobs/clock';
import type { RecurringWork } from '../jobs/job-queue';
import { type MailComposer, UncomposableMailError } from './mail-composer';
import { FORGETS_RECIPIENT, FORGOTTEN_RECIPIENT, type MailKind } from './mail-kinds';
import { MailDeliveryError, type MailTransport, messageIdFor } from './mail-transport';

export const DELIVER_MAIL_QUEUE = 'deliver-mail';

/** Pending mails are picked up this often, so one goes out within seconds of its commit. */
const DRAIN_EVERY_SECONDS = 2;
/** Mails claimed per round; a claim lasts this long before another worker may take a mail over. */
const BATCH = 20;
const CLAIM_SECONDS = 120;
const MAX_BACKOFF_SECONDS = 6 * 60 * 60;

interface ClaimedMail {
  id: string;
  kind: MailKind;
  recipient: string;
  subject: string;
  payload: unknown;
  attempts: number;
}

/**
 * Delivers the outbox. Due mails are claimed with FOR UPDATE SKIP LOCKED and marked `sending` for a
 * while, then sent outside any transaction (a slow mail server never holds the database). A mail
 * server refusal (5xx) fails the mail at once; anything else is retried with exponential backoff up to
 * MAIL_MAX_ATTEMPTS. A worker that dies mid-send leaves the claim to run out and the mail to be sent
 * again, with the same Message-ID. "Due" is by the Clock.
 */
export function deliverMailJob(deps: {
  dataSource: DataSource;
  composer: MailComposer;
  transport: MailTransport;
  config: AppConfig;
  clock: Clock;
}): RecurringWork {
  const { dataSource, composer, transport, config, clock } = deps;
  const logger = new Logger('Mail');

  const claim = async (): Promise<ClaimedMail[]> =>
    (
      (await dataSource.query(
        `UPDATE outbox_mails SET status = 'sending', attempts = attempts + 1, locked_until = ${clockNow('$3')} + $2 * interval '1 second'
       WHERE id IN (
         SELECT id FROM outbox_mails
         WHERE (status = 'pending' AND next_attempt_at <= ${clockNow('$3')}) OR (status = 'sending' AND locked_until < ${clockNow('$3')})
         ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, recipient, subject, payload, attempts`,
        [BATCH, CLAIM_SECONDS, clock.aheadMs],
      )) as [ClaimedMail[], number]
    )[0];

  /**
   * What replaces the address once a mail is done with, for the kinds that forget it, else null. The
   * rest keep the row's address as it is now, never the one claimed: an erasure may have taken it meanwhile.
   */
  const forgetting = (mail: ClaimedMail) => (FORGETS_RECIPIENT.has(mail.kind) ? FORGOTTEN_RECIPIENT : null);

  const sent = (mail: ClaimedMail) =>
    dataSource.query(
      `UPDATE outbox_mails SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL, recipient = coalesce($2, recipient) WHERE id = $1`,
      [mail.id, forgetting(mail)],
    );

  const failed = (mail: ClaimedMail, error: string, permanent: boolean) => {
    const final = permanent || mail.attempts >= config.mail.maxAttempts;
    const backoff = Math.min(config.mail.retryBaseSeconds * 2 ** (mail.attempts - 1), MAX_BACKOFF_SECONDS);
    // A server's refusal may quote the address, so a mail that forgets it keeps (and logs) no error text either.
    const forgotten = final && forgetting(mail) !== null;
    if (forgotten) logger.error(`Mail ${mail.id} (${mail.kind}) failed for good after ${mail.attempts} attempts; its address is forgotten`);
    else if (final) logger.error(`Mail ${mail.id} to ${mail.recipient} failed for good after ${mail.attempts} attempts: ${error}`);
    return dataSource.query(
      `UPDATE outbox_mails SET status = $2, last_error = $3, locked_until = NULL, next_attempt_at = ${clockNow('$5')} + $4 * interval '1 second',
         recipient = coalesce($6, recipient)
       WHERE id = $1`,
      [
        mail.id,
        final ? 'failed' : 'pending',
        forgotten ? 'Failed for good; the address was forgotten' : error.slice(0, 1000),
        backoff,
        clock.aheadMs,
        forgotten ? FORGOTTEN_RECIPIENT : null,
      ],
    );
  };

  /** The mail server is unreachable: hand the rest of the batch back untried, for the next round. */
  const release = (mails: ClaimedMail[]) =>
    dataSource.query(`UPDATE outbox_mails SET status = 'pending', attempts = attempts - 1, locked_until = NULL WHERE id = ANY($1)`, [
      mails.map((mail) => mail.id),
    ]);

  /** Sends the claimed mails in turn; answers how many were tried (the rest are released when the server is down). */
  async function deliver(mails: ClaimedMail[]): Promise<number> {
    for (const [index, mail] of mails.entries()) {
      try {
        const { html, text, headers } = await composer.compose(mail.kind, mail.payload);
        await transport.send({
          from: config.mail.from,
          to: mail.recipient,
          subject: mail.subject,
          html,
          text,
          messageId: messageIdFor(mail.id, config.mail.from),
          ...(headers ? { headers } : {}),
        });
        await sent(mail);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const permanent = error instanceof UncomposableMailError || (error instanceof MailDeliveryError && error.permanent);
        await failed(mail, reason, permanent);
        if (error instanceof MailDeliveryError && error.transportDown && index + 1 < mails.length) {
          await release(mails.slice(index + 1));
          return index + 1;
        }
      }
    }
    return mails.length;
  }

  return {
    queue: DELIVER_MAIL_QUEUE,
    options: { retryLimit: 2, retryDelay: 1, expireInSeconds: 15 * 60 },
    everySeconds: DRAIN_EVERY_SECONDS,
    async runDue() {
      let tried = 0;
      for (let round = 0; round < 50; round++) {
        const mails = await claim();
        tried += await deliver(mails);
        if (mails.length < BATCH) break;
      }
      return tried;
    },
  };
}
