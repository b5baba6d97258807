import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, Repository } from 'typeorm';
import type { UserPublic } from '@thalir/contracts';
import { hashPassword } from './password-hasher';
import { normalizeEmail } from './user-fields';
import { isUuid } from '../common/ids';
import { UserEntity } from './user.entity';

export const EMAIL_TAKEN = 'An account with this email already exists';

export function toUserPublic(user: UserEntity): UserPublic {
  return { _id: user.id, name: user.name, email: user.email, address: user.address, role: user.role };
}

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === UNIQUE_VIOLATION;
}


@Injectable()
export class UsersService {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  findById(id: string): Promise<UserEntity | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.users.findOneBy({ id });
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

  /** A new customer; 409 when the email is taken, in whatever letter case. */
  async createCustomer(input: { name: string; email: string; password: string }): Promise<UserEntity> {
    const email = normalizeEmail(input.email);
    if (await this.users.existsBy({ email })) throw new ConflictException(EMAIL_TAKEN);
    const passwordHash = await hashPassword(input.password);
    try {
      const { identifiers } = await this.users.insert({ name: input.name, email, passwordHash, role: 'customer', address: '' });
      return (await this.users.findOneByOrFail({ id: identifiers[0].id as string }));
    } catch (error) {
      // Two sign-ups with one email at once: the unique index decides, the loser gets the same 409.
      if (isUniqueViolation(error)) throw new ConflictException(EMAIL_TAKEN);
      throw error;
    }
  }

  async getProfile(id: string): Promise<UserPublic> {
    return toUserPublic(await this.require(id));
  }

  /** Name, address and optionally the password; the email is not the user's to change. */
  async updateProfile(id: string, changes: { name: string; address?: string; password?: string }): Promise<UserPublic> {
    const user = await this.require(id);
    const update: Partial<UserEntity> = { name: changes.name };
    if (changes.address !== undefined) update.address = changes.address;
    if (changes.password) update.passwordHash = await hashPassword(changes.password);
    await this.users.update({ id: user.id }, update);
    return toUserPublic(await this.require(id));
  }

  private async require(id: string): Promise<UserEntity> {
    const user = await this.findById(id);
    if (!user) throw new NotFoundException('User not found');
    return user;
  }
}
