import { createSecretKey } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { JWT_ALGORITHM, SESSION_EXPIRED, tokenHash } from '../sessions/session-tokens';
import { SessionCache } from '../sessions/session-cache';
import { type UserSession, UsersService } from '../users/users.service';
import type { AuthUser, JwtPayload } from './auth-user';

export { JWT_ALGORITHM };

/** The invoice link is opened by the browser directly, so only it may carry the token in the query. */
const INVOICE_PATH = /^\/api\/orders\/[^/?]+\/invoice(\?|$)/;

function fromInvoiceQuery(request: FastifyRequest): string | null {
  if (!INVOICE_PATH.test(request.url)) return null;
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' ? token : null;
}

const extractToken = ExtractJwt.fromExtractors([ExtractJwt.fromAuthHeaderAsBearerToken(), fromInvoiceQuery as never]);

/** A valid signature on a session that has since ended (logout, a new password). */
export class SessionEndedException extends UnauthorizedException {
  constructor() {
    super(SESSION_EXPIRED);
  }
}

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: UsersService,
    private readonly cache: SessionCache<UserSession>,
  ) {
    super({
      jwtFromRequest: extractToken,
      // A ready KeyObject: given a string, jsonwebtoken first tries (and fails) to parse it as a public key on every request.
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret)) as never,
      algorithms: [JWT_ALGORITHM],
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  /**
   * The role comes from the database, so a demoted or deleted user loses access at once; so does a
   * token from before the user's last password change, or one ended by logout (one query for all,
   * answered for up to SESSION_CACHE_MS from this process's copy: session-cache.ts).
   */
  async validate(request: FastifyRequest, payload: JwtPayload): Promise<AuthUser> {
    const token = extractToken(request as never)!;
    const userId = payload?.sub;
    const hash = tokenHash(token);
    const session = typeof userId === 'string' ? await this.cache.get(userId, hash, () => this.users.findSession(userId, hash)) : null;
    if (!session) throw new UnauthorizedException('Please sign in again');
    if (session.revoked || (payload.sv ?? 0) !== session.sessionVersion) throw new SessionEndedException();
    return {
      id: session.id,
      name: session.name,
      email: session.email,
      role: session.role,
      session: { token, expiresAtSeconds: payload.exp ?? Math.floor(Date.now() / 1000) },
    };
  }
}
