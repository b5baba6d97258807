/** The spec's display form of an order id: its last 6 characters, uppercased. */
export function shortOrderId(orderId: string): string {
  return orderId.slice(-6).toUpperCase();
}
