import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import type { JwtPayload } from '../auth/auth-user';

export const JWT_ALGORITHM = 'HS256';

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again';

/** A token as the revocation list knows it: by hash, never in clear. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues sign-in tokens and ends them. A token carries the user's session version: a new password
 * moves the version and so ends every earlier session at once; logout ends one token by putting its
 * hash on the revocation list until the token would have expired anyway.
 */
@Injectable()
export class SessionTokens {
  constructor(
    private readonly jwt: JwtService,
    private readonly dataSource: DataSource,
  ) {}

  issue(user: { id: string; sessionVersion: number }): string {
    const payload: JwtPayload = { sub: user.id, sv: user.sessionVersion };
    // A token id of its own, so two sign-ins in one second are two sessions that end separately.
    return this.jwt.sign(payload, { jwtid: randomUUID() });
  }

  async revoke(token: string, expiresAtSeconds: number): Promise<void> {
    await this.dataSource.query(`INSERT INTO revoked_tokens (token_hash, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT DO NOTHING`, [
      tokenHash(token),
      expiresAtSeconds,
    ]);
  }

  /** Revoked tokens past their own expiry are refused by the signature check alone: forget them. */
  async purgeExpired(): Promise<number> {
    const [, removed] = (await this.dataSource.query(`DELETE FROM revoked_tokens WHERE expires_at < now()`)) as [unknown, number];
    return removed;
  }
}
