import { bucketDays, bucketSizeFor, peakOf, totalsOf, type SalesDay } from './sales-series';

function days(from: string, count: number, make: (n: number) => Partial<SalesDay> = () => ({})): SalesDay[] {
  const start = new Date(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, n) => ({
    date: new Date(start.getTime() + n * 86_400_000).toISOString().slice(0, 10),
    orders: 1,
    revenue: 0.1,
    ...make(n),
  }));
}

describe('sales series', () => {
  it('draws up to a month per day, a quarter per week and a year per month', () => {
    expect([7, 30, 90, 365].map(bucketSizeFor)).toEqual(['day', 'day', 'week', 'month']);
  });

  it('keeps one bucket per day, labelled in local time', () => {
    const buckets = bucketDays(days('2026-03-01', 3), 'day');
    expect(buckets.map((bucket) => bucket.label)).toEqual(['1 Mar', '2 Mar', '3 Mar']);
    expect(buckets[0].longLabel).toBe('1 Mar 2026');
  });

  it('sums 7-day weeks from the first day, the last week possibly short', () => {
    const buckets = bucketDays(days('2026-03-01', 16), 'week');
    expect(buckets.map((bucket) => [bucket.longLabel, bucket.orders])).toEqual([
      ['week of 1 Mar 2026', 7],
      ['week of 8 Mar 2026', 7],
      ['week of 15 Mar 2026', 2],
    ]);
    expect(buckets[0].revenue).toBe(0.7);
  });

  it('sums calendar months', () => {
    const buckets = bucketDays(days('2026-01-30', 35), 'month');
    expect(buckets.map((bucket) => [bucket.label, bucket.orders])).toEqual([
      ['Jan 2026', 2],
      ['Feb 2026', 28],
      ['Mar 2026', 5],
    ]);
  });

  it('totals a range with the average order in whole paise', () => {
    expect(totalsOf(days('2026-03-01', 3, (n) => ({ revenue: [100, 200, 0.01][n] })))).toEqual({
      revenue: 300.01,
      orders: 3,
      averageOrder: 100,
    });
    expect(totalsOf([])).toEqual({ revenue: 0, orders: 0, averageOrder: 0 });
  });

  it('finds the peak, or none when nothing sold', () => {
    const buckets = bucketDays(
      days('2026-03-01', 3, (n) => ({ orders: [1, 4, 2][n] })),
      'day',
    );
    expect(peakOf(buckets, 'orders')?.label).toBe('2 Mar');
    expect(
      peakOf(
        bucketDays(
          days('2026-03-01', 2, () => ({ orders: 0 })),
          'day',
        ),
        'orders',
      ),
    ).toBeNull();
  });
});
