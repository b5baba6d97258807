import type { ReactNode } from 'react';
import { act, render, screen as rendered } from '@testing-library/react';
import { MemoryRouter, type RouteObject } from 'react-router-dom';
import { STOREFRONT_PAGES } from '@thalir/pages';

/** The route trees the storefront's <Routes> were given, as React Router reads them. */
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

const loaded: string[] = [];

jest.mock('./features/marketing/components/home-page', () => {
  loaded.push('home');
  return { default: () => null };
});
jest.mock('./features/catalog/components/products-page', () => {
  loaded.push('products');
  return { default: () => null };
});
jest.mock('./features/product/components/product-page', () => {
  loaded.push('product');
  return { default: () => null };
});
jest.mock('./features/marketing/components/not-found-page', () => ({ __esModule: true, default: () => <p>Not found</p> }));

async function loadRoutesModuleAt(pathname: string): Promise<void> {
  loaded.length = 0;
  window.history.pushState({}, '', pathname);
  await jest.isolateModulesAsync(async () => {
    await import('./routes');
  });
  await Promise.resolve();
}

describe('storefront routes module', () => {
  it('starts loading the screen of the address being opened as soon as it runs, and no other', async () => {
    await loadRoutesModuleAt('/products');
    expect(loaded).toEqual(['products']);

    await loadRoutesModuleAt('/product/abc');
    expect(loaded).toEqual(['product']);

    await loadRoutesModuleAt('/');
    expect(loaded).toEqual(['home']);
  });
});

describe('storefront routes and the page manifest', () => {
  it('routes exactly the storefront’s pages in the manifest, and any other address to the not-found page', async () => {
    Object.assign(globalThis, { __BUILD_ID__: 'test' });
    const { default: StorefrontRoutes } = await import('./routes');
    mockDeclaredRoutes.length = 0;
    // The routes wait for the storefront's shared messages before drawing.
    await act(async () => {
      render(
        <MemoryRouter initialEntries={['/nowhere']}>
          <StorefrontRoutes />
        </MemoryRouter>,
      );
    });
    expect(await rendered.findByText('Not found')).toBeInTheDocument();
    const paths = mockDeclaredRoutes[0].map((route) => route.path);
    expect(paths.filter((path) => path !== '*').sort()).toEqual(
      Object.values(STOREFRONT_PAGES)
        .map((page) => page.path)
        .sort(),
    );
    expect(paths.at(-1)).toBe('*');
    expect(mockDeclaredRoutes[0].every((route) => !route.index && !route.children)).toBe(true);
  });
});
