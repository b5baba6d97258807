import { useEffect } from 'react';
import { EARLY_TAPS_GLOBAL, TAKEN_OVER_ATTRIBUTE } from '@thalir/contracts';

/** What the page's capture (EARLY_TAPS_SCRIPT) kept: the event, the marked control, and the control's value at the time. */
type EarlyTap = [event: Event, control: Element, value: string];

function takeEarlyTaps(): EarlyTap[] {
  const take = (window as unknown as Record<string, unknown>)[EARLY_TAPS_GLOBAL];
  return typeof take === 'function' ? (take as () => EarlyTap[])() : [];
}

/** Does again what one kept event would have done: the same control, the same kind of event. */
function replay([event, control, value]: EarlyTap): void {
  // A control the app no longer shows (React drew that part anew) has nothing left to do.
  if (!control.isConnected) return;
  if (event.type === 'submit') {
    const form = control as HTMLFormElement;
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | HTMLInputElement | null;
    form.requestSubmit(submitter?.isConnected && submitter.form === form ? submitter : undefined);
  } else if (event.type === 'change') {
    // The value picked then, which a later pick may have replaced since: each pick counts, in turn.
    (control as HTMLSelectElement).value = value;
    control.dispatchEvent(new Event('change', { bubbles: true }));
  } else {
    (control as HTMLElement).click();
  }
}

/**
 * Ends the wait for the app: stops the page's capture, replays each tap it kept once, in the order
 * they came, and marks <html> (TAKEN_OVER_ATTRIBUTE). A second call finds nothing to replay.
 */
export function takeOverPage(): void {
  for (const tap of takeEarlyTaps()) replay(tap);
  document.documentElement.setAttribute(TAKEN_OVER_ATTRIBUTE, '');
}

/**
 * Put beside a page's screen, inside the Suspense boundary that holds it: its effect runs once the
 * screen is live. Effects are where what only the browser knows comes in (who is signed in: the
 * server drew everyone signed out), and React re-renders with it before the effect pass ends; the
 * replay waits for that (a microtask after the pass), so a replayed tap meets the page as a tap now
 * would. Until then the capture keeps taking taps, so a later one never overtakes an earlier one.
 * Renders nothing.
 */
export function PageTakeover(): null {
  useEffect(() => queueMicrotask(takeOverPage), []);
  return null;
}
