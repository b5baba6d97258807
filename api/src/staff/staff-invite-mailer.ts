import { Inject, Injectable, Logger } from '@nestjs/common';
import { createElement } from 'react';
import { STAFF_ROLE_LABELS, type StaffRole } from '@thalir/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { sendNow } from '../mail/direct-mail';
import { MAIL_TRANSPORT } from '../mail/mail.module';
import type { MailTransport } from '../mail/mail-transport';
import { StaffInviteMail } from '../mail/templates/mails';

export interface InviteMail {
  email: string;
  name: string;
  role: StaffRole;
  invitedBy: string;
  token: string;
  validHours: number;
}

/**
 * Sends the invitation straight away rather than through the outbox: its link carries a secret the
 * shop keeps only as a hash (as the password reset does). A failed delivery is logged; the Staff
 * screen lets the owner revoke and invite again.
 */
@Injectable()
export class StaffInviteMailer {
  private readonly logger = new Logger('StaffInvite');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
  ) {}

  async deliver(invite: InviteMail): Promise<void> {
    const link = `${this.config.publicUrl}/staff-invite/${invite.token}`;
    if (!this.config.smtpUrl) this.logger.log(`No mail transport (SMTP_URL) configured. Staff invitation link for ${invite.email}: ${link}`);
    try {
      await sendNow(this.transport, this.config.mail.from, {
        to: invite.email,
        subject: "You're invited to Thalir Blooms' back office",
        element: createElement(StaffInviteMail, {
          name: invite.name,
          roleLabel: STAFF_ROLE_LABELS[invite.role],
          invitedBy: invite.invitedBy,
          link,
          validHours: invite.validHours,
        }),
      });
    } catch (error) {
      this.logger.error(`Could not send the staff invitation to ${invite.email}: ${(error as Error).message}`);
    }
  }
}
