import type { FrequencyKind } from '@thalir/contracts';

/** How the back office names the frequencies of flower subscriptions (the plans and subscriptions screens). */
export const FREQUENCY_LABELS: Record<FrequencyKind, string> = {
  daily: 'Every day',
  weekdays: 'Chosen days of the week',
  weekly: 'Every week',
  fortnightly: 'Every other week',
};
