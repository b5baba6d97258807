/** What the marketing pages share: the storefront's not-found page, for a screen whose address names nothing (a plan not on sale). */
export { default as NotFoundPage } from './components/not-found-page';
