import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthResponse } from '@thalir/contracts';
import { recordAudit } from '../audit/audit-log';
import { staffActOf } from '../audit/staff-act';
import { RateLimiter, type RateLimitRule } from '../common/rate-limit/rate-limiter';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SessionCache } from '../sessions/session-cache';
import { SessionTokens } from '../sessions/session-tokens';
import { hashPassword, verifyPassword } from '../users/password-hasher';
import { UserEntity } from '../users/user.entity';
import { toUserPublic, UsersService } from '../users/users.service';
import { FAILED_SIGN_INS, registrationsPerHour } from './auth-limits';
import type { AuthUser } from './auth-user';
import type { LoginDto } from './dto/login.dto';
import type { RegisterDto } from './dto/register.dto';

export const BAD_CREDENTIALS = 'Invalid email or password';
export const DEACTIVATED = 'This account is deactivated. Please ask the shop owner.';

@Injectable()
export class AuthService {
  /** Compared against when the email is unknown, so that answer takes as long as a wrong password. */
  private unknownUserHash: Promise<string> | null = null;
  private readonly registrations: RateLimitRule;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: UsersService,
    private readonly sessions: SessionTokens,
    private readonly limiter: RateLimiter,
    private readonly dataSource: DataSource,
    private readonly sessionCache: SessionCache,
  ) {
    this.registrations = registrationsPerHour(config.registerLimitPerHour);
  }

  async register(input: RegisterDto, clientAddress: string): Promise<AuthResponse> {
    await this.limiter.consume(this.registrations, clientAddress);
    return this.session(await this.users.createCustomer(input));
  }

  /**
   * Every attempt counts against the (client address, email) pair until one succeeds, so even
   * parallel guesses stop at the limit; a success clears the count.
   */
  async login(input: LoginDto, clientAddress: string): Promise<AuthResponse> {
    const attempts = `${clientAddress}|${input.email}`;
    await this.limiter.consume(FAILED_SIGN_INS, attempts);
    const user = await this.users.findByEmailWithPasswordHash(input.email);
    const matches = await verifyPassword(input.password, user?.passwordHash ?? (await this.hashForUnknownUsers()));
    const deactivated = user?.deactivatedAt != null;
    // Staff sign-ins, failed ones too, go to the audit log; customers' do not (their data stays theirs to erase).
    if (user && user.role !== 'customer') {
      await recordAudit(this.dataSource.manager, {
        actor: staffActOf(user, clientAddress),
        action: matches && !deactivated ? 'staff.sign-in' : 'staff.sign-in-failed',
        entity: 'session',
        entityId: user.id,
      });
    }
    if (!user || !matches) throw new UnauthorizedException(BAD_CREDENTIALS);
    // Told only to someone who knows the password.
    if (deactivated) throw new UnauthorizedException(DEACTIVATED);
    await this.limiter.reset(FAILED_SIGN_INS, attempts);
    return this.session(user);
  }

  /** Ends the caller's session on the server: the token is refused from now on. */
  async logout(user: AuthUser): Promise<void> {
    await this.sessions.revoke(user.session.token, user.session.expiresAtSeconds);
    this.sessionCache.forgetUser(user.id);
  }

  private session(user: UserEntity): AuthResponse {
    return { token: this.sessions.issue(user), user: toUserPublic(user) };
  }

  private hashForUnknownUsers(): Promise<string> {
    this.unknownUserHash ??= hashPassword(`no such user ${Math.random()}`);
    return this.unknownUserHash;
  }
}
