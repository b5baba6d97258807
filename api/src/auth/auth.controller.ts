import { Body, Controller, Header, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { AuthResponse, ForgotPasswordResponse, MessageResponse } from '@thalir/contracts';
import { Public, SignedIn } from '../common/access.decorator';
import { ClientRateLimit } from '../common/rate-limit/client-rate-limit';
import { AUTH_CALLS } from './auth-limits';
import type { AuthUser } from './auth-user';
import { CurrentUser } from './current-user.decorator';
import { AuthService } from './auth.service';
import { ForgotPasswordDto } from './dto/forgot-password.dto';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';
import { ResetPasswordDto } from './dto/reset-password.dto';
import { PasswordResetService } from './password-reset.service';

@ApiTags('auth')
@Controller('auth')
@ClientRateLimit(AUTH_CALLS)
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly passwordResets: PasswordResetService,
  ) {}

  @Public()
  @Post('register')
  @HttpCode(HttpStatus.CREATED)
  @Header('cache-control', 'no-store')
  register(@Body() input: RegisterDto, @Req() request: FastifyRequest): Promise<AuthResponse> {
    return this.auth.register(input, request.ip);
  }

  @Public()
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @Header('cache-control', 'no-store')
  login(@Body() input: LoginDto, @Req() request: FastifyRequest): Promise<AuthResponse> {
    return this.auth.login(input, request.ip);
  }

  @SignedIn()
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  async logout(@CurrentUser() user: AuthUser): Promise<MessageResponse> {
    await this.auth.logout(user);
    return { message: 'You are signed out' };
  }

  @Public()
  @Post('forgot-password')
  @HttpCode(HttpStatus.OK)
  @Header('cache-control', 'no-store')
  forgotPassword(@Body() input: ForgotPasswordDto): Promise<ForgotPasswordResponse> {
    return this.passwordResets.requestReset(input.email);
  }

  @Public()
  @Post('reset-password/:resetToken')
  @HttpCode(HttpStatus.OK)
  resetPassword(@Param('resetToken') resetToken: string, @Body() input: ResetPasswordDto): Promise<MessageResponse> {
    return this.passwordResets.resetPassword(resetToken, input.password);
  }
}
