import type { OrderStatus } from '@thalir/contracts';

/** The spec's colours: delivered green, cancelled red, processing blue, shipped purple, anything else yellow. */
export function statusTone(status: string): 'green' | 'red' | 'blue' | 'purple' | 'yellow' {
  switch (status) {
    case 'delivered':
      return 'green';
    case 'cancelled':
      return 'red';
    case 'processing':
      return 'blue';
    case 'shipped':
      return 'purple';
    default:
      return 'yellow';
  }
}

export function StatusBadge({ status }: { status: OrderStatus | string }) {
  return <span className={`badge badge--${statusTone(status)}`}>{status}</span>;
}

export function PaidBadge({ isPaid }: { isPaid: boolean }) {
  return <span className={`badge badge--${isPaid ? 'green' : 'yellow'}`}>{isPaid ? 'Paid' : 'Unpaid'}</span>;
}
