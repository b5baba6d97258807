import type { FrequencyKind } from '@thalir/contracts';

/** A plan as it would be saved: the stored one with what a request changes. */
export interface PlanDraft {
  name: string | null;
  slug: string | null;
  description: string;
  items: readonly { productId: string; quantity: number }[];
  frequencies: readonly FrequencyKind[];
  slots: readonly string[];
  pricePerDelivery: number | null;
  packs: readonly number[];
}

/**
 * Why a whole plan cannot be saved, in the words staff read; null when it can. The shape of each
 * field is checked at the edge (SubscriptionPlanDto); these are the rules across a whole plan.
 */
export function planProblem(plan: PlanDraft, shopSlots: readonly string[]): string | null {
  if (!plan.name) return 'Give the plan a name customers will see';
  if (!plan.slug) return 'Give the plan an address, e.g. daily-pooja-basket';
  if (plan.items.length === 0) return 'A plan delivers at least one product';
  if (new Set(plan.items.map((item) => item.productId)).size !== plan.items.length) return 'Name each product of the plan once';
  if (plan.frequencies.length === 0) return 'Allow at least one frequency';
  const unknownSlot = plan.slots.find((slot) => !shopSlots.includes(slot));
  if (unknownSlot !== undefined) return `${unknownSlot} is not one of the shop's delivery slots: ${shopSlots.join(', ')}`;
  if (plan.pricePerDelivery === null) return 'Give the price of one delivery';
  if (plan.packs.length === 0) return 'Sell at least one pack';
  return null;
}
