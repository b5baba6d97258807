import { Link } from 'react-router-dom';
import type { MoneyProblem } from '@thalir/contracts';
import { formatMoney, Notice, shortOrderId } from '@thalir/ui';
import { useFetch } from '../../../hooks/use-fetch';
import { fetchMoneyCheck } from '../api/money-check';

const PROBLEMS: Record<MoneyProblem, string> = {
  unbalanced: 'received ≠ kept + refunded + owed back',
  'cancelled-paid-without-refund': 'cancelled and paid, with no refund',
  'paid-twice': 'paid twice',
  mispriced: 'total ≠ items − discounts + delivery',
};

/** Shown only when the shop's money does not add up: the orders to look into, and why. */
export function MoneyCheckAlert() {
  const { data } = useFetch((signal) => fetchMoneyCheck(signal), []);
  if (!data || data.balanced) return null;
  return (
    <Notice tone="error">
      <strong>The money of {data.problemOrders === 1 ? '1 order does' : `${data.problemOrders} orders do`} not add up.</strong> Check each with the payment
      provider before anything else is refunded.
      <ul className="money-check__orders">
        {data.orders.map((order) => (
          <li key={order._id}>
            <Link to={`/order/${order._id}`}>#{shortOrderId(order._id)}</Link> ({order.status}): received {formatMoney(order.received)}, kept{' '}
            {formatMoney(order.kept)}, refunded {formatMoney(order.refunded)}, owed back {formatMoney(order.owed)}:{' '}
            {order.problems.map((problem) => PROBLEMS[problem]).join('; ')}
          </li>
        ))}
      </ul>
    </Notice>
  );
}
