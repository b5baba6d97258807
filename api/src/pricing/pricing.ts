/**
 * What an order costs, in one pure function: the cart, the offers that may apply, the delivery
 * charges, what is known of the customer, and the moment in → every line's price and discount share,
 * the delivery fee, the total, and what became of a typed code. The checkout's quote and the placing
 * both come from here; the placing statement then checks, under its locks, the facts other orders
 * can change (prices, uses, a first order).
 */

import type { OfferKind, ProductType } from '@thalir/contracts';
import { formatCalendarDay, formatPaise } from '../common/format';
import { indiaClock } from '../delivery/delivery-rules';

export interface PricedLine {
  productId: string;
  name: string;
  type: ProductType;
  unitPricePaise: number;
  quantity: number;
}

export interface OfferRule {
  id: string;
  name: string;
  /** The offer's own code; null for an automatic offer (a batch code is `PricingInput.code.text`). */
  code: string | null;
  kind: OfferKind;
  /** Basis points of the items: 1000 is 10%. */
  percentBp: number | null;
  maxDiscountPaise: number | null;
  amountPaise: number | null;
  minItemsPaise: number | null;
  /** Empty: every product. */
  productIds: readonly string[];
  productType: ProductType | null;
  firstOrderOnly: boolean;
  /** India's calendar, inclusive. */
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  active: boolean;
  combinable: boolean;
  /** Orders holding a use of it now (not cancelled); only counted when `maxUses` limits them. */
  uses: number;
}

/** A typed code, as found: its offer (null when no offer has it) and, for a single-use batch code, whether it is taken. */
export interface TypedCode {
  text: string;
  offer: OfferRule | null;
  singleUse: boolean;
  taken: boolean;
}

/** What is known of the customer; a visitor who is not signed in is assumed to qualify (placing checks again). */
export interface CustomerFacts {
  signedIn: boolean;
  /** No earlier order that was not cancelled. */
  firstOrder: boolean;
  /** Uses this account holds now, by offer id. */
  usesByOffer: ReadonlyMap<string, number>;
  /** The delivery phone number already received a first-order discount. */
  phoneHadFirstOrderOffer: boolean;
}

export interface DeliveryZoneRule {
  name: string;
  pincodePrefixes: readonly string[];
  feePaise: number;
  freeAbovePaise: number | null;
}

export interface DeliveryChargeRules {
  defaultZone: DeliveryZoneRule;
  zones: readonly DeliveryZoneRule[];
  /** By slot label. */
  slotSurchargesPaise: Readonly<Record<string, number>>;
}

export interface PricingInput {
  lines: readonly PricedLine[];
  /** Active automatic offers (the function still checks windows, limits and conditions). */
  automaticOffers: readonly OfferRule[];
  code: TypedCode | null;
  customer: CustomerFacts;
  delivery: { pincode: string | null; slot: string | null };
  charges: DeliveryChargeRules;
  now: Date;
}

export type CodeRefusal =
  'unknown' | 'paused' | 'not-started' | 'expired' | 'used-up' | 'customer-limit' | 'first-order' | 'minimum' | 'no-items' | 'better-offer';

export interface AppliedOffer {
  offer: OfferRule;
  /** The code typed for it (normalised), null for an automatic offer. */
  code: string | null;
  singleUse: boolean;
  /** Off the items: the sum of this offer's shares on the lines. */
  itemsPaise: number;
  /** Off the delivery fee (free delivery). */
  deliveryPaise: number;
}

export interface Breakdown {
  lines: (PricedLine & { amountPaise: number; discountPaise: number })[];
  itemsPaise: number;
  applied: AppliedOffer[];
  /** The delivery fee before any free-delivery offer: the zone's fee (unless the items reach its free-above) and the slot's surcharge. */
  deliveryFeePaise: number;
  deliveryDiscountPaise: number;
  totalPaise: number;
  zone: string;
  /** Items still to add for the zone's free delivery; null when it does not apply or is reached. */
  freeDeliveryShortByPaise: number | null;
  code: { status: 'applied'; message: string } | { status: 'refused'; refusal: CodeRefusal; message: string } | null;
}

/** Codes as customers type them: trimmed, case-insensitive (stored upper-case). */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

