import { formatCount, formatDateTime, formatDeliveryDay, formatMoney, formatShopDeadline, formatShopMoment, formatTime, refundLabel } from './format';

const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('formatMoney', () => {
  it('writes rupees with Indian digit grouping and 2 decimals', () => {
    expect(formatMoney(0)).toBe('₹0.00');
    expect(formatMoney(45)).toBe('₹45.00');
    expect(formatMoney(1234.5)).toBe('₹1,234.50');
    expect(formatMoney(123456.5)).toBe('₹1,23,456.50');
    expect(formatMoney(12345678.9)).toBe('₹1,23,45,678.90');
  });

  it('gives the same text as Intl.NumberFormat en-IN INR', () => {
    const samples = [
      0, 0.01, 0.1, 0.5, 1, 9.99, 10.25, 99.95, 100, 999.99, 1000, 1001.01, 9999.5, 10000, 99999.99, 100000, 123456.78, 1000000, 9876543.21, 123456789.12,
      -45.5, -123456.78,
    ];
    for (let paise = 0; paise < 2_000_000; paise += 7919) samples.push(paise / 100);
    for (const rupees of samples) expect(formatMoney(rupees)).toBe(intl.format(rupees));
  });

  it('is also what Intl writes for ta-IN: Tamil pages show money the same way', () => {
    const tamil = new Intl.NumberFormat('ta-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (let paise = -500_000; paise < 2_000_000_000; paise += 3_999_991) expect(formatMoney(paise / 100)).toBe(tamil.format(paise / 100));
  });
});

describe('formatCount', () => {
  it('gives the same text as toLocaleString en-IN for whole numbers', () => {
    const samples = [0, 1, 12, 999, 1000, 12345, 100000, 123456, 9999999, 123456789, -5, -123456];
    for (let n = 0; n < 20_000_000; n += 104729) samples.push(n);
    for (const count of samples) expect(formatCount(count)).toBe(count.toLocaleString('en-IN'));
  });

  it('is also what toLocaleString writes for ta-IN, with Indian grouping', () => {
    for (let n = -1_000_000; n < 200_000_000; n += 999_983) expect(formatCount(n)).toBe(n.toLocaleString('ta-IN'));
  });
});

describe('refundLabel', () => {
  const refund = (status: 'pending' | 'processed' | 'failed' | 'mismatch') => ({
    _id: 'r',
    status,
    amount: 1250,
    createdAt: '',
    manual: false,
    failureReason: null,
  });
  it.each([
    ['pending', 'Refund pending ₹1,250.00'],
    ['processed', 'Refund processed ₹1,250.00'],
    ['failed', 'Refund failed ₹1,250.00'],
    ['mismatch', 'Refund under review ₹1,250.00'],
  ] as const)('says where a %s refund stands', (status, label) => {
    expect(refundLabel(refund(status))).toBe(label);
  });
});

describe('dates and times', () => {
  const moment = '2026-11-26T12:05:00Z';
  it('writes a moment as the viewer reads it: the same text as Intl en-IN', () => {
    expect(formatTime(moment)).toBe(new Intl.DateTimeFormat('en-IN', { timeStyle: 'short' }).format(new Date(moment)));
    expect(formatDateTime(moment)).toBe(new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(moment)));
  });

  it("writes a deadline in the shop's time, wherever the viewer is", () => {
    expect(formatShopDeadline(moment)).toBe('26 Nov, 5:35 pm');
  });

  it("writes a moment with its day and year in the shop's time, across India's midnight too", () => {
    expect(formatShopMoment(moment)).toBe('Thu, 26 Nov 2026, 5:35 pm');
    expect(formatShopMoment('2026-11-26T18:40:00Z')).toBe('Fri, 27 Nov 2026, 12:10 am');
  });

  it('writes a delivery day with or without its year', () => {
    expect(formatDeliveryDay('2026-11-26')).toBe('Thu, 26 Nov 2026');
    expect(formatDeliveryDay('2026-11-26', { withYear: false })).toBe('Thu, 26 Nov');
  });
});
