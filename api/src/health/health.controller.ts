import { Controller, Get, HttpStatus, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { HealthResponse } from '@thalir/contracts';
import { Public } from '../common/access.decorator';
import { Readiness } from './readiness';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  /** 200 once the database answers; 503 otherwise. */
  @Public()
  @Get()
  async check(): Promise<HealthResponse> {
    if (await this.readiness.databaseAnswers()) return { status: 'ok' };
    throw new ServiceUnavailableException({ message: 'The database is not answering', status: 'unavailable', statusCode: HttpStatus.SERVICE_UNAVAILABLE });
  }

  /** Liveness: the process is up and its event loop turns (restart it if this stops answering). */
  @Public()
  @Get('live')
  live(): HealthResponse {
    return { status: 'ok' };
  }

  /** Readiness: send it traffic (database reachable, migrations applied, not shutting down). */
  @Public()
  @Get('ready')
  async ready(): Promise<HealthResponse> {
    const reason = await this.readiness.notReadyBecause();
    if (reason === null) return { status: 'ok' };
    throw new ServiceUnavailableException({ message: reason, status: 'unavailable', statusCode: HttpStatus.SERVICE_UNAVAILABLE });
  }
}
