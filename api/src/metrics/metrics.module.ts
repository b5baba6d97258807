import { Global, Module } from '@nestjs/common';
import { DatabasePoolMetrics } from './database-pool-metrics';
import { HttpMetrics } from './http-metrics';
import { MetricsAccessGuard } from './metrics-access.guard';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

/** Global: any module may count through MetricsService or give a scrape-time gauge its reader. */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [MetricsService, HttpMetrics, DatabasePoolMetrics, MetricsAccessGuard],
  exports: [MetricsService],
})
export class MetricsModule {}
