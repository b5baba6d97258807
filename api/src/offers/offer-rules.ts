/**
 * What makes an offer whole, across its fields (the DTO checks each field alone). Pure, so the
 * table tests cover every case; the service applies it to the offer as it would be saved.
 */

import type { OfferKind } from '@thalir/contracts';
import { isCalendarDate } from '../delivery/delivery-rules';

export interface OfferDraft {
  name: string | null;
  code: string | null;
  kind: OfferKind | null;
  percent: number | null;
  maxDiscount: number | null;
  amount: number | null;
  validFrom: string | null;
  validUntil: string | null;
  usesBatchCodes: boolean;
}

/** What to fix, in the words staff read; null when the offer can be saved. */
export function offerProblem(offer: OfferDraft): string | null {
  if (!offer.name) return 'Give the offer a name customers will see';
  if (!offer.kind) return 'Choose the kind of offer: percent, amount or free-delivery';
  if (offer.kind === 'percent' && offer.percent === null) return 'A percentage offer needs its percentage (more than 0, at most 100)';
  if (offer.kind !== 'percent' && (offer.percent !== null || offer.maxDiscount !== null)) return 'Only a percentage offer has a percentage and a cap';
  if (offer.kind === 'amount' && offer.amount === null) return 'An amount offer needs the amount off, in rupees';
  if (offer.kind !== 'amount' && offer.amount !== null) return 'Only an amount offer has an amount off';
  for (const date of [offer.validFrom, offer.validUntil]) {
    if (date !== null && !isCalendarDate(date)) return `${date} is not a date on the calendar`;
  }
  if (offer.validFrom !== null && offer.validUntil !== null && offer.validUntil < offer.validFrom) return 'The last day cannot be before the first day';
  if (offer.code !== null && offer.usesBatchCodes) return 'An offer has either a shared code or single-use batch codes, not both';
  return null;
}
