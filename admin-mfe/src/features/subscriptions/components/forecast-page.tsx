import type { SubscriptionForecastDay } from '@thalir/contracts';
import { formatCount, formatDeliveryDay, Notice, Spinner } from '@thalir/ui';
import { useFetch } from '../../../hooks/use-fetch';
import { fetchForecast, FORECAST_DAYS } from '../api/subscriptions';
import './subscriptions.css';

/** A plan or a product across the days: how many each day, and in all. */
interface ForecastRow {
  id: string;
  name: string;
  perDay: number[];
  total: number;
}

/** One row per plan or product met on any day, by name. */
function tally(days: SubscriptionForecastDay[], entriesOf: (day: SubscriptionForecastDay) => { id: string; name: string; count: number }[]): ForecastRow[] {
  const rows = new Map<string, ForecastRow>();
  days.forEach((day, index) => {
    for (const { id, name, count } of entriesOf(day)) {
      const row = rows.get(id) ?? { id, name, perDay: days.map(() => 0), total: 0 };
      row.perDay[index] += count;
      row.total += count;
      rows.set(id, row);
    }
  });
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name));
}

interface ForecastTableProps {
  caption: string;
  /** What each row is: "Plan", "Product". */
  rowLabel: string;
  days: SubscriptionForecastDay[];
  rows: ForecastRow[];
  /** A last row adding up every row, with this header; none when the rows do not add up (stems of different flowers). */
  sumLabel?: string;
}

const cell = (count: number) => (count === 0 ? '—' : formatCount(count));

function ForecastTable({ caption, rowLabel, days, rows, sumLabel }: ForecastTableProps) {
  return (
    <div className="table-wrap card forecast-table">
      <table className="table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{rowLabel}</th>
            {days.map((day) => (
              <th key={day.date} scope="col" className="num">
                {formatDeliveryDay(day.date, { withYear: false })}
              </th>
            ))}
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.name}</th>
              {row.perDay.map((count, index) => (
                <td key={days[index].date} className="num">
                  {cell(count)}
                </td>
              ))}
              <td className="num forecast-table__total">{formatCount(row.total)}</td>
            </tr>
          ))}
        </tbody>
        {sumLabel && (
          <tfoot>
            <tr className="forecast-table__total">
              <th scope="row">{sumLabel}</th>
              {days.map((day, index) => (
                <td key={day.date} className="num">
                  {cell(rows.reduce((sum, row) => sum + row.perDay[index], 0))}
                </td>
              ))}
              <td className="num">{formatCount(rows.reduce((sum, row) => sum + row.total, 0))}</td>
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/**
 * /admin/subscriptions/forecast: what the subscriptions need over the coming days, so the shop knows
 * what to buy from the growers. It counts the days the customers' credits pay for, as the API does.
 */
export default function ForecastPage() {
  const { data, error, loading } = useFetch((signal) => fetchForecast(signal), []);
  const days = data ?? [];
  const plans = tally(days, (day) => day.plans.map((plan) => ({ id: plan.planId, name: plan.name, count: plan.deliveries })));
  const products = tally(days, (day) => day.products.map((product) => ({ id: product.productId, name: product.name, count: product.quantity })));

  return (
    <section className="container page" aria-labelledby="forecast-title">
      <div className="admin-page__header">
        <h1 id="forecast-title">Forecast for the growers</h1>
      </div>
      <p className="admin-muted forecast-intro">
        The subscription deliveries of the next {FORECAST_DAYS} days, today in India first, and the stems they need. Only deliveries the customers’ credits pay
        for are counted: a day waiting for a pack is not.
      </p>

      {error !== undefined && <Notice tone="error">Could not load the forecast</Notice>}
      {loading && !data && <Spinner label="Loading the forecast…" />}
      {data && plans.length === 0 && <p className="admin-empty">No subscription deliveries in the next {FORECAST_DAYS} days: nothing to buy for them.</p>}

      {plans.length > 0 && (
        <>
          <ForecastTable caption="Stems to buy" rowLabel="Product" days={days} rows={products} />
          <ForecastTable caption="Deliveries by plan" rowLabel="Plan" days={days} rows={plans} sumLabel="All plans" />
        </>
      )}
    </section>
  );
}
