import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MetricsService } from '../metrics/metrics.service';
import { REFUNDS_BY_STATUS } from '../metrics/shop-metrics';

const STATUSES = ['pending', 'processed', 'failed', 'mismatch'] as const;

/** Refunds by status, read when Prometheus scrapes (a failed or mismatched one needs staff; a pending one waits on the provider). */
@Injectable()
export class RefundMetrics implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.metrics.readAtScrape(REFUNDS_BY_STATUS, async () => {
      const rows = (await this.dataSource.query(`SELECT status, count(*)::int AS count FROM refunds GROUP BY status`)) as { status: string; count: number }[];
      const counts = new Map(rows.map((row) => [row.status, row.count]));
      return STATUSES.map((status) => ({ labels: { status }, value: counts.get(status) ?? 0 }));
    });
  }
}
