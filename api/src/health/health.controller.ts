import { Controller, Get, HttpStatus, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { HealthResponse } from '@thalir/contracts';
import { Public } from '../common/access.decorator';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  @Public()
  @Get()
  async check(): Promise<HealthResponse> {
    try {
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ]);
      return { status: 'ok' };
    } catch {
      throw new ServiceUnavailableException({ message: 'The database is not answering', status: 'unavailable', statusCode: HttpStatus.SERVICE_UNAVAILABLE });
    }
  }
}
