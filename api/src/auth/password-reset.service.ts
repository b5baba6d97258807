import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import type { ForgotPasswordResponse, MessageResponse } from '@thalir/contracts';
import { RateLimiter, type RateLimitRule } from '../common/rate-limit/rate-limiter';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SessionCache } from '../sessions/session-cache';
import { hashPassword } from '../users/password-hasher';
import { UsersService } from '../users/users.service';
import { PasswordResetMailer } from './password-reset-mailer';
import { PasswordResetEntity } from './password-reset.entity';

export const RESET_TOKEN_VALID_MINUTES = 30;
export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that email, a password reset link is on its way. It works once, within 30 minutes.';
export const INVALID_RESET_TOKEN = 'This reset link is invalid or has expired. Please ask for a new one.';
export const PASSWORD_UPDATED = 'Your password has been updated. You can sign in now.';

/**
 * Forgot-password answers no sooner than this, whether or not the email has an account, so
 * the extra database work for a real account does not show in the timing.
 */
const FORGOT_PASSWORD_MIN_MS = 250;

/** 32 random bytes in base64url, as handed out. */
const RESET_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class PasswordResetService {
  /** RESET_MAILS_PER_HOUR per account, whatever the client address: nobody can flood a customer's inbox. */
  private readonly mailsPerAccount: RateLimitRule;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly mailer: PasswordResetMailer,
    private readonly limiter: RateLimiter,
    private readonly sessionCache: SessionCache,
  ) {
    this.mailsPerAccount = { name: 'reset-mails', limit: config.resetMailsPerHour, windowMs: 60 * 60 * 1000, message: () => FORGOT_PASSWORD_MESSAGE };
  }

  /**
   * Issues a single-use token (only its hash is stored); any earlier token of the user dies. Past the
   * account's hourly limit nothing is sent, and the answer (words and timing) is the same as ever, so
   * the limit tells nobody whether the account exists.
   */
  async requestReset(email: string): Promise<ForgotPasswordResponse> {
    const started = Date.now();
    const user = await this.users.findByEmail(email);
    let token: string | null = null;
    if (user && (await this.limiter.record(this.mailsPerAccount, user.id)).count <= this.mailsPerAccount.limit) {
      token = randomBytes(32).toString('base64url');
      await this.replaceToken(user.id, sha256(token));
      this.mailer.deliver(user, `${this.config.publicUrl}/reset-password/${token}`, RESET_TOKEN_VALID_MINUTES);
    }
    await sleep(Math.max(0, FORGOT_PASSWORD_MIN_MS - (Date.now() - started)));
    return token && this.config.exposeResetToken ? { message: FORGOT_PASSWORD_MESSAGE, token } : { message: FORGOT_PASSWORD_MESSAGE };
  }

  async resetPassword(token: string, password: string): Promise<MessageResponse> {
    if (!RESET_TOKEN_SHAPE.test(token)) throw new BadRequestException(INVALID_RESET_TOKEN);
    const tokenHash = sha256(token);
    // A cheap look first, so unknown tokens cost no bcrypt work.
    if (!(await this.findUsable(tokenHash))) throw new BadRequestException(INVALID_RESET_TOKEN);
    const passwordHash = await hashPassword(password);
    const userId = await this.dataSource.transaction(async (manager) => {
      // Claiming the token is one conditional UPDATE, so two uses at once cannot both succeed.
      const claimed = await manager
        .createQueryBuilder()
        .update(PasswordResetEntity)
        .set({ usedAt: () => 'now()' })
        .where('token_hash = :tokenHash AND used_at IS NULL AND expires_at > now()', { tokenHash })
        .returning('user_id')
        .execute();
      const rows = claimed.raw as { user_id: string }[];
      if (rows.length === 0) throw new BadRequestException(INVALID_RESET_TOKEN);
      // A new password ends every session of the account, a thief's included.
      await manager.query(`UPDATE users SET password_hash = $1, session_version = session_version + 1, updated_at = now() WHERE id = $2`, [
        passwordHash,
        rows[0].user_id,
      ]);
      return rows[0].user_id;
    });
    this.sessionCache.forgetUser(userId);
    return { message: PASSWORD_UPDATED };
  }

  private findUsable(tokenHash: string): Promise<PasswordResetEntity | null> {
    return this.dataSource
      .getRepository(PasswordResetEntity)
      .createQueryBuilder('reset')
      .where('reset.token_hash = :tokenHash', { tokenHash })
      .andWhere('reset.used_at IS NULL')
      .andWhere('reset.expires_at > now()')
      .getOne();
  }

  private async replaceToken(userId: string, tokenHash: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      // The user's row lock orders concurrent requests, so exactly one token survives.
      await manager.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
      await manager.query('DELETE FROM password_resets WHERE user_id = $1', [userId]);
      await manager.query(`INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`, [
        userId,
        tokenHash,
        RESET_TOKEN_VALID_MINUTES,
      ]);
    });
  }
}
