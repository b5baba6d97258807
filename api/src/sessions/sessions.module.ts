import { Module, OnModuleInit } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import type { SignOptions } from 'jsonwebtoken';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobQueue } from '../jobs/job-queue';
import { SessionCache } from './session-cache';
import { JWT_ALGORITHM, SessionTokens } from './session-tokens';

@Module({
  imports: [
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
  providers: [SessionTokens, SessionCache],
  exports: [SessionTokens, SessionCache],
})
export class SessionsModule implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly sessions: SessionTokens,
  ) {}

  onModuleInit(): void {
    const sessions = this.sessions;
    this.jobs.define({
      queue: 'purge-revoked-tokens',
      cron: '17 * * * *',
      async handle() {
        await sessions.purgeExpired();
      },
    });
  }
}
