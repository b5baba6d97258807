export { ADMIN_PAGES, pageIds, PAGES, SHELL_PAGES, STOREFRONT_PAGES, type Page, type PageApp, type PageIdWhere } from './pages';
export { appAt } from './page-at';
export {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_TAGS,
  languageBasename,
  LANGUAGES,
  pathInLanguage,
  splitLanguage,
  type Language,
} from './languages';
