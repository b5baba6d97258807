import { Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { ORDER_STATUSES, type SalesStats } from '@thalir/contracts';
import { formatCount } from '@thalir/ui';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import { plural } from '../utils/sales-series';
import { ChartCard } from './chart-card';
import { STATUS_COLOURS } from './chart-colours';

export function StatusChart({ byStatus, rangeDays }: { byStatus: SalesStats['byStatus']; rangeDays: number }) {
  const reducedMotion = useReducedMotion();
  const slices = ORDER_STATUSES.map((status) => ({ status, count: byStatus[status] ?? 0, fill: STATUS_COLOURS[status] }));
  const total = slices.reduce((sum, slice) => sum + slice.count, 0);
  const percent = (count: number) => (total > 0 ? Math.round((count / total) * 100) : 0);
  const described = [...slices]
    .filter((slice) => slice.count > 0)
    .sort((a, b) => b.count - a.count)
    .map((slice) => `${formatCount(slice.count)} ${slice.status}`);
  const summary = total > 0 ? `${plural(total, 'order')} in the last ${rangeDays} days: ${described.join(', ')}.` : `No orders in the last ${rangeDays} days.`;

  return (
    <ChartCard
      title="Orders by status"
      summary={summary}
      table={{
        caption: `Orders by status, last ${rangeDays} days`,
        columns: ['Status', 'Orders', 'Share'],
        rows: slices.map((slice) => [slice.status, slice.count, `${percent(slice.count)}%`]),
      }}
    >
      <div className="status-chart">
        <div className="status-chart__donut">
          {total > 0 ? (
            <ResponsiveContainer width="100%" height={220}>
              <PieChart accessibilityLayer={false}>
                <Pie
                  data={slices.filter((slice) => slice.count > 0)}
                  dataKey="count"
                  nameKey="status"
                  innerRadius="58%"
                  outerRadius="92%"
                  paddingAngle={2}
                  stroke="#ffffff"
                  isAnimationActive={!reducedMotion}
                />
                <Tooltip formatter={(value, name) => [`${formatCount(Number(value))} (${percent(Number(value))}%)`, String(name)]} />
              </PieChart>
            </ResponsiveContainer>
          ) : (
            <div className="status-chart__empty" aria-hidden="true" />
          )}
        </div>
        {/* The legend names every status, so no one has to tell the colours apart. */}
        <ul className="status-legend" aria-hidden="true">
          {slices.map((slice) => (
            <li key={slice.status}>
              <span className="status-legend__swatch" style={{ background: slice.fill }} />
              <span className="status-legend__name">{slice.status}</span>
              <span className="status-legend__count">
                {formatCount(slice.count)} · {percent(slice.count)}%
              </span>
            </li>
          ))}
        </ul>
      </div>
    </ChartCard>
  );
}
