import { CATALOGUE_LANGUAGES, type CatalogueLanguage } from '@thalir/contracts';

/** Accept-Language values repeat across requests: remember what each one resolves to. */
const resolved = new Map<string, CatalogueLanguage>();
const MAX_REMEMBERED = 200;

export const isCatalogueLanguage = (value: unknown): value is CatalogueLanguage => (CATALOGUE_LANGUAGES as readonly unknown[]).includes(value);

/** How a parameter or field naming another language is refused (400): `lang must be one of: en, ta`. */
export const unknownLanguageMessage = (field: string) => `${field} must be one of: ${CATALOGUE_LANGUAGES.join(', ')}`;

/**
 * The language an Accept-Language header prefers among the catalogue's: Tamil when it weighs Tamil
 * (`ta`, `ta-IN`) above English, else English, the shop's own language (a tie, `*`, or neither named).
 */
export function acceptedLanguage(header: string | undefined): CatalogueLanguage {
  if (!header) return 'en';
  const known = resolved.get(header);
  if (known) return known;
  const weights: Record<string, number> = {};
  for (const item of header.split(',')) {
    const [range, ...params] = item.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    const primary = range.trim().split('-')[0];
    if (Number.isFinite(weight)) weights[primary] = Math.max(weights[primary] ?? 0, weight);
  }
  const tamil = weights.ta ?? 0;
  const english = weights.en ?? weights['*'] ?? 0;
  const language: CatalogueLanguage = tamil > 0 && tamil > english ? 'ta' : 'en';
  if (resolved.size >= MAX_REMEMBERED) resolved.clear();
  resolved.set(header, language);
  return language;
}

/**
 * The catalogue's language for a read: its `lang` parameter when it names one, else what the
 * Accept-Language header prefers. An unknown `lang` is left to the query's validation (400).
 */
export function catalogueLanguage(lang: unknown, acceptLanguageHeader: string | undefined): CatalogueLanguage {
  return isCatalogueLanguage(lang) ? lang : acceptedLanguage(acceptLanguageHeader);
}

/** The `lang` parameter of a query string, read only when there is one (the hot path's common case has none). */
export function langParameterOf(queryString: string): string | null {
  return queryString.includes('lang=') ? new URLSearchParams(queryString).get('lang') : null;
}