export function codeRefusalMessage(refusal: CodeRefusal, offer: OfferRule | null, better?: OfferRule): string {
  switch (refusal) {
    case 'unknown':
      return 'This code is not valid';
    case 'paused':
      return 'This code is not active right now';
    case 'not-started':
      return offer?.validFrom ? `This code can be used from ${formatCalendarDay(offer.validFrom)}` : 'This code cannot be used yet';
    case 'expired':
      return 'This code has expired';
    case 'used-up':
      return 'This code has been used up';
    case 'customer-limit':
      return 'You have already used this code';
    case 'first-order':
      return 'This code is for a first order';
    case 'minimum':
      return `This code needs items worth ${formatPaise(offer?.minItemsPaise ?? 0)} or more`;
    case 'no-items':
      return 'This code does not apply to the items in your cart';
    case 'better-offer':
      return `This code cannot be combined with "${better?.name ?? 'another offer'}", which saves you more`;
  }
}

function appliesTo(offer: OfferRule, line: PricedLine): boolean {
  return (offer.productIds.length === 0 || offer.productIds.includes(line.productId)) && (offer.productType === null || offer.productType === line.type);
}

/** Why this offer cannot be used on this order; null when it can. */
export function offerRefusal(offer: OfferRule, input: Pick<PricingInput, 'lines' | 'customer' | 'now'>, code?: TypedCode): CodeRefusal | null {
  const today = indiaClock(input.now).date;
  if (!offer.active) return 'paused';
  if (offer.validFrom !== null && today < offer.validFrom) return 'not-started';
  if (offer.validUntil !== null && today > offer.validUntil) return 'expired';
  if ((offer.maxUses !== null && offer.uses >= offer.maxUses) || code?.taken) return 'used-up';
  const { customer } = input;
  if (customer.signedIn && offer.maxUsesPerCustomer !== null && (customer.usesByOffer.get(offer.id) ?? 0) >= offer.maxUsesPerCustomer) return 'customer-limit';
  if (offer.firstOrderOnly && (!customer.firstOrder || customer.phoneHadFirstOrderOffer)) return 'first-order';
  const itemsPaise = input.lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
  if (offer.minItemsPaise !== null && itemsPaise < offer.minItemsPaise) return 'minimum';
  if (offer.kind !== 'free-delivery' && !input.lines.some((line) => appliesTo(offer, line))) return 'no-items';
  return null;
}

/**
 * Splits `total` over `amounts` in proportion, in whole paise, the leftover paise going to the largest
 * remainders (the earlier line on a tie), so the shares add up to `total` exactly.
 */
export function allocate(total: number, amounts: readonly number[]): number[] {
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return amounts.map(() => 0);
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  const shares = amounts.map((amount) => Number((bigTotal * BigInt(amount)) / bigSum));
  const remainders = amounts.map((amount, index) => ({ index, remainder: (bigTotal * BigInt(amount)) % bigSum }));
  let left = total - shares.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index] += 1;
    left -= 1;
  }
  return shares;
}

/** The zone of a PIN code: the longest matching prefix wins; none (or no PIN code) is the default zone. */
export function zoneOf(pincode: string | null, charges: DeliveryChargeRules): DeliveryZoneRule {
  let best: { zone: DeliveryZoneRule; length: number } | null = null;
  if (pincode) {
    for (const zone of charges.zones) {
      for (const prefix of zone.pincodePrefixes) {
        if (pincode.startsWith(prefix) && (!best || prefix.length > best.length)) best = { zone, length: prefix.length };
      }
    }
  }
  return best?.zone ?? charges.defaultZone;
}

