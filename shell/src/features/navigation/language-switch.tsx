import { useLocation } from 'react-router-dom';
import { LANGUAGE_COOKIE, LANGUAGE_TAGS, pathInLanguage, type Language } from '@thalir/pages';
import { useLanguage } from '@thalir/ui';

/** Each language named in itself, as a reader of that language looks for it. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ta: 'தமிழ்' };

/** A year: the choice holds until the visitor makes the other one. */
const REMEMBERED_FOR_SECONDS = 365 * 24 * 60 * 60;

/** Keeps the visitor's choice of language for the server to read on the next visit. */
export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${REMEMBERED_FOR_SECONDS}; samesite=lax`;
}

/**
 * The same page in the other language, loaded afresh (each language's page is drawn by the server
 * with its own messages). The choice is remembered in a cookie the server reads: the next visit to an
 * English address opens it in Tamil. A first visit is never sent by the browser's language.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const location = useLocation();
  const other: Language = useLanguage() === 'ta' ? 'en' : 'ta';
  const href = pathInLanguage(`${location.pathname}${location.search}${location.hash}`, other);
  return (
    <a href={href} lang={other} hrefLang={LANGUAGE_TAGS[other].hreflang} className={className} onClick={() => rememberLanguage(other)}>
      {LANGUAGE_NAMES[other]}
    </a>
  );
}
