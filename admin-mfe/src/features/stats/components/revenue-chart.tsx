import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '@thalir/ui';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import { formatCompactMoney, peakOf, type BucketSize, type SalesBucket } from '../utils/sales-series';
import { AXIS_LINE, AXIS_TICK, CHART_MARGIN } from './axis-style';
import { ChartCard } from './chart-card';
import { CHART_COLOURS } from './chart-colours';

export function RevenueChart({ buckets, size, rangeDays }: { buckets: SalesBucket[]; size: BucketSize; rangeDays: number }) {
  const reducedMotion = useReducedMotion();
  const total = buckets.reduce((sum, bucket) => sum + bucket.revenue, 0);
  const peak = peakOf(buckets, 'revenue');
  const summary = peak
    ? `${formatMoney(total)} over the last ${rangeDays} days. Best ${size}: ${peak.longLabel}, ${formatMoney(peak.revenue)}.`
    : `No revenue in the last ${rangeDays} days.`;

  return (
    <ChartCard
      title={`Revenue per ${size}`}
      summary={summary}
      className="chart-card--wide"
      table={{
        caption: `Revenue per ${size}, last ${rangeDays} days`,
        columns: [size === 'day' ? 'Day' : size === 'week' ? 'Week' : 'Month', 'Revenue'],
        rows: buckets.map((bucket) => [bucket.longLabel, formatMoney(bucket.revenue)]),
      }}
    >
      <ResponsiveContainer width="100%" height={280}>
        <AreaChart data={buckets} margin={CHART_MARGIN} accessibilityLayer={false}>
          <defs>
            <linearGradient id="revenue-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="5%" stopColor={CHART_COLOURS.leaf} stopOpacity={0.4} />
              <stop offset="95%" stopColor={CHART_COLOURS.leaf} stopOpacity={0.03} />
            </linearGradient>
          </defs>
          <CartesianGrid stroke={CHART_COLOURS.grid} vertical={false} />
          <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} axisLine={AXIS_LINE} minTickGap={16} />
          <YAxis tickFormatter={formatCompactMoney} tick={AXIS_TICK} tickLine={false} axisLine={false} width={64} />
          <Tooltip
            formatter={(value) => [formatMoney(Number(value)), 'Revenue']}
            labelFormatter={(_label, payload) => (payload?.[0]?.payload as SalesBucket | undefined)?.longLabel ?? ''}
          />
          <Area
            type="monotone"
            dataKey="revenue"
            name="Revenue"
            stroke={CHART_COLOURS.leafStrong}
            strokeWidth={2}
            fill="url(#revenue-fill)"
            isAnimationActive={!reducedMotion}
          />
        </AreaChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
