/**
 * What a customer may choose for a subscription, and what its credits are: pure rules, so the
 * subscribe call, the changes to a coming delivery and the tests share one source.
 */

import type { FrequencyKind, SubscriptionCredits } from '@thalir/contracts';
import { formatCalendarDay } from '../common/format';
import { addDays, type DeliveryPolicy, deliveryRefusal, formatMinute, indiaClock, isCalendarDate, isServed, PINCODE } from '../delivery/delivery-rules';
import { cutoffMinute, type Frequency, type Weekday } from './subscription-schedule';

/** How many coming days have rows of their own (the customer's calendar and the forecast read them). */
export const SCHEDULE_HORIZON_DAYS = 14;
/** The longest holiday one pause covers. */
export const MAX_PAUSE_DAYS = 90;

/** What of a plan the choices are checked against. */
export interface PlanTerms {
  frequencies: readonly FrequencyKind[];
  /** Empty: every slot of the shop. */
  slots: readonly string[];
  packs: readonly number[];
}

export interface SubscribeChoice {
  startDate: string;
  frequency: FrequencyKind;
  weekdays: readonly number[];
  slot: string;
  pincode: string;
  pack: number;
}

const FREQUENCY_WORDS: Record<FrequencyKind, string> = {
  daily: 'every day',
  weekdays: 'on chosen days of the week',
  weekly: 'every week',
  fortnightly: 'every other week',
};

/** The slots a plan may be delivered in: its own list, or every slot of the shop. */
export function planSlots(plan: Pick<PlanTerms, 'slots'>, policy: Pick<DeliveryPolicy, 'slots'>): string[] {
  const shopSlots = policy.slots.map((slot) => slot.label);
  return plan.slots.length === 0 ? shopSlots : shopSlots.filter((label) => plan.slots.includes(label));
}

function slotRefusal(slot: string, plan: Pick<PlanTerms, 'slots'>, policy: Pick<DeliveryPolicy, 'slots'>): string | null {
  const allowed = planSlots(plan, policy);
  return allowed.includes(slot) ? null : `This plan is delivered in: ${allowed.join(', ')}`;
}

/** Why the shop cannot start this subscription as chosen, in the customer's words; null when it can. */
export function subscribeRefusal(plan: PlanTerms, choice: SubscribeChoice, now: Date, policy: DeliveryPolicy): string | null {
  if (!plan.frequencies.includes(choice.frequency)) {
    return `This plan is delivered ${plan.frequencies.map((frequency) => FREQUENCY_WORDS[frequency]).join(' or ')}`;
  }
  if (choice.frequency === 'weekdays') {
    const unique = new Set(choice.weekdays);
    if (unique.size === 0 || unique.size !== choice.weekdays.length || choice.weekdays.some((day) => !Number.isInteger(day) || day < 0 || day > 6)) {
      return 'Choose the days of the week for your deliveries, each once';
    }
  } else if (choice.weekdays.length > 0) {
    return 'Days of the week are chosen only for deliveries on chosen days';
  }
  if (!plan.packs.includes(choice.pack)) return `Choose a pack of ${plan.packs.join(', ')} deliveries`;
  return slotRefusal(choice.slot, plan, policy) ?? deliveryRefusal({ date: choice.startDate, slot: choice.slot, pincode: choice.pincode }, now, policy);
}

/** The schedule's frequency from what was chosen (checked by `subscribeRefusal`). */
export function frequencyOf(kind: FrequencyKind, weekdays: readonly number[]): Frequency {
  return kind === 'weekdays' ? { kind, weekdays: [...weekdays].sort((a, b) => a - b) as Weekday[] } : { kind };
}

/** Why a new slot or address for one delivery cannot be taken (the cut-offs are checked under the row's lock). */
export function deliveryChangeRefusal(
  change: { slot?: string; pincode?: string },
  plan: Pick<PlanTerms, 'slots'>,
  policy: Pick<DeliveryPolicy, 'slots' | 'pincodePrefixes'>,
): string | null {
  if (change.slot !== undefined) {
    const refusal = slotRefusal(change.slot, plan, policy);
    if (refusal) return refusal;
  }
  if (change.pincode !== undefined) {
    if (!PINCODE.test(change.pincode)) return 'Enter the 6-digit PIN code of the delivery address';
    if (!isServed(change.pincode, policy as DeliveryPolicy)) return `We cannot deliver to ${change.pincode} yet`;
  }
  return null;
}

/** Why a pause from `from` to `to` (both included) cannot be taken; null when it can. */
export function pauseRefusal(from: string, to: string, now: Date): string | null {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return 'Choose the first and the last day of the pause';
  if (to < from) return 'The last day of the pause comes before its first day';
  const today = indiaClock(now).date;
  if (from < today) return `${formatCalendarDay(from)} has passed; a pause starts today or later`;
  if (to > addDays(from, MAX_PAUSE_DAYS - 1)) return `A pause can last at most ${MAX_PAUSE_DAYS} days`;
  return null;
}

const closedAt = (slotLabel: string, policy: Pick<DeliveryPolicy, 'slots' | 'sameDayCutoffMinute'>) => {
  const minute = cutoffMinute(slotLabel, policy);
  return minute === null ? '' : `: changes closed at ${formatMinute(minute)} that day`;
};

/** What the customer reads when a delivery can no longer change. */
export function tooLateMessage(date: string, slotLabel: string, policy: Pick<DeliveryPolicy, 'slots' | 'sameDayCutoffMinute'>): string {
  return `It is too late to change the delivery of ${formatCalendarDay(date)}${closedAt(slotLabel, policy)}`;
}

/** …and when the delivery could change, but not to a slot whose cut-off has passed. */
export function tooLateToMoveMessage(date: string, newSlot: string, policy: Pick<DeliveryPolicy, 'slots' | 'sameDayCutoffMinute'>): string {
  return `It is too late to move the delivery of ${formatCalendarDay(date)} to ${newSlot}${closedAt(newSlot, policy)}`;
}

/** A pack as the ledger holds it. */
export interface PackLedger {
  deliveries: number;
  used: number;
  refunded: number;
  paid: boolean;
}

/** The credits of a subscription's packs: only paid packs count, and bought = used + left + refunded. */
export function creditsOf(packs: readonly PackLedger[]): SubscriptionCredits {
  const paid = packs.filter((pack) => pack.paid);
  const bought = paid.reduce((sum, pack) => sum + pack.deliveries, 0);
  const used = paid.reduce((sum, pack) => sum + pack.used, 0);
  const refunded = paid.reduce((sum, pack) => sum + pack.refunded, 0);
  return { bought, used, left: bought - used - refunded, refunded };
}

/** The mail that tells the customer to buy the next pack goes when this many credits are left. */
export const LOW_CREDITS = 3;
