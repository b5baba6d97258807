import { useSearchParams } from 'react-router-dom';
import { Button, Notice, Spinner } from '@thalir/ui';
import { useFetch } from '../../../hooks/use-fetch';
import { DEFAULT_SALES_RANGE, fetchSalesStats, SALES_RANGES, type SalesRange } from '../api/sales';
import { bucketDays, bucketSizeFor, totalsOf } from '../utils/sales-series';
import { LowStockTable } from './low-stock-table';
import { OrdersChart } from './orders-chart';
import { RangeChooser } from './range-chooser';
import { RevenueChart } from './revenue-chart';
import { SalesSummary } from './sales-summary';
import { StatusChart } from './status-chart';
import { TopProductsChart } from './top-products-chart';
import './stats-page.css';

function asRange(value: string | null): SalesRange {
  return SALES_RANGES.find((range) => String(range) === value) ?? DEFAULT_SALES_RANGE;
}

export default function StatsPage() {
  const [params, setParams] = useSearchParams();
  const range = asRange(params.get('days'));
  // The answer carries the range it was asked for, so labels never describe one range with another's figures.
  const { data, error, loading, reload } = useFetch(async (signal) => ({ range, stats: await fetchSalesStats(range, signal) }), [range]);

  const chooseRange = (next: SalesRange) => setParams(next === DEFAULT_SALES_RANGE ? {} : { days: String(next) }, { replace: true });

  const shown = data && {
    range: data.range,
    stats: data.stats,
    size: bucketSizeFor(data.range),
    buckets: bucketDays(data.stats.days, bucketSizeFor(data.range)),
    totals: totalsOf(data.stats.days),
  };

  return (
    <section className="container page stats-page" aria-labelledby="stats-title">
      <div className="admin-page__header">
        <h1 id="stats-title">Sales statistics</h1>
        <RangeChooser value={range} onChange={chooseRange} />
      </div>

      {error !== undefined && (
        <Notice tone="error">
          Could not load sales figures{' '}
          <Button variant="ghost" size="sm" onClick={reload}>
            Try again
          </Button>
        </Notice>
      )}
      {loading && !data && <Spinner label="Loading sales figures…" />}
      {loading && data && (
        <p className="admin-muted" role="status">
          Updating…
        </p>
      )}

      {shown && (
        <div className="stats-page__body" aria-busy={loading || undefined}>
          <SalesSummary totals={shown.totals} byStatus={shown.stats.byStatus} rangeDays={shown.range} />
          <div className="stats-grid">
            <RevenueChart buckets={shown.buckets} size={shown.size} rangeDays={shown.range} />
            <OrdersChart buckets={shown.buckets} size={shown.size} rangeDays={shown.range} />
            <StatusChart byStatus={shown.stats.byStatus} rangeDays={shown.range} />
            <TopProductsChart products={shown.stats.topProducts} rangeDays={shown.range} />
            <LowStockTable products={shown.stats.lowStock} />
          </div>
        </div>
      )}
    </section>
  );
}
