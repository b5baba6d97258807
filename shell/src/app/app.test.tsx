import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { ADMIN_PAGES, SHELL_PAGES } from '@thalir/pages';
import { App } from './app';

/** The route trees the shell's <Routes> were given, as React Router reads them. */
const mockDeclaredRoutes: RouteObject[][] = [];
jest.mock('react-router-dom', () => {
  const actual = jest.requireActual('react-router-dom');
  return {
    ...actual,
    Routes: (props: { children: ReactNode }) => {
      mockDeclaredRoutes.push(actual.createRoutesFromChildren(props.children));
      return actual.Routes(props);
    },
  };
});

jest.mock('../remotes/remote-routes', () => ({
  RemoteRoutes: ({ remote }: { remote: string }) => <p>Routes of {remote}</p>,
}));

function renderAt(path: string) {
  window.history.pushState({}, '', path);
  return render(<App />);
}

describe('App routes', () => {
  afterEach(() => localStorage.clear());

  it.each([
    ['/login', 'Login'],
    ['/register', 'Create your account'],
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password/some-token', 'Choose a new password'],
    ['/staff-invite/some-token', 'Join the back office'],
    ['/faq', 'Questions and answers'],
  ])('serves %s from the shell, not the storefront', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByText(/Routes of/)).not.toBeInTheDocument();
  });

  it('serves /profile from the shell (signed-out visitors land on login)', async () => {
    renderAt('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  it.each([
    ['/orders', 'storefront_mfe'],
    ['/products', 'storefront_mfe'],
  ])('hands %s to the %s remote', (path, remote) => {
    renderAt(path);
    expect(screen.getByText(`Routes of ${remote}`)).toBeInTheDocument();
  });

  it.each(['admin', 'catalog', 'orders', 'delivery', 'accounts'])('hands /admin/dashboard to the admin remote for %s staff', (role) => {
    localStorage.setItem('token', `${role}-token`);
    localStorage.setItem('role', role);
    renderAt('/admin/dashboard');
    expect(window.location.pathname).toBe('/admin/dashboard');
    expect(screen.getByText('Routes of admin_mfe')).toBeInTheDocument();
  });

  it.each([
    ['a visitor', null],
    ['a customer', 'customer'],
  ])('sends %s on /admin home without loading the admin remote', (_who, role) => {
    if (role) {
      localStorage.setItem('token', 'customer-token');
      localStorage.setItem('role', role);
    }
    renderAt('/admin/products');
    expect(window.location.pathname).toBe('/');
    expect(screen.queryByText('Routes of admin_mfe')).not.toBeInTheDocument();
    expect(screen.getByText('Routes of storefront_mfe')).toBeInTheDocument();
  });
});

describe('App routes and the page manifest', () => {
  it('routes exactly the shell’s and the back office’s pages in the manifest, and every other address to the storefront', () => {
    mockDeclaredRoutes.length = 0;
    renderAt('/nowhere');
    expect(screen.getByText('Routes of storefront_mfe')).toBeInTheDocument();
    const paths = mockDeclaredRoutes[0].map((route) => route.path);
    const manifest = [...Object.values(SHELL_PAGES), ...Object.values(ADMIN_PAGES)].map((page) => page.path);
    expect(paths.filter((path) => path !== '*').sort()).toEqual(manifest.sort());
    expect(paths.at(-1)).toBe('*');
    expect(mockDeclaredRoutes[0].every((route) => !route.index && !route.children)).toBe(true);
  });
});
