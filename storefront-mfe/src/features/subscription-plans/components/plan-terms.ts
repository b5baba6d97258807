import { generatePath } from 'react-router-dom';
import { STOREFRONT_PAGES } from '@thalir/pages';
import { formatWeekday } from '@thalir/ui';

/** A plan's page on the site. */
export const planPagePath = (slug: string) => generatePath(STOREFRONT_PAGES.subscriptionPlan.path, { slug });

/** The days of the week as the API numbers them (0 = Sunday), Monday first as Indian calendars show them. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0].map((day) => ({ day, name: formatWeekday(day, 'en', 'long') }));
