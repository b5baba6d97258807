import { createHash, timingSafeEqual } from 'node:crypto';
import { CanActivate, ExecutionContext, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /api/metrics: with METRICS_TOKEN set, whoever sends it as a bearer token; without
 * it, anyone outside production (a developer's machine) and no one in production, where the route
 * answers like an unknown one (404), so the internet does not learn about it.
 */
@Injectable()
export class MetricsAccessGuard implements CanActivate {
  private readonly tokenDigest: Buffer | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.tokenDigest = config.metricsToken ? digest(config.metricsToken) : null;
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.tokenDigest) {
      if (this.config.isProduction) throw new NotFoundException('Not found');
      return true;
    }
    const authorization = context.switchToHttp().getRequest<FastifyRequest>().headers.authorization ?? '';
    const given = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    // Digests have one length, so the comparison takes the same time whatever was sent.
    if (!given || !timingSafeEqual(digest(given), this.tokenDigest)) throw new UnauthorizedException('The metrics token is missing or wrong');
    return true;
  }
}
