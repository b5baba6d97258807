import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SalesStats } from '@thalir/contracts';
import { formatCount, formatMoney } from '@thalir/ui';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import { formatCompactMoney } from '../utils/sales-series';
import { AXIS_LINE, AXIS_TICK } from './axis-style';
import { ChartCard } from './chart-card';
import { CHART_COLOURS } from './chart-colours';

type TopProduct = SalesStats['topProducts'][number];

const NAME_LENGTH = 18;

function shortName(name: string): string {
  return name.length > NAME_LENGTH ? `${name.slice(0, NAME_LENGTH - 1)}…` : name;
}

export function TopProductsChart({ products, rangeDays }: { products: TopProduct[]; rangeDays: number }) {
  const reducedMotion = useReducedMotion();
  const best = products[0];
  const summary = best
    ? `Best seller over the last ${rangeDays} days: ${best.name}, ${formatCount(best.quantity)} sold for ${formatMoney(best.revenue)}.` +
      (products.length > 1 ? ` ${products.length} products shown by revenue.` : '')
    : `Nothing sold in the last ${rangeDays} days.`;

  return (
    <ChartCard
      title="Top products"
      summary={summary}
      table={{
        caption: `Top products by revenue, last ${rangeDays} days`,
        columns: ['Product', 'Quantity sold', 'Revenue'],
        rows: products.map((product) => [product.name, product.quantity, formatMoney(product.revenue)]),
      }}
    >
      {products.length > 0 && (
        <ResponsiveContainer width="100%" height={48 + products.length * 36}>
          <BarChart data={products} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid stroke={CHART_COLOURS.grid} horizontal={false} />
            <XAxis type="number" tickFormatter={formatCompactMoney} tick={AXIS_TICK} tickLine={false} axisLine={AXIS_LINE} />
            <YAxis type="category" dataKey="name" tickFormatter={shortName} tick={AXIS_TICK} tickLine={false} axisLine={false} width={140} />
            <Tooltip
              cursor={{ fill: '#e3f1e8' }}
              formatter={(value, _name, item) => [
                `${formatMoney(Number(value))} · ${formatCount((item?.payload as TopProduct | undefined)?.quantity ?? 0)} sold`,
                'Revenue',
              ]}
            />
            <Bar dataKey="revenue" name="Revenue" fill={CHART_COLOURS.leaf} radius={[0, 4, 4, 0]} maxBarSize={24} isAnimationActive={!reducedMotion} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartCard>
  );
}
