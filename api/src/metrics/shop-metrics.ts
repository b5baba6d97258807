/**
 * The gauges read when Prometheus scrapes: values another place already holds (the connection pool,
 * the refunds and outbox tables), so nothing has to keep them up to date between scrapes. Each is
 * declared here, so it is exported (and the Grafana dashboard can rely on its name) before the
 * module owning its values gives it a reader with MetricsService.readAtScrape.
 */
export interface ScrapeTimeGauge<Label extends string = never> {
  name: string;
  help: string;
  labelNames: readonly Label[];
}

export const DB_POOL_CONNECTIONS: ScrapeTimeGauge<'state'> = {
  name: 'thalir_db_pool_connections',
  help: 'Database connections held by the pool: in_use (lent to a query or transaction) and idle',
  labelNames: ['state'],
};

export const DB_POOL_WAITING: ScrapeTimeGauge = {
  name: 'thalir_db_pool_waiting_requests',
  help: 'Queries and transactions waiting for a free database connection',
  labelNames: [],
};

export const DB_POOL_MAX: ScrapeTimeGauge = {
  name: 'thalir_db_pool_max_connections',
  help: 'The most connections the pool opens',
  labelNames: [],
};

/** Read by the refunds module (labels: its refund statuses). */
export const REFUNDS_BY_STATUS: ScrapeTimeGauge<'status'> = {
  name: 'thalir_refunds',
  help: 'Refunds by status',
  labelNames: ['status'],
};

/** Read by the payments module: orders whose money does not add up, by problem (payments/money-check.ts). Should be 0. */
export const MONEY_CHECK_PROBLEMS: ScrapeTimeGauge<'problem'> = {
  name: 'thalir_money_check_problem_orders',
  help: 'Orders whose money does not add up (received = kept + refunded + owed back), by problem; anything above 0 needs staff',
  labelNames: ['problem'],
};

/** Read by the outbox module: state `pending` (waiting to be sent) or `failed` (given up on). */
export const OUTBOX_MESSAGES: ScrapeTimeGauge<'state'> = {
  name: 'thalir_outbox_messages',
  help: 'Outbox messages by state: pending (waiting to be sent) and failed (given up on)',
  labelNames: ['state'],
};

/** Read by the outbox module: how long the oldest message in each state has waited (the outbox lag for `pending`). */
export const OUTBOX_OLDEST_AGE: ScrapeTimeGauge<'state'> = {
  name: 'thalir_outbox_oldest_age_seconds',
  help: 'Age of the oldest outbox message in each state; for pending, how far sending lags behind',
  labelNames: ['state'],
};

export const SCRAPE_TIME_GAUGES: readonly ScrapeTimeGauge<string>[] = [
  DB_POOL_CONNECTIONS,
  DB_POOL_WAITING,
  DB_POOL_MAX,
  REFUNDS_BY_STATUS,
  MONEY_CHECK_PROBLEMS,
  OUTBOX_MESSAGES,
  OUTBOX_OLDEST_AGE,
];
