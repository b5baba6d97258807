import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { AccessGuard } from './access.guard';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtStrategy } from './jwt.strategy';
import { PasswordResetMailer } from './password-reset-mailer';
import { PasswordResetService } from './password-reset.service';

@Module({
  imports: [PassportModule, UsersModule, RateLimitModule, SessionsModule],
  controllers: [AuthController],
  providers: [JwtStrategy, AuthService, PasswordResetService, PasswordResetMailer, { provide: APP_GUARD, useClass: AccessGuard }],
})
export class AuthModule {}
