import { ADMIN_PAGES, SHELL_PAGES, type PageApp } from './pages';

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

/** The app that draws `pathname`: the shell or the back office for their pages, else the storefront (unknown addresses get its not-found page). */
export function appAt(pathname: string): PageApp {
  const at = (pages: Record<string, { path: string }>) => Object.values(pages).some((page) => matchesPath(page.path, pathname));
  if (at(SHELL_PAGES)) return 'shell';
  return at(ADMIN_PAGES) ? 'admin' : 'storefront';
}
