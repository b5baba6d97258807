import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export const RESET_MAIL_FROM = 'Thalir Blooms <hello@thalirblooms.example>';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Sends the reset link by mail when SMTP_URL is set; otherwise logs it for the operator. */
@Injectable()
export class PasswordResetMailer implements OnModuleDestroy {
  private readonly logger = new Logger('PasswordReset');
  private readonly transport: Transporter | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.transport = config.smtpUrl ? createTransport(config.smtpUrl) : null;
  }

  /**
   * Not awaited by the caller: the answer never waits on the mail server, so its speed cannot
   * tell whether an account exists. A failed delivery is logged.
   */
  deliver(recipient: { name: string; email: string }, link: string, validMinutes: number): void {
    if (!this.transport) {
      this.logger.log(`No mail transport (SMTP_URL) configured. Password reset link for ${recipient.email}: ${link}`);
      return;
    }
    const text = [
      `Hello ${recipient.name},`,
      '',
      'Someone (we hope you) asked to reset the password of your Thalir Blooms account.',
      `Choose a new password here: ${link}`,
      '',
      `The link works once and expires in ${validMinutes} minutes. If you did not ask for it, ignore this email; your password stays as it is.`,
      '',
      'Thalir Blooms, Hosur',
    ].join('\n');
    const html = `<p>Hello ${escapeHtml(recipient.name)},</p>
<p>Someone (we hope you) asked to reset the password of your Thalir Blooms account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>The link works once and expires in ${validMinutes} minutes. If you did not ask for it, ignore this email; your password stays as it is.</p>
<p>Thalir Blooms, Hosur</p>`;
    this.transport
      .sendMail({ from: RESET_MAIL_FROM, to: recipient.email, subject: 'Reset your Thalir Blooms password', text, html })
      .catch((error: Error) => this.logger.error(`Could not send the password reset email to ${recipient.email}: ${error.message}`));
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
