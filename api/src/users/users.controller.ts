import { Body, Controller, Get, Header, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { ProfileUpdateResponse, UserPublic } from '@thalir/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { SignedIn } from '../common/access.decorator';
import { UpdateProfileDto } from './dto/update-profile.dto';
import { UsersService } from './users.service';

@ApiTags('users')
@ApiBearerAuth()
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @SignedIn()
  @Get('profile')
  @Header('cache-control', 'no-store')
  profile(@CurrentUser() user: AuthUser): Promise<UserPublic> {
    return this.users.getProfile(user.id);
  }

  @SignedIn()
  @Put('profile')
  @Header('cache-control', 'no-store')
  async updateProfile(@CurrentUser() user: AuthUser, @Body() changes: UpdateProfileDto): Promise<ProfileUpdateResponse> {
    return { message: 'Profile updated successfully', user: await this.users.updateProfile(user.id, changes) };
  }
}