/** Prices the order with these offers applied in turn (automatic first): each takes from what the earlier ones left. */
function priceWith(input: PricingInput, offers: readonly { offer: OfferRule; code: string | null; singleUse: boolean }[]): Omit<Breakdown, 'code'> {
  const lines = input.lines.map((line) => ({ ...line, amountPaise: line.unitPricePaise * line.quantity, discountPaise: 0 }));
  const itemsPaise = lines.reduce((sum, line) => sum + line.amountPaise, 0);
  const applied: AppliedOffer[] = [];
  for (const { offer, code, singleUse } of offers) {
    if (offer.kind === 'free-delivery') {
      applied.push({ offer, code, singleUse, itemsPaise: 0, deliveryPaise: 0 });
      continue;
    }
    const eligible = lines.filter((line) => appliesTo(offer, line));
    const remaining = eligible.map((line) => line.amountPaise - line.discountPaise);
    const base = remaining.reduce((a, b) => a + b, 0);
    let discount = offer.kind === 'percent' ? Math.round((base * (offer.percentBp ?? 0)) / 10_000) : (offer.amountPaise ?? 0);
    if (offer.kind === 'percent' && offer.maxDiscountPaise !== null) discount = Math.min(discount, offer.maxDiscountPaise);
    discount = Math.min(discount, base);
    allocate(discount, remaining).forEach((share, index) => (eligible[index].discountPaise += share));
    applied.push({ offer, code, singleUse, itemsPaise: discount, deliveryPaise: 0 });
  }
  const itemDiscountPaise = applied.reduce((sum, entry) => sum + entry.itemsPaise, 0);
  const itemsAfterPaise = itemsPaise - itemDiscountPaise;

  const zone = zoneOf(input.delivery.pincode, input.charges);
  const reachedFree = zone.freeAbovePaise !== null && itemsAfterPaise >= zone.freeAbovePaise;
  const zoneFeePaise = reachedFree ? 0 : zone.feePaise;
  const surchargePaise = input.delivery.slot ? (input.charges.slotSurchargesPaise[input.delivery.slot] ?? 0) : 0;
  const freeDelivery = applied.find((entry) => entry.offer.kind === 'free-delivery');
  // Free delivery waives the zone's fee; a slot's surcharge is always charged.
  if (freeDelivery) freeDelivery.deliveryPaise = zoneFeePaise;
  const deliveryDiscountPaise = freeDelivery?.deliveryPaise ?? 0;
  const deliveryFeePaise = zoneFeePaise + surchargePaise;
  const shortBy =
    !reachedFree && !freeDelivery && zone.freeAbovePaise !== null && zone.feePaise > 0 && itemsPaise > 0 ? zone.freeAbovePaise - itemsAfterPaise : null;
  return {
    lines,
    itemsPaise,
    applied,
    deliveryFeePaise,
    deliveryDiscountPaise,
    totalPaise: itemsAfterPaise + deliveryFeePaise - deliveryDiscountPaise,
    zone: zone.name,
    freeDeliveryShortByPaise: shortBy,
  };
}

function appliedMessage(code: string, entry: AppliedOffer | undefined): string {
  if (!entry) return `Code ${code} applied`;
  if (entry.offer.kind === 'free-delivery') return `Code ${code} applied: free delivery`;
  return `Code ${code} applied: −${formatPaise(entry.itemsPaise)}`;
}

/**
 * The order's price. At most one automatic offer and one code: together when both may combine,
 * otherwise whichever leaves the customer the lower total (the code on a tie, as the customer chose it).
 */
export function priceOrder(input: PricingInput): Breakdown {
  const automatic = input.automaticOffers.filter((offer) => offer.code === null && offer.active && offerRefusal(offer, input) === null);
  const typed = input.code;
  let codeRefusal: CodeRefusal | null = null;
  if (typed) codeRefusal = typed.offer ? offerRefusal(typed.offer, input, typed) : 'unknown';
  const codeChoice = typed?.offer && codeRefusal === null ? { offer: typed.offer, code: typed.text, singleUse: typed.singleUse } : null;

  const candidates: { offer: OfferRule; code: string | null; singleUse: boolean }[][] = [[]];
  for (const offer of automatic) {
    candidates.push([{ offer, code: null, singleUse: false }]);
    if (codeChoice && offer.combinable && codeChoice.offer.combinable) candidates.push([{ offer, code: null, singleUse: false }, codeChoice]);
  }
  if (codeChoice) candidates.push([codeChoice]);

  let best = priceWith(input, []);
  for (const candidate of candidates.slice(1)) {
    const priced = priceWith(input, candidate);
    const withCode = (b: Omit<Breakdown, 'code'>) => b.applied.some((entry) => entry.code !== null);
    if (priced.totalPaise < best.totalPaise || (priced.totalPaise === best.totalPaise && withCode(priced) && !withCode(best))) best = priced;
  }
  // An offer that takes nothing off this order is not recorded as used.
  best = { ...best, applied: best.applied.filter((entry) => entry.itemsPaise > 0 || entry.deliveryPaise > 0 || entry.code !== null) };

  let code: Breakdown['code'] = null;
  if (typed) {
    const used = best.applied.find((entry) => entry.code !== null);
    if (used) code = { status: 'applied', message: appliedMessage(typed.text, used) };
    else {
      const refusal = codeRefusal ?? 'better-offer';
      const better = best.applied[0]?.offer;
      code = { status: 'refused', refusal, message: codeRefusalMessage(refusal, typed.offer, better) };
    }
  }
  return { ...best, code };
}
