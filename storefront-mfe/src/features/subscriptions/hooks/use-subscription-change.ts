import { useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ApiRequestError, errorMessage } from '@thalir/api-client';
import type { Subscription } from '@thalir/contracts';
import type { SubscriptionUpdates } from './use-my-subscriptions';

/**
 * Sends one change of a subscription from one spot of the screen (a day, a pause, cancelling): the
 * answer replaces the subscription shown; a refusal stays at that spot, in the server's words.
 */
export function useSubscriptionChange(subscriptionId: string, updates: SubscriptionUpdates) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // State updates arrive after a re-render; a ref stops a double click before that happens.
  const sending = useRef(false);

  /** Resolves true once the change is made. */
  const send = async (change: () => Promise<Subscription>): Promise<boolean> => {
    if (sending.current) return false;
    sending.current = true;
    setBusy(true);
    setFailure(null);
    try {
      updates.show(await change());
      return true;
    } catch (error) {
      setFailure(errorMessage(error, t`Could not save your change. Please try again.`));
      // 404 and 409 say the subscription moved on (a cut-off passed, it was cancelled): show it as it is now.
      if (error instanceof ApiRequestError && (error.status === 404 || error.status === 409)) updates.reload(subscriptionId);
      return false;
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return { busy, failure, send, clearFailure: () => setFailure(null) };
}
