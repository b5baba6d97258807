import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { isUniqueViolation } from '../common/database-errors';
import type { CatalogueLanguage, Role, UserPublic } from '@thalir/contracts';
import { FAILED_SIGN_INS } from '../auth/auth-limits';
import { RateLimiter } from '../common/rate-limit/rate-limiter';
import { Outbox } from '../mail/outbox';
import { hashPassword, verifyPassword } from './password-hasher';
import { normalizeEmail } from './user-fields';
import { isUuid } from '../common/ids';
import { SESSION_READ_SQL } from './session-read';
import { UserEntity } from './user.entity';
import { isStaffRole, permissionsOf } from '../auth/permissions';
import { SessionCache } from '../sessions/session-cache';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

/** What the sign-in check needs of a user, with whether this very token was revoked. */
export interface UserSession {
  id: string;
  name: string;
  email: string;
  role: Role;
  sessionVersion: number;
  revoked: boolean;
}

export interface ProfileChanges {
  name: string;
  address?: string;
  language?: CatalogueLanguage;
  password?: string;
  currentPassword?: string;
}

/** The signed-in user as the API answers them: the spec's User and, an addition, the account's language. */
export type AccountUser = UserPublic & { language: CatalogueLanguage };

export function toUserPublic(user: UserEntity): AccountUser {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    address: user.address,
    role: user.role,
    language: user.preferredLanguage,
    ...(isStaffRole(user.role) ? { permissions: permissionsOf(user.role) } : {}),
  };
}

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly limiter: RateLimiter,
    private readonly outbox: Outbox,
    private readonly sessionCache: SessionCache,
  ) {}

  findById(id: string): Promise<UserEntity | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.users.findOneBy({ id });
  }

  /** One query per signed-in request: the user and whether the token presented was revoked. */
  async findSession(id: string, tokenHash: string): Promise<UserSession | null> {
    if (!isUuid(id)) return null;
    const [session] = (await this.users.query(SESSION_READ_SQL, [id, tokenHash])) as UserSession[];
    return session ?? null;
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email: normalizeEmail(email) });
  }

  /** The one read that includes the password hash, for checking a sign-in. */
  findByEmailWithPasswordHash(email: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.email = :email', { email: normalizeEmail(email) })
      .getOne();
  }

  /** A new customer, welcomed by mail (in their language); 409 when the email is taken, in whatever letter case. */
  async createCustomer(input: { name: string; email: string; password: string; language?: CatalogueLanguage }): Promise<UserEntity> {
    const email = normalizeEmail(input.email);
    if (await this.users.existsBy({ email })) throw new ConflictException(EMAIL_TAKEN);
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.users.manager.transaction(async (manager) => {
        const { identifiers } = await manager.insert(UserEntity, {
          name: input.name,
          email,
          passwordHash,
          role: 'customer',
          address: '',
          preferredLanguage: input.language ?? 'en',
        });
        const userId = identifiers[0].id as string;
        await this.outbox.enqueue(manager, [{ kind: 'welcome', to: email, userId }]);
        return manager.findOneByOrFail(UserEntity, { id: userId });
      });
    } catch (error) {
      // Two sign-ups with one email at once: the unique index decides, the loser gets the same 409.
      if (isUniqueViolation(error)) throw new ConflictException(EMAIL_TAKEN);
      throw error;
    }
  }

  async getProfile(id: string): Promise<AccountUser> {
    return toUserPublic(await this.require(id));
  }

  /**
   * Name, address, language and optionally the password; the email is not the user's to change. A new
   * password needs the current one (wrong guesses count like failed sign-ins, so a stolen token cannot
   * take the account over) and ends every other session: the answer carries the new session version.
   */
  async updateProfile(id: string, changes: ProfileChanges, clientAddress: string): Promise<{ user: AccountUser; sessionVersion: number | null }> {
    const user = await this.require(id);
    const update: Partial<UserEntity> = { name: changes.name };
    if (changes.address !== undefined) update.address = changes.address;
    if (changes.language !== undefined) update.preferredLanguage = changes.language;
    if (changes.password) {
      await this.checkCurrentPassword(user, changes.currentPassword, clientAddress);
      update.passwordHash = await hashPassword(changes.password);
    }
    await this.users.update({ id: user.id }, update);
    const sessionVersion = changes.password ? await this.endOtherSessions(user.id) : null;
    return { user: toUserPublic(await this.require(id)), sessionVersion };
  }

  /** Moves the user's session version: every token issued before it is refused from now on. */
  async endOtherSessions(id: string): Promise<number> {
    const [rows] = (await this.users.query(
      `UPDATE users SET session_version = session_version + 1 WHERE id = $1 RETURNING session_version AS "sessionVersion"`,
      [id],
    )) as [{ sessionVersion: number }[], number];
    this.sessionCache.forgetUser(id);
    return rows[0].sessionVersion;
  }

  private async checkCurrentPassword(user: UserEntity, currentPassword: string | undefined, clientAddress: string): Promise<void> {
    if (!(await this.isOwnPassword(user, currentPassword, clientAddress))) throw new BadRequestException(CURRENT_PASSWORD_INCORRECT);
  }

  /**
   * Whether a signed-in user typed their own password, before something only they may do. Wrong
   * guesses count like failed sign-ins (429 past the limit), so a stolen token alone cannot get there.
   */
  async isOwnPassword(user: Pick<UserEntity, 'email'>, password: string | undefined, clientAddress: string): Promise<boolean> {
    const attempts = `${clientAddress}|${user.email}`;
    await this.limiter.consume(FAILED_SIGN_INS, attempts);
    const withHash = await this.findByEmailWithPasswordHash(user.email);
    if (!password || !withHash || !(await verifyPassword(password, withHash.passwordHash))) return false;
    await this.limiter.reset(FAILED_SIGN_INS, attempts);
    return true;
  }

  private async require(id: string): Promise<UserEntity> {
    const user = await this.findById(id);
    if (!user) throw new NotFoundException('User not found');
    return user;
  }
}
