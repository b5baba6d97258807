import { DataSource } from 'typeorm';
import type { DeliveryChargeRules } from '../../pricing/pricing';

/**
 * The demo shop's delivery charges (paise) and a welcome code, so the checkout shows both from the
 * first visit: Hosur (the shop's town) is cheap and free above ₹999, Bengaluru and Chennai cost more
 * and are free above more. No slot costs extra (staff can add a surcharge per slot).
 */
export const DEMO_DELIVERY_CHARGES: DeliveryChargeRules = {
  defaultZone: { name: 'Everywhere else', pincodePrefixes: [], feePaise: 15_000, freeAbovePaise: null },
  zones: [
    { name: 'Hosur', pincodePrefixes: ['635'], feePaise: 4_000, freeAbovePaise: 99_900 },
    { name: 'Bengaluru', pincodePrefixes: ['560', '562'], feePaise: 8_000, freeAbovePaise: 149_900 },
    { name: 'Chennai', pincodePrefixes: ['600', '601', '602', '603'], feePaise: 12_000, freeAbovePaise: 199_900 },
  ],
  slotSurchargesPaise: {},
};

/** Sets the demo's charges and its welcome offer, once, beside the demo catalogue. */
export async function seedDemoOffers(dataSource: DataSource): Promise<void> {
  await dataSource.transaction(async (manager) => {
    await manager.query(`INSERT INTO delivery_charge_settings (charges) VALUES ($1)`, [JSON.stringify(DEMO_DELIVERY_CHARGES)]);
    const [offer] = (await manager.query(
      `INSERT INTO offers (name, kind, percent_bp, max_discount_paise, first_order_only, max_uses_per_customer)
       VALUES ('Welcome: 10% off your first order', 'percent', 1000, 15000, true, 1) RETURNING id`,
    )) as { id: string }[];
    await manager.query(`INSERT INTO offer_codes (code, offer_id, single_use) VALUES ('WELCOME10', $1, false)`, [offer.id]);
  });
}
