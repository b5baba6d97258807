import type { Language } from '@thalir/pages';
import { loadMessages } from '@thalir/ui';

/** The messages of what the shell draws on every page (header, footer) in a language. */
export const shellMessages = (language: Language) => import(/* webpackChunkName: "messages-shell-[request]" */ `../locales/${language}.po`);

/** The messages of one of the shell's features (its screens wait for them with their code). */
export const loadFeatureMessages = (feature: 'account' | 'auth' | 'faq') =>
  loadMessages((language) => import(/* webpackChunkName: "messages-[request]" */ `../features/${feature}/locales/${language}.po`));
