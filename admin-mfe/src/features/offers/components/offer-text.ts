import type { Offer } from '@thalir/contracts';
import { formatCount, formatDeliveryDay, formatMoney } from '@thalir/ui';
import { PRODUCT_TYPE_LABELS } from '../../../lib/product-types';

export const OFFER_KIND_LABELS: Record<Offer['kind'], string> = {
  percent: 'Percentage off the items',
  amount: 'Amount off the order',
  'free-delivery': 'Free delivery',
};

export const OFFER_STATUS_LABELS: Record<Offer['status'], string> = {
  active: 'Active',
  paused: 'Paused',
  scheduled: 'Scheduled',
  ended: 'Ended',
  'used-up': 'Used up',
};

export const OFFER_STATUS_TONES: Record<Offer['status'], 'green' | 'yellow' | 'blue' | 'purple' | 'red'> = {
  active: 'green',
  paused: 'yellow',
  scheduled: 'blue',
  ended: 'purple',
  'used-up': 'red',
};

type OfferTerms = Pick<Offer, 'kind' | 'percent' | 'maxDiscount' | 'amount'>;

/** "10% off (up to ₹200.00)", "₹100.00 off" or "Free delivery". */
export function describeOfferValue({ kind, percent, maxDiscount, amount }: OfferTerms): string {
  if (kind === 'percent') return `${percent}% off${maxDiscount !== null ? ` (up to ${formatMoney(maxDiscount)})` : ''}`;
  if (kind === 'amount') return `${formatMoney(amount ?? 0)} off`;
  return 'Free delivery';
}

/** Its rules in one line, e.g. "Items from ₹500.00 · Flower only · First order only"; empty when it has none. */
export function describeOfferRules(
  offer: Pick<Offer, 'minItemsAmount' | 'productIds' | 'productType' | 'firstOrderOnly' | 'maxUsesPerCustomer' | 'combinable'>,
): string {
  const rules: string[] = [];
  if (offer.minItemsAmount !== null) rules.push(`Items from ${formatMoney(offer.minItemsAmount)}`);
  if (offer.productIds.length > 0) rules.push(offer.productIds.length === 1 ? '1 product' : `${offer.productIds.length} products`);
  if (offer.productType) rules.push(`${PRODUCT_TYPE_LABELS[offer.productType]} only`);
  if (offer.firstOrderOnly) rules.push('First order only');
  if (offer.maxUsesPerCustomer !== null) rules.push(`${formatCount(offer.maxUsesPerCustomer)} per customer`);
  if (offer.combinable) rules.push('Combines with other offers');
  return rules.join(' · ');
}

/** "Sat, 14 Feb 2026 – Sun, 15 Feb 2026", "From …", "Until …" or "Open-ended": the days it applies, both included. */
export function describeOfferWindow({ validFrom, validUntil }: Pick<Offer, 'validFrom' | 'validUntil'>): string {
  if (validFrom && validUntil) return `${formatDeliveryDay(validFrom)} – ${formatDeliveryDay(validUntil)}`;
  if (validFrom) return `From ${formatDeliveryDay(validFrom)}`;
  if (validUntil) return `Until ${formatDeliveryDay(validUntil)}`;
  return 'Open-ended';
}

/** "3 / 10", or "3" when uses are not limited. */
export function describeOfferUses({ uses, maxUses }: Pick<Offer, 'uses' | 'maxUses'>): string {
  return maxUses === null ? formatCount(uses) : `${formatCount(uses)} / ${formatCount(maxUses)}`;
}

/** What an offer's panel shows: only an offer with single-use codes has codes. */
export function offerDetailsLabel({ usesBatchCodes }: Pick<Offer, 'usesBatchCodes'>): string {
  return usesBatchCodes ? 'Usage and codes' : 'Usage';
}
