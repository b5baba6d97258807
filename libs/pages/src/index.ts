export { PAGES, pagesOf, type Page, type PageApp, type PageId, type PageIdWhere, type PrivatePage, type PublicPage } from './pages';
export { appAt, matchesPath } from './page-at';
