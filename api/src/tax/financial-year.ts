/** India's financial year (April to March) of a moment, in India time: "2026-27". */
export function financialYearOf(moment: Date): string {
  const india = new Date(moment.getTime() + (5 * 60 + 30) * 60_000);
  const startYear = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

export const INVOICE_PREFIX = 'TB';

/** "TB/2026-27/000123": the series' prefix, the financial year and the number within it. */
export const invoiceNumber = (financialYear: string, number: number) => `${INVOICE_PREFIX}/${financialYear}/${String(number).padStart(6, '0')}`;
