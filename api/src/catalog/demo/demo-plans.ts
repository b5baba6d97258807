import type { EntityManager } from 'typeorm';
import type { FrequencyKind } from '@thalir/contracts';

interface DemoPlan {
  slug: string;
  name: string;
  /** Its name in Tamil (docs/tamil.md's glossary); its description stays English until translated. */
  tamilName: string;
  description: string;
  /** Demo products by name, with how many of each a delivery holds. */
  items: [string, number][];
  frequencies: FrequencyKind[];
  /** Wanted slots; those the shop's configuration lacks are left out (none left: every slot). */
  slots: string[];
  pricePaise: number;
  packs: number[];
}

/** Three plans of the kinds a Hosur florist sells: the daily pooja, a home bouquet, an office desk. */
const DEMO_PLANS: DemoPlan[] = [
  {
    slug: 'daily-pooja-basket',
    name: 'Daily pooja basket',
    tamilName: 'தினசரி பூஜைக் கூடை',
    description: 'Fresh sevanthi (chrysanthemum) and roses for the morning pooja, at your door before the day begins. Skip a day, or pause while you travel.',
    items: [
      ['Yellow Button Chrysanthemum', 10],
      ['White Pompon Chrysanthemum', 6],
      ['Red Rose', 3],
    ],
    frequencies: ['daily', 'weekdays'],
    slots: ['Morning 8–12'],
    pricePaise: 9_000,
    packs: [7, 15, 30],
  },
  {
    slug: 'weekly-home-bouquet',
    name: 'Weekly home bouquet',
    tamilName: 'வாராந்திர வீட்டுப் பூங்கொத்து',
    description: 'A fresh bouquet of roses and carnations with greens for the living room, every week or every other week.',
    items: [
      ['Pink Rose', 6],
      ['Pink Carnation', 4],
      ["Baby's Breath", 2],
      ['Italian Ruscus', 3],
    ],
    frequencies: ['weekly', 'fortnightly'],
    slots: [],
    pricePaise: 45_000,
    packs: [4, 8],
  },
  {
    slug: 'office-desk-flowers',
    name: 'Office desk flowers',
    tamilName: 'அலுவலக மேசைப் பூக்கள்',
    description: 'Bright gerberas and long-lasting greens for reception and desks, delivered in office hours.',
    items: [
      ['Yellow Gerbera', 5],
      ['Orange Gerbera', 5],
      ['Asparagus Fern', 3],
      ['Song of India', 2],
    ],
    frequencies: ['weekly', 'weekdays'],
    slots: ['Morning 8–12', 'Afternoon 12–4'],
    pricePaise: 35_000,
    packs: [4, 8],
  },
];

/** Adds the demo plans, once, beside the demo catalogue (whose products they deliver). */
export async function seedDemoPlans(manager: EntityManager, shopSlots: readonly string[]): Promise<void> {
  for (const [index, plan] of DEMO_PLANS.entries()) {
    const [{ id }] = (await manager.query(
      // One transaction has one now(): a millisecond apart, the plans list in the order written here.
      `INSERT INTO subscription_plans (slug, name, description, frequencies, slots, price_paise, packs, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + $8 * interval '1 millisecond', now()) RETURNING id`,
      [plan.slug, plan.name, plan.description, plan.frequencies, plan.slots.filter((slot) => shopSlots.includes(slot)), plan.pricePaise, plan.packs, index],
    )) as { id: string }[];
    await manager.query(`INSERT INTO subscription_plan_translations (plan_id, lang, name) VALUES ($1, 'ta', $2)`, [id, plan.tamilName]);
    await manager.query(
      `INSERT INTO subscription_plan_items (plan_id, product_id, quantity, position)
       SELECT $1, p.id, item.quantity, item.position - 1
       FROM unnest($2::text[], $3::int[]) WITH ORDINALITY AS item (name, quantity, position)
       JOIN products p ON p.name = item.name`,
      [id, plan.items.map(([name]) => name), plan.items.map(([, quantity]) => quantity)],
    );
  }
}
