import type { SalesStats } from '@thalir/contracts';
import { formatCount, formatMoney } from '@thalir/ui';
import type { SalesTotals } from '../utils/sales-series';

export function SalesSummary({ totals, byStatus, rangeDays }: { totals: SalesTotals; byStatus: SalesStats['byStatus']; rangeDays: number }) {
  const figures = [
    { label: 'Revenue', value: formatMoney(totals.revenue), testId: 'range-revenue' },
    { label: 'Orders', value: formatCount(totals.orders), testId: 'range-orders' },
    { label: 'Average order', value: totals.orders > 0 ? formatMoney(totals.averageOrder) : '—', testId: 'range-average' },
    { label: 'Cancelled', value: formatCount(byStatus.cancelled ?? 0), testId: 'range-cancelled' },
  ];
  return (
    <dl className="sales-summary" aria-label={`Figures for the last ${rangeDays} days`}>
      {figures.map(({ label, value, testId }) => (
        <div key={label} className="card sales-summary__figure">
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
