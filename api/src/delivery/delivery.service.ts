import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { DeliveryOptions, OrderDelivery } from '@thalir/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { deliveryDates, deliveryRefusal, firstAvailable, formatMinute, isServed, normaliseIndianMobile, PINCODE } from './delivery-rules';

export interface DeliveryRequest {
  date: string;
  slot: string;
  recipientName?: string;
  recipientPhone: string;
  pincode: string;
  giftMessage?: string;
}

/** The shop's delivery policy (configuration) applied at the moment of asking. */
@Injectable()
export class DeliveryService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** What the storefront may offer now: the open dates and slots, and whether a PIN code is served. */
  options(pincode: string | undefined, now = new Date()): DeliveryOptions {
    const policy = this.config.delivery;
    if (pincode !== undefined && !PINCODE.test(pincode)) throw new BadRequestException('Enter the 6-digit PIN code of the delivery address');
    return {
      served: pincode === undefined ? null : isServed(pincode, policy),
      ...(pincode !== undefined && !isServed(pincode, policy) ? { message: `We cannot deliver to ${pincode} yet` } : {}),
      dates: deliveryDates(now, policy),
      cutoff: formatMinute(policy.sameDayCutoffMinute),
    };
  }

  /**
   * The delivery an order records: the customer's choice when it holds, 400 with the reason when it
   * does not; without a choice, the first open date and slot, for the buyer.
   */
  resolve(request: DeliveryRequest | undefined, buyerName: string, now = new Date()): OrderDelivery {
    const policy = this.config.delivery;
    if (!request) {
      const first = firstAvailable(now, policy);
      if (!first) throw new BadRequestException('We are not taking deliveries at the moment; please try again later');
      return { ...first, recipientName: buyerName, recipientPhone: null, pincode: null, giftMessage: null };
    }
    const refusal = deliveryRefusal({ date: request.date, slot: request.slot, pincode: request.pincode }, now, policy);
    if (refusal) throw new BadRequestException(refusal);
    const recipientPhone = normaliseIndianMobile(request.recipientPhone);
    if (!recipientPhone) throw new BadRequestException("Enter the recipient's 10-digit Indian mobile number (optionally with +91)");
    return {
      date: request.date,
      slot: request.slot,
      recipientName: request.recipientName || buyerName,
      recipientPhone,
      pincode: request.pincode,
      giftMessage: request.giftMessage || null,
    };
  }
}
