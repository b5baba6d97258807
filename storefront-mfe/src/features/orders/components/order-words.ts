import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  ORDER_REASONS,
  PAYMENT_METHOD_LABELS,
  SUBSCRIPTION_ORDER_LABELS,
  type ActorKind,
  type OrderKind,
  type OrderStatus,
  type PaymentMethod,
  type RefundStatus,
} from '@thalir/contracts';

/** The order statuses as the badges name them (in English, the status itself). */
const STATUS_NAMES: Record<OrderStatus, MessageDescriptor> = {
  pending: msg`pending`,
  processing: msg`processing`,
  shipped: msg`shipped`,
  delivered: msg`delivered`,
  cancelled: msg`cancelled`,
};

export const statusName = (i18n: I18n, status: string): string => (Object.hasOwn(STATUS_NAMES, status) ? i18n._(STATUS_NAMES[status as OrderStatus]) : status);

export const PAID = msg`Paid`;
export const UNPAID = msg`Unpaid`;

/** PAYMENT_METHOD_LABELS (English) in the page's language. */
const PAYMENT_METHOD_NAMES: Record<PaymentMethod, MessageDescriptor> = {
  cash: msg`Cash on Delivery`,
  razorpay: msg`Credit/Debit Card (Razorpay)`,
};

export function paymentMethodName(i18n: I18n, method: PaymentMethod): string {
  if (i18n.locale === 'en' || !Object.hasOwn(PAYMENT_METHOD_NAMES, method)) return PAYMENT_METHOD_LABELS[method] ?? method;
  return i18n._(PAYMENT_METHOD_NAMES[method]);
}

/** SUBSCRIPTION_ORDER_LABELS (English) in the page's language. */
const KIND_NAMES: Record<Exclude<OrderKind, 'shop'>, MessageDescriptor> = {
  'subscription-pack': msg`Subscription pack`,
  'subscription-delivery': msg`Subscription delivery`,
};

export const kindName = (i18n: I18n, kind: Exclude<OrderKind, 'shop'>): string =>
  i18n.locale === 'en' ? SUBSCRIPTION_ORDER_LABELS[kind] : i18n._(KIND_NAMES[kind]);

/** refundLabel's words (@thalir/ui writes them in English only). */
export const REFUND_STATES: Record<RefundStatus, MessageDescriptor> = {
  pending: msg`Refund pending`,
  processed: msg`Refund processed`,
  failed: msg`Refund failed`,
  mismatch: msg`Refund under review`,
};

/** Who moved an order, as its buyer reads it. */
export const MOVED_BY: Record<ActorKind, MessageDescriptor> = {
  admin: msg`by the shop`,
  buyer: msg`by you`,
  system: msg`automatically`,
  courier: msg`by our delivery person`,
};

/** The reasons the shop records (ORDER_REASONS), in the page's language; any other stays as recorded. */
const REASONS: Record<string, MessageDescriptor> = {
  [ORDER_REASONS.cancelledByCustomer]: msg`cancelled by customer`,
  [ORDER_REASONS.paymentWindowExpired]: msg`payment window expired`,
  [ORDER_REASONS.refundAfterLatePayment]: msg`refund after late payment`,
};

export const reasonText = (i18n: I18n, reason: string): string => (i18n.locale !== 'en' && Object.hasOwn(REASONS, reason) ? i18n._(REASONS[reason]) : reason);

/** The shop's delivery slots are named "Morning 8–12" and so on: the part of the day is said in the page's language. */
const DAY_PARTS: Record<string, MessageDescriptor> = {
  Morning: msg`Morning`,
  Afternoon: msg`Afternoon`,
  Evening: msg`Evening`,
};

export function slotName(i18n: I18n, slot: string): string {
  const named = /^(Morning|Afternoon|Evening)(\b.*)$/.exec(slot);
  return named && i18n.locale !== 'en' ? `${i18n._(DAY_PARTS[named[1]])}${named[2]}` : slot;
}
