import { useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { errorMessage, openOnlinePayment } from '@thalir/api-client';
import type { Order } from '@thalir/contracts';

export interface PaymentOutcome {
  tone: 'success' | 'error' | 'info';
  text: string;
}

/**
 * Pays a pack's order online, as the checkout pays an order: the order comes from buying a pack or,
 * for one not paid yet, from reading it. `onSettled` runs once the popup is done with, or could not
 * be opened, for the screen to show the subscription as it is now.
 */
export function usePackPayment(onSettled: () => void) {
  const { t } = useLingui();
  const leftUnpaid = t`Your pack is saved but not paid yet: pay it here when you are ready.`;
  const [paying, setPaying] = useState(false);
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);
  // A second click before the re-render must not open a second popup.
  const started = useRef(false);

  const settle = (next: PaymentOutcome) => {
    started.current = false;
    setPaying(false);
    setOutcome(next);
    onSettled();
  };

  const pay = async (orderToPay: () => Promise<Order>) => {
    if (started.current) return;
    started.current = true;
    setPaying(true);
    setOutcome(null);
    try {
      const order = await orderToPay();
      await openOnlinePayment(order, {
        onPaid: () => settle({ tone: 'success', text: t`Payment received. Your new deliveries are added to your subscription.` }),
        // A reason means the payment arrived for a pack that was cancelled meanwhile: it is refunded.
        onVerificationFailed: (reason) => settle({ tone: 'error', text: reason ?? t`Payment verification failed` }),
        onPaymentFailed: () => settle({ tone: 'error', text: `${t`Payment failed.`} ${leftUnpaid}` }),
        onDismiss: () => settle({ tone: 'info', text: leftUnpaid }),
      });
    } catch (error) {
      settle({ tone: 'error', text: errorMessage(error, t`Could not start the payment. Please try again.`) });
    }
  };

  return { paying, outcome, pay };
}
