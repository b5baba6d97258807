import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import type { SignOptions } from 'jsonwebtoken';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { UsersModule } from '../users/users.module';
import { AccessGuard } from './access.guard';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JWT_ALGORITHM, JwtStrategy } from './jwt.strategy';
import { PasswordResetMailer } from './password-reset-mailer';
import { PasswordResetService } from './password-reset.service';

@Module({
  imports: [
    PassportModule,
    UsersModule,
    RateLimitModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        // JWT_EXPIRES_IN holds an `ms` duration such as "7d" or "12h".
        signOptions: { algorithm: JWT_ALGORITHM, expiresIn: config.jwtExpiresIn as SignOptions['expiresIn'] },
        verifyOptions: { algorithms: [JWT_ALGORITHM] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [JwtStrategy, AuthService, PasswordResetService, PasswordResetMailer, { provide: APP_GUARD, useClass: AccessGuard }],
})
export class AuthModule {}
