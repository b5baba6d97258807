import { Injectable, Logger } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { SCRAPE_TIME_GAUGES, type ScrapeTimeGauge } from './shop-metrics';

/** One sample of a gauge read at scrape time; `labels` names a value of each of the gauge's labels. */
export interface GaugeReading<Label extends string = string> {
  labels?: Partial<Record<Label, string>>;
  value: number;
}

type GaugeReader<Label extends string> = () => Promise<GaugeReading<Label>[]> | GaugeReading<Label>[];

/** Request durations in seconds: the shop's reads take a few ms, checkout tens, slow pages seconds. */
const HTTP_DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The shop's Prometheus metrics, one registry per application (tests run several apps in one
 * process). Modules count what happens through the counters here, and register readers for the
 * gauges that are a query away (pool state, refunds by status, the outbox), which run only when
 * Prometheus scrapes (declared in shop-metrics.ts).
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  /** Orders committed, by payment method (cash, razorpay). */
  readonly ordersPlaced = new Counter({
    name: 'thalir_orders_placed_total',
    help: 'Orders placed (committed), by payment method',
    labelNames: ['payment_method'] as const,
    registers: [this.registry],
  });
  /** Online payments credited to an order after a valid signature, by the path that credited it. */
  readonly paymentsVerified = new Counter({
    name: 'thalir_payments_verified_total',
    help: 'Online payments verified and credited to an order, by path (verify call or webhook)',
    labelNames: ['via'] as const,
    registers: [this.registry],
  });
  /** Catalogue reads answered from the cache of ready answers (unlabelled: the hot path pays one addition). */
  readonly catalogCacheHits = new Counter({
    name: 'thalir_catalog_cache_hits_total',
    help: 'Catalogue reads (product list, product) answered from the cache',
    registers: [this.registry],
  });
  readonly catalogCacheMisses = new Counter({
    name: 'thalir_catalog_cache_misses_total',
    help: 'Catalogue reads that had to be built from the database',
    registers: [this.registry],
  });
  readonly httpRequestDuration = new Histogram({
    name: 'thalir_http_request_duration_seconds',
    help: 'HTTP request duration, by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_DURATION_BUCKETS,
    registers: [this.registry],
  });

  private readonly readers = new Map<string, GaugeReader<string>>();
  private readonly logger = new Logger('Metrics');

  constructor() {
    // Process CPU, memory, handles, GC and event-loop lag (nodejs_eventloop_lag_*).
    collectDefaultMetrics({ register: this.registry });
    for (const definition of SCRAPE_TIME_GAUGES) this.declareGauge(definition);
  }

  /**
   * Gives a gauge of shop-metrics.ts its values, read at each scrape. Until a module does, the gauge
   * is exported without samples. A reader that fails leaves the gauge empty for that scrape.
   */
  readAtScrape<Label extends string>(definition: ScrapeTimeGauge<Label>, read: GaugeReader<Label>): void {
    if (this.readers.has(definition.name)) throw new Error(`Metric ${definition.name} already has a reader`);
    this.readers.set(definition.name, read as GaugeReader<string>);
  }

  /** The exposition: Prometheus text format. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private declareGauge(definition: ScrapeTimeGauge<string>): void {
    const readers = this.readers;
    const logger = this.logger;
    new Gauge({
      name: definition.name,
      help: definition.help,
      labelNames: definition.labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        const read = readers.get(definition.name);
        if (!read) return;
        try {
          for (const reading of await read()) {
            if (reading.labels) this.set(reading.labels, reading.value);
            else this.set(reading.value);
          }
        } catch (error) {
          logger.warn(`Could not read ${definition.name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      },
    });
  }
}
