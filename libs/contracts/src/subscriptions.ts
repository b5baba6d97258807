/** Flower subscriptions: plans staff sell, with prepaid deliveries. Money in rupees. */

import type { CatalogueLanguage } from './catalog';

/** Every day, chosen weekdays, every week or every other week (on the start date's weekday). */
export const FREQUENCY_KINDS = ['daily', 'weekdays', 'weekly', 'fortnightly'] as const;
export type FrequencyKind = (typeof FREQUENCY_KINDS)[number];

/** What staff send to create or change a plan (POST/PUT /api/admin/subscription-plans); PUT changes only what it names. */
export interface SubscriptionPlanInput {
  /** What customers see, e.g. "Daily pooja basket". */
  name: string;
  /** The plan's address, /subscribe/{slug}: lowercase letters, digits and hyphens. */
  slug: string;
  description: string;
  /** What each delivery holds. */
  items: { productId: string; quantity: number }[];
  /** The frequencies a customer may choose. */
  frequencies: FrequencyKind[];
  /** The delivery slots a customer may choose (labels of the shop's slots); empty: every slot. */
  slots: string[];
  /** The price of one delivery, rupees. */
  pricePerDelivery: number;
  /** The packs sold, in deliveries (e.g. 7, 15 and 30), smallest first. */
  packs: number[];
  active?: boolean;
}

export interface SubscriptionPlanItem {
  productId: string;
  /** The product's name now (the plan page lists it), in the language asked where translated. */
  name: string;
  quantity: number;
  /** Only when asked in another language than English: the language `name` is in. */
  language?: CatalogueLanguage;
}

export interface SubscriptionPlan extends Required<Omit<SubscriptionPlanInput, 'items'>> {
  _id: string;
  items: SubscriptionPlanItem[];
  /** Only when asked in another language than English (`lang=ta`): the language each text is in. */
  languages?: { name: CatalogueLanguage; description: CatalogueLanguage };
  createdAt: string;
  updatedAt: string;
}
