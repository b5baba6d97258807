import { useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CreateOrderRequest, DeliveryOptions } from '@thalir/contracts';
import { fetchDeliveryOptions } from '../api/orders';

export const GIFT_MESSAGE_MAX = 250;

export interface DeliveryValues {
  pincode: string;
  date: string;
  slot: string;
  recipientName: string;
  recipientPhone: string;
  giftMessage: string;
}

export type DeliveryField = keyof DeliveryValues;

/** Whether the typed PIN code is served, as the server said (null while it has not answered). */
export type PincodeCheck = { pincode: string; served: boolean | null; message?: string };

const PINCODE = /^\d{6}$/;
/** The server's rule for a mobile: 10 digits from 6–9, with +91, 91 or 0 before it, spaces and dashes ignored. */
const INDIAN_MOBILE = /^(?:\+91|0091|91|0)?[6-9]\d{9}$/;

const EMPTY: DeliveryValues = { pincode: '', date: '', slot: '', recipientName: '', recipientPhone: '', giftMessage: '' };

/** The offered days narrowed to `allowed` slots: each day keeps those of its slots, and a day with none goes. */
function withSlots(options: DeliveryOptions, allowed: readonly string[]): DeliveryOptions {
  const dates = options.dates.map((day) => ({ ...day, slots: day.slots.filter((slot) => allowed.includes(slot)) })).filter((day) => day.slots.length > 0);
  return { ...options, dates };
}

/**
 * The delivery part of the checkout (and of subscribing to a plan): the dates and slots the shop
 * offers now, whether the PIN code is served (asked as soon as six digits are typed), and the
 * customer's choices. The server checks everything again; this only keeps the choices valid and says
 * early what it would refuse. `slots`, when not empty, are the only slots offered (a plan's).
 */
export function useDeliveryChoice({ slots }: { slots?: readonly string[] } = {}) {
  const [values, setValues] = useState<DeliveryValues>(EMPTY);
  const { t } = useLingui();
  const [offered, setOffered] = useState<DeliveryOptions | null>(null);
  const options = useMemo(() => (offered && slots?.length ? withSlots(offered, slots) : offered), [offered, slots]);
  const [optionsFailed, setOptionsFailed] = useState(false);
  const [check, setCheck] = useState<PincodeCheck | null>(null);
  const pincode = values.pincode.trim();
  // Only a complete PIN code is worth asking about; typing the first five digits asks nothing new.
  const asking = PINCODE.test(pincode) ? pincode : null;

  useEffect(() => {
    const controller = new AbortController();
    if (asking) setCheck({ pincode: asking, served: null });
    fetchDeliveryOptions(asking, controller.signal).then(
      (answer) => {
        setOffered(answer);
        setOptionsFailed(false);
        if (asking) setCheck({ pincode: asking, served: answer.served, message: answer.message });
      },
      (error: Error) => {
        if (error.name !== 'AbortError') setOptionsFailed(true);
      },
    );
    return () => controller.abort();
  }, [asking]);

  // The chosen date and slot stay among those offered; the first of each by default.
  useEffect(() => {
    if (!options) return;
    setValues((current) => {
      const day = options.dates.find((candidate) => candidate.date === current.date) ?? options.dates[0];
      if (!day) return { ...current, date: '', slot: '' };
      const slot = day.slots.includes(current.slot) ? current.slot : day.slots[0];
      return day.date === current.date && slot === current.slot ? current : { ...current, date: day.date, slot };
    });
  }, [options, values.date]);

  const update = (field: DeliveryField, value: string) => setValues((current) => ({ ...current, [field]: value }));

  /** The first problem of each field the customer can act on; empty when the server should accept it. */
  const problems = (): Partial<Record<DeliveryField, string>> => {
    const found: Partial<Record<DeliveryField, string>> = {};
    if (!PINCODE.test(pincode)) found.pincode = t`Enter the 6-digit PIN code of the delivery address`;
    else if (check?.pincode === pincode && check.served === false) found.pincode = check.message ?? t`We cannot deliver to ${pincode} yet`;
    if (!values.date || !values.slot) found.date = t`Choose a delivery date and slot`;
    if (!INDIAN_MOBILE.test(values.recipientPhone.replace(/[\s-]/g, '')))
      found.recipientPhone = t`Enter the recipient's 10-digit Indian mobile number (optionally with +91)`;
    if (values.giftMessage.length > GIFT_MESSAGE_MAX) found.giftMessage = t`Gift message can be at most ${GIFT_MESSAGE_MAX} characters`;
    return found;
  };

  const request = (): NonNullable<CreateOrderRequest['delivery']> => ({
    date: values.date,
    slot: values.slot,
    recipientName: values.recipientName.trim() || undefined,
    recipientPhone: values.recipientPhone.trim(),
    pincode,
    giftMessage: values.giftMessage.trim() || undefined,
  });

  return { values, update, options, optionsFailed, check, problems, request, completePincode: asking };
}

export type DeliveryChoice = ReturnType<typeof useDeliveryChoice>;
