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

/** The status in its tone; `label` is its name in the page's language (the status itself by default). */
export function StatusBadge({ status, label = status }: { status: OrderStatus | string; label?: string }) {
  return <span className={`badge badge--${statusTone(status)}`}>{label}</span>;
}

/** `label` names the state in the page's language ("Paid" or "Unpaid" by default). */
export function PaidBadge({ isPaid, label = isPaid ? 'Paid' : 'Unpaid' }: { isPaid: boolean; label?: string }) {
  return <span className={`badge badge--${isPaid ? 'green' : 'yellow'}`}>{label}</span>;
}
