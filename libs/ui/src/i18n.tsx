import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { LinguiContext, useLingui } from '@lingui/react';
import { useMemo, type ReactNode } from 'react';
import { useHref } from 'react-router-dom';
import { LANGUAGES, splitLanguage, type Language } from '@thalir/pages';

const instances = new Map<Language, I18n>();

/**
 * The one Lingui instance of a language, active in it for good. A page is in one language for its
 * whole life (the language switch loads the other page), and a server draws pages of both side by
 * side, so each language keeps its own instance instead of one being switched between them.
 */
export function i18nFor(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: {} } });
    instances.set(language, i18n);
  }
  return i18n;
}

/** The languages whose messages this code needs: a browser, its page's; a server, every one. */
function languagesDrawn(): readonly Language[] {
  return typeof window === 'undefined' ? LANGUAGES : [splitLanguage(window.location.pathname).language];
}

/**
 * Adds a catalogue's messages (one .po file per language, compiled by the build) for the languages
 * drawn here. A screen waits for its catalogue as it waits for its code, so it never draws untranslated.
 */
export async function loadMessages(load: (language: Language) => Promise<{ messages: Messages }>): Promise<void> {
  await Promise.all(
    languagesDrawn().map(async (language) => {
      const { messages } = await load(language);
      i18nFor(language).load(language, messages);
    }),
  );
}

/**
 * Gives the screens below `language`'s messages. Unlike Lingui's I18nProvider it never re-renders
 * them: the language does not change, and a catalogue arriving must not update a part of a
 * server-drawn page that React has not yet taken over (it would be thrown away and drawn again).
 */
export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  const context = useMemo(() => {
    const i18n = i18nFor(language);
    return { i18n, _: i18n.t.bind(i18n) };
  }, [language]);
  return <LinguiContext.Provider value={context}>{children}</LinguiContext.Provider>;
}

/** The language of the router's pages, from its basename ('/ta' for Tamil). */
export function useRouterLanguage(): Language {
  return splitLanguage(useHref('/')).language;
}

/** The language the screen is drawn in (inside a LanguageProvider). */
export function useLanguage(): Language {
  return useLingui().i18n.locale as Language;
}
