import type { CatalogueLanguage } from '@thalir/contracts';
import { DEFAULT_LANGUAGE, type Language } from '@thalir/pages';

/**
 * A catalogue path of the API asking for its texts in `language` (products' and plans' names and
 * descriptions). In English the path is as it always was, so the answers and their cache are too.
 */
export function inLanguage(path: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? path : `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;
}

/**
 * The `lang` of an element showing a text the API sent (a product's name, a plan's description):
 * "en" when the page is in another language and the text is still in English, so screen readers
 * pronounce it as English; nothing otherwise (an English page is as it always was).
 */
export function textLang(textLanguage: CatalogueLanguage | undefined, pageLanguage: Language): 'en' | undefined {
  return pageLanguage !== DEFAULT_LANGUAGE && textLanguage === 'en' ? 'en' : undefined;
}
