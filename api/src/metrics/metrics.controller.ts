import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Registry } from 'prom-client';
import { Public } from '../common/access.decorator';
import { MetricsAccessGuard } from './metrics-access.guard';
import { MetricsService } from './metrics.service';

/** Public to the JWT guard: its own guard checks METRICS_TOKEN instead. */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Public()
  @UseGuards(MetricsAccessGuard)
  @Get()
  @Header('content-type', Registry.PROMETHEUS_CONTENT_TYPE)
  @Header('cache-control', 'no-store')
  scrape(): Promise<string> {
    return this.metrics.text();
  }
}
