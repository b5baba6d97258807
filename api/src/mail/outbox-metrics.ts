import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MetricsService } from '../metrics/metrics.service';
import { OUTBOX_MESSAGES, OUTBOX_OLDEST_AGE } from '../metrics/shop-metrics';

const STATES = ['pending', 'failed'] as const;

/** The outbox, read when Prometheus scrapes: mails waiting (claimed ones included) and given up on, and the oldest of each. */
@Injectable()
export class OutboxMetrics implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.metrics.readAtScrape(OUTBOX_MESSAGES, async () => {
      const states = await this.read();
      return STATES.map((state) => ({ labels: { state }, value: states.get(state)?.count ?? 0 }));
    });
    this.metrics.readAtScrape(OUTBOX_OLDEST_AGE, async () => {
      const states = await this.read();
      return STATES.map((state) => ({ labels: { state }, value: states.get(state)?.oldestSeconds ?? 0 }));
    });
  }

  private async read(): Promise<Map<string, { count: number; oldestSeconds: number }>> {
    const rows = (await this.dataSource.query(
      `SELECT CASE WHEN status = 'failed' THEN 'failed' ELSE 'pending' END AS state, count(*)::int AS count,
              extract(epoch FROM now() - min(created_at))::float8 AS "oldestSeconds"
       FROM outbox_mails WHERE status IN ('pending', 'sending', 'failed') GROUP BY 1`,
    )) as { state: string; count: number; oldestSeconds: number }[];
    return new Map(rows.map((row) => [row.state, row]));
  }
}
