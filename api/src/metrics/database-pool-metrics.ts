import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { MetricsService } from './metrics.service';
import { DB_POOL_CONNECTIONS, DB_POOL_MAX, DB_POOL_WAITING } from './shop-metrics';

/** The pg pool behind TypeORM, read at scrape time: connections lent out, idle, and callers waiting. */
@Injectable()
export class DatabasePoolMetrics implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    // TypeORM's postgres driver keeps its pg Pool as `master` (no replication configured here).
    const pool = () => (this.dataSource.driver as unknown as { master?: Pool }).master;
    this.metrics.readAtScrape(DB_POOL_CONNECTIONS, () => {
      const current = pool();
      if (!current) return [];
      return [
        { labels: { state: 'in_use' }, value: current.totalCount - current.idleCount },
        { labels: { state: 'idle' }, value: current.idleCount },
      ];
    });
    this.metrics.readAtScrape(DB_POOL_WAITING, () => [{ value: pool()?.waitingCount ?? 0 }]);
    this.metrics.readAtScrape(DB_POOL_MAX, () => [{ value: pool()?.options.max ?? 0 }]);
  }
}
