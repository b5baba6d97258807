import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { generatePath } from 'react-router-dom';
import { FREQUENCY_LABELS, type FrequencyKind } from '@thalir/contracts';
import { STOREFRONT_PAGES, type Language } from '@thalir/pages';
import { formatWeekday } from '@thalir/ui';

/** A plan's page on the site. */
export const planPagePath = (slug: string) => generatePath(STOREFRONT_PAGES.subscriptionPlan.path, { slug });

/** The days of the week as the API numbers them (0 = Sunday), Monday first as Indian calendars show them. */
export const weekdaysIn = (language: Language) => [1, 2, 3, 4, 5, 6, 0].map((day) => ({ day, name: formatWeekday(day, language, 'long') }));

/** FREQUENCY_LABELS (English, as the back office also shows them) in the page's language. */
const FREQUENCY_NAMES: Record<FrequencyKind, MessageDescriptor> = {
  daily: msg`Every day`,
  weekdays: msg`Chosen days of the week`,
  weekly: msg`Every week`,
  fortnightly: msg`Every other week`,
};

export const frequencyName = (i18n: I18n, kind: FrequencyKind): string => (i18n.locale === 'en' ? FREQUENCY_LABELS[kind] : i18n._(FREQUENCY_NAMES[kind]));

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

/** `lang="en"` for a text the API says is still in English on a page in another language. */
export const englishText = (language: string | undefined) => (language === 'en' ? 'en' : undefined);
