import { FREQUENCY_LABELS, type SubscriptionPlan } from '@thalir/contracts';
import { formatCount } from '@thalir/ui';

/** "10 × Marigold, 2 × Jasmine string". */
export const describePlanItems = (plan: SubscriptionPlan) => plan.items.map((item) => `${formatCount(item.quantity)} × ${item.name}`).join(', ');

/** "Every day or chosen days of the week". */
export const describeFrequencies = (plan: SubscriptionPlan) => {
  const labels = plan.frequencies.map((frequency, index) => (index === 0 ? FREQUENCY_LABELS[frequency] : FREQUENCY_LABELS[frequency].toLowerCase()));
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}` : labels[0];
};

/** "Morning 8–12 only", or "Any slot". */
export const describeSlots = (plan: SubscriptionPlan) => (plan.slots.length === 0 ? 'Any slot' : `${plan.slots.join(', ')} only`);

/** "7, 15 or 30 deliveries". */
export const describePacks = (plan: SubscriptionPlan) => {
  const counts = plan.packs.map((pack) => formatCount(pack));
  return `${counts.length > 1 ? `${counts.slice(0, -1).join(', ')} or ${counts[counts.length - 1]}` : counts[0]} ${plan.packs.length === 1 && plan.packs[0] === 1 ? 'delivery' : 'deliveries'}`;
};
