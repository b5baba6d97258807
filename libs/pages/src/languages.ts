/**
 * The site's languages. English keeps the spec's addresses; every other language's pages are the
 * same paths under its own prefix (`/ta/products`), so the routers keep one route table and take the
 * prefix as their basename.
 */
export const LANGUAGES = ['en', 'ta'] as const;

export type Language = (typeof LANGUAGES)[number];

/** The language whose pages need no prefix. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language as search engines (hreflang) and link previews (og:locale) name it. */
export const LANGUAGE_TAGS: Record<Language, { hreflang: string; openGraph: string; html: string }> = {
  en: { hreflang: 'en-IN', openGraph: 'en_IN', html: 'en-IN' },
  ta: { hreflang: 'ta-IN', openGraph: 'ta_IN', html: 'ta' },
};

/** The cookie the language switch writes, read by the server on the next visit. */
export const LANGUAGE_COOKIE = 'thalir_lang';

const PREFIXED = /^\/(ta)(?=\/|$)/i;

/** The router's basename for a language's pages: '' for English, '/ta' for Tamil. */
export function languageBasename(language: Language): string {
  return language === DEFAULT_LANGUAGE ? '' : `/${language}`;
}

/** The language of an address and the path its router sees: `/ta/products` is Tamil's `/products`. */
export function splitLanguage(pathname: string): { language: Language; path: string } {
  const prefix = PREFIXED.exec(pathname);
  if (!prefix) return { language: DEFAULT_LANGUAGE, path: pathname };
  return { language: prefix[1].toLowerCase() as Language, path: pathname.slice(prefix[0].length) || '/' };
}

/** The same page in `language`: `pathInLanguage('/ta/products?q=x', 'en')` is `/products?q=x`. */
export function pathInLanguage(address: string, language: Language): string {
  const queryAt = address.search(/[?#]/);
  const pathname = queryAt === -1 ? address : address.slice(0, queryAt);
  const rest = queryAt === -1 ? '' : address.slice(queryAt);
  const { path } = splitLanguage(pathname);
  const basename = languageBasename(language);
  return `${basename}${basename && path === '/' ? '/' : path}${rest}`;
}

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);
