import { PAGES, type PageApp } from './pages';

const escapeRegExp = (text: string) => text.replace(/[\\.*+?^${}|()[\]]/g, '\\$&');

/**
 * Whether `pathname` is an address of the route `path`, decided as React Router's matchPath decides
 * it (any case, trailing slashes allowed), for code that runs before the router has loaded.
 */
export function matchesPath(path: string, pathname: string): boolean {
  const splat = path.endsWith('/*');
  const fixed = (splat ? path.slice(0, -2) : path).replace(/\/+$/, '');
  const source = fixed
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
    .join('/');
  return new RegExp(`^${source}${splat ? '(?:/.+|/*)' : '/*'}$`, 'i').test(pathname);
}

/** The app that draws `pathname`: its page's, else the storefront's (its not-found page answers unknown addresses). */
export function appAt(pathname: string): PageApp {
  return Object.values(PAGES).find((page) => matchesPath(page.path, pathname))?.app ?? 'storefront';
}
