export { ADMIN_PAGES, pageIds, PAGES, SHELL_PAGES, STOREFRONT_PAGES, type Page, type PageApp, type PageIdWhere } from './pages';
export { appAt } from './page-at';
