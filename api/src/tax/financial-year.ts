/** India's financial year (April to March) of a moment, in India time: "2026-27". */
export function financialYearOf(moment: Date): string {
  const india = new Date(moment.getTime() + (5 * 60 + 30) * 60_000);
  const startYear = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

export const INVOICE_PREFIX = 'TB';

/**
 * "TB/26-27/": what every invoice number of a financial year starts with. Short, because an invoice
 * number may have at most 16 characters (CGST Rules 2017, rule 46(b)); the GST portal refuses longer
 * ones. Numbers issued before carry the four-digit year (TB/2026-27/000123, 17 characters).
 */
export const invoiceSeries = (financialYear: string) => `${INVOICE_PREFIX}/${financialYear.slice(2)}/`;

/** "TB/26-27/000123": the series and the number within it, six digits (15 characters). */
export const invoiceNumber = (financialYear: string, number: number) => `${invoiceSeries(financialYear)}${String(number).padStart(6, '0')}`;
