import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '@thalir/ui';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import { peakOf, plural, type BucketSize, type SalesBucket } from '../utils/sales-series';
import { AXIS_LINE, AXIS_TICK, CHART_MARGIN } from './axis-style';
import { ChartCard } from './chart-card';
import { CHART_COLOURS } from './chart-colours';

export function OrdersChart({ buckets, size, rangeDays }: { buckets: SalesBucket[]; size: BucketSize; rangeDays: number }) {
  const reducedMotion = useReducedMotion();
  const total = buckets.reduce((sum, bucket) => sum + bucket.orders, 0);
  const peak = peakOf(buckets, 'orders');
  const summary = peak
    ? `${plural(total, 'order')} in the last ${rangeDays} days. Busiest ${size}: ${peak.longLabel}, ${plural(peak.orders, 'order')}.`
    : `No orders in the last ${rangeDays} days.`;

  return (
    <ChartCard
      title={`Orders per ${size}`}
      summary={summary}
      table={{
        caption: `Orders per ${size}, last ${rangeDays} days`,
        columns: [size === 'day' ? 'Day' : size === 'week' ? 'Week' : 'Month', 'Orders'],
        rows: buckets.map((bucket) => [bucket.longLabel, bucket.orders]),
      }}
    >
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={buckets} margin={CHART_MARGIN} accessibilityLayer={false}>
          <CartesianGrid stroke={CHART_COLOURS.grid} vertical={false} />
          <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} axisLine={AXIS_LINE} minTickGap={16} />
          <YAxis allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} width={40} />
          <Tooltip
            cursor={{ fill: '#fbe4ea' }}
            formatter={(value) => [formatCount(Number(value)), 'Orders']}
            labelFormatter={(_label, payload) => (payload?.[0]?.payload as SalesBucket | undefined)?.longLabel ?? ''}
          />
          <Bar dataKey="orders" name="Orders" fill={CHART_COLOURS.rose} radius={[4, 4, 0, 0]} maxBarSize={36} isAnimationActive={!reducedMotion} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
