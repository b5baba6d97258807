import { loadMessages } from '@thalir/ui';

/** The storefront's features with screens, each with its own catalogue (src/features/{feature}/locales). */
export type StorefrontFeature =
  | 'about'
  | 'cart'
  | 'catalog'
  | 'checkout'
  | 'contact'
  | 'export'
  | 'home-below-the-fold'
  | 'marketing'
  | 'orders'
  | 'product'
  | 'subscription-plans'
  | 'subscriptions'
  | 'wishlist';

/** The messages of the storefront's shared components (src/components, src/lib), which every screen may draw. */
export const commonMessagesLoaded = loadMessages((language) => import(/* webpackChunkName: "messages-storefront-[request]" */ `../locales/${language}.po`));

/** A feature's messages, in the page's language (every language on a server). */
export const loadFeatureMessages = (feature: StorefrontFeature) =>
  loadMessages((language) => import(/* webpackChunkName: "messages-[request]" */ `../features/${feature}/locales/${language}.po`));
