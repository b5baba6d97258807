import { Body, Controller, Get, Header, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { ProfileUpdateResponse } from '@thalir/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { SignedIn } from '../common/access.decorator';
import { SessionTokens } from '../sessions/session-tokens';
import { UpdateProfileDto } from './dto/update-profile.dto';
import { type AccountUser, UsersService } from './users.service';

@ApiTags('users')
@ApiBearerAuth()
@Controller('users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionTokens,
  ) {}

  @SignedIn()
  @Get('profile')
  @Header('cache-control', 'no-store')
  profile(@CurrentUser() user: AuthUser): Promise<AccountUser> {
    return this.users.getProfile(user.id);
  }

  @SignedIn()
  @Put('profile')
  @Header('cache-control', 'no-store')
  async updateProfile(@CurrentUser() user: AuthUser, @Body() changes: UpdateProfileDto, @Req() request: FastifyRequest): Promise<ProfileUpdateResponse> {
    const updated = await this.users.updateProfile(user.id, changes, request.ip);
    const message = 'Profile updated successfully';
    if (updated.sessionVersion === null) return { message, user: updated.user };
    // The person who changed the password stays signed in; every other session has ended.
    return { message, user: updated.user, token: this.sessions.issue({ id: user.id, sessionVersion: updated.sessionVersion }) };
  }
}
