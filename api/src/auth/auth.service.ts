import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AuthResponse } from '@thalir/contracts';
import { RateLimiter } from '../common/rate-limit/rate-limiter';
import { hashPassword, verifyPassword } from '../users/password-hasher';
import { UserEntity } from '../users/user.entity';
import { toUserPublic, UsersService } from '../users/users.service';
import { FAILED_SIGN_INS } from './auth-limits';
import type { JwtPayload } from './auth-user';
import type { LoginDto } from './dto/login.dto';
import type { RegisterDto } from './dto/register.dto';

export const BAD_CREDENTIALS = 'Invalid email or password';

@Injectable()
export class AuthService {
  /** Compared against when the email is unknown, so that answer takes as long as a wrong password. */
  private unknownUserHash: Promise<string> | null = null;

  constructor(
    private readonly users: UsersService,
    private readonly jwt: JwtService,
    private readonly limiter: RateLimiter,
  ) {}

  async register(input: RegisterDto): Promise<AuthResponse> {
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
    if (!user || !matches) throw new UnauthorizedException(BAD_CREDENTIALS);
    await this.limiter.reset(FAILED_SIGN_INS, attempts);
    return this.session(user);
  }

  private session(user: UserEntity): AuthResponse {
    const payload: JwtPayload = { sub: user.id };
    return { token: this.jwt.sign(payload), user: toUserPublic(user) };
  }

  private hashForUnknownUsers(): Promise<string> {
    this.unknownUserHash ??= hashPassword(`no such user ${Math.random()}`);
    return this.unknownUserHash;
  }
}
