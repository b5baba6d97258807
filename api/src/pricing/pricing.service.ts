import { Injectable } from '@nestjs/common';
import { type Breakdown, normaliseCode, priceOrder } from './pricing';
import { PricingFactsLoader, type PricingFacts } from './pricing-facts';

export interface PricingRequest {
  lines: readonly { productId: string; quantity: number }[];
  /** As typed; normalised here. */
  code: string | null;
  buyerId: string | null;
  delivery: { pincode: string | null; slot: string | null; phone: string | null };
  now: Date;
}

export type PricingResult =
  | { priced: Breakdown; facts: PricingFacts; missing: null }
  /** A line's product is not in the catalogue (the first one, in the customer's order). */
  | { priced: null; facts: PricingFacts; missing: string };

/** Loads the facts of an order in one round trip and prices it (pricing.ts). */
@Injectable()
export class PricingService {
  constructor(private readonly facts: PricingFactsLoader) {}

  async price(request: PricingRequest): Promise<PricingResult> {
    const code = request.code === null ? null : normaliseCode(request.code);
    const facts = await this.facts.load({
      productIds: request.lines.map((line) => line.productId),
      code: code || null,
      buyerId: request.buyerId,
      phone: request.delivery.phone,
      now: request.now,
    });
    const missing = request.lines.find((line) => !facts.products.has(line.productId));
    if (missing) return { priced: null, facts, missing: missing.productId };
    const priced = priceOrder({
      lines: request.lines.map((line) => ({ ...facts.products.get(line.productId)!, quantity: line.quantity })),
      automaticOffers: facts.automaticOffers,
      code: facts.code,
      customer: facts.customer,
      delivery: { pincode: request.delivery.pincode, slot: request.delivery.slot },
      charges: facts.charges,
      now: request.now,
    });
    return { priced, facts, missing: null };
  }
}
