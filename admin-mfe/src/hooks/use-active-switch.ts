import { useState } from 'react';
import { errorMessage } from '@thalir/api-client';

/** A list screen's message above the list: what was saved, switched or refused. */
export type ListMessage = { tone: 'success' | 'error'; text: string };

interface Switchable {
  _id: string;
  name: string;
  active: boolean;
}

interface ActiveSwitchOptions<T extends Switchable> {
  /** Saves the item as on (true) or off. */
  save: (item: T, active: boolean) => Promise<unknown>;
  /** What the item is once switched: "on sale again", "paused". */
  switchedTo: (active: boolean) => string;
  /** What is said when the switch is refused without the server's words. */
  failed: (active: boolean) => string;
  showMessage: (message: ListMessage | null) => void;
  /** Reads the list again, whatever happened. */
  reload: () => void;
}

/**
 * Turns an item of a list on or off (an offer paused or resumed, a plan on sale or not), one at a
 * time: `switchingId` is the one being saved; the outcome becomes the screen's message.
 */
export function useActiveSwitch<T extends Switchable>({ save, switchedTo, failed, showMessage, reload }: ActiveSwitchOptions<T>) {
  const [switchingId, setSwitchingId] = useState<string | null>(null);

  const switchActive = async (item: T) => {
    const active = !item.active;
    setSwitchingId(item._id);
    showMessage(null);
    try {
      await save(item, active);
      showMessage({ tone: 'success', text: `${item.name} is ${switchedTo(active)}.` });
    } catch (failure) {
      showMessage({ tone: 'error', text: errorMessage(failure, failed(active)) });
    } finally {
      setSwitchingId(null);
    }
    reload();
  };

  return { switchingId, switchActive };
}
