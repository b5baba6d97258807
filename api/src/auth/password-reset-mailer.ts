import { Inject, Injectable, Logger } from '@nestjs/common';
import { createElement } from 'react';
import type { CatalogueLanguage } from '@thalir/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { sendNow } from '../mail/direct-mail';
import { MAIL_TRANSPORT } from '../mail/mail.module';
import type { MailTransport } from '../mail/mail-transport';
import { TAMIL_RESET_SUBJECT } from '../mail/tamil-text';
import { ResetPasswordMail } from '../mail/templates/mails';
import { TamilResetPasswordMail } from '../mail/templates/tamil-mails';

/**
 * Sends the reset link straight away rather than through the outbox: the link carries a secret the
 * shop keeps only as a hash, so it must not be written to a table to be read later.
 */
@Injectable()
export class PasswordResetMailer {
  private readonly logger = new Logger('PasswordReset');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
  ) {}

  /**
   * Not awaited by the caller: the answer never waits on the mail server, so its speed cannot
   * tell whether an account exists. A failed delivery is logged. In the account's language.
   */
  deliver(recipient: { name: string; email: string; preferredLanguage: CatalogueLanguage }, link: string, validMinutes: number): void {
    const tamil = recipient.preferredLanguage === 'ta';
    // Without a mail server the operator needs the link itself (the mail goes to a file as well).
    if (!this.config.smtpUrl) this.logger.log(`No mail transport (SMTP_URL) configured. Password reset link for ${recipient.email}: ${link}`);
    sendNow(this.transport, this.config.mail.from, {
      to: recipient.email,
      subject: tamil ? TAMIL_RESET_SUBJECT : 'Reset your Thalir Blooms password',
      element: createElement(tamil ? TamilResetPasswordMail : ResetPasswordMail, { name: recipient.name, link, validMinutes }),
    }).catch((error: Error) => this.logger.error(`Could not send the password reset email to ${recipient.email}: ${error.message}`));
  }
}
