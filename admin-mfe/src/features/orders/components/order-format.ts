/** The spec's short order id: the last 6 characters, uppercased. */
export function shortOrderId(id: string): string {
  return id.slice(-6).toUpperCase();
}
