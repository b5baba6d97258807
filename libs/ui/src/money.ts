const INR = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rupees for people: ₹1,23,456.50 (en-IN grouping, always 2 decimals). */
export function formatMoney(rupees: number): string {
  return INR.format(rupees);
}

const DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

export function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}
