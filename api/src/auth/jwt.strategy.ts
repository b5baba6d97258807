import { createSecretKey } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { UsersService } from '../users/users.service';
import type { AuthUser, JwtPayload } from './auth-user';

export const JWT_ALGORITHM = 'HS256';

/** The invoice link is opened by the browser directly, so only it may carry the token in the query. */
const INVOICE_PATH = /^\/api\/orders\/[^/?]+\/invoice(\?|$)/;

function fromInvoiceQuery(request: FastifyRequest): string | null {
  if (!INVOICE_PATH.test(request.url)) return null;
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' ? token : null;
}

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: UsersService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([ExtractJwt.fromAuthHeaderAsBearerToken(), fromInvoiceQuery as never]),
      // A ready KeyObject: given a string, jsonwebtoken first tries (and fails) to parse it as a public key on every request.
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret)) as never,
      algorithms: [JWT_ALGORITHM],
      ignoreExpiration: false,
    });
  }

  /** The role comes from the database, so a demoted or deleted user loses access at once. */
  async validate(payload: JwtPayload): Promise<AuthUser> {
    const user = typeof payload?.sub === 'string' ? await this.users.findById(payload.sub) : null;
    if (!user) throw new UnauthorizedException('Please sign in again');
    return { id: user.id, name: user.name, email: user.email, role: user.role };
  }
}
