import { act, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { LanguageProvider } from '@thalir/ui';
import { jsonAnswer, mockApi, type MockedApi } from '@thalir/api-client/testing';
import { addToCart } from '@thalir/cart';
import { AUTH_CHANGE_EVENT, type Role } from '@thalir/contracts';
import { Header } from './header';

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderHeader(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Header />
      <Routes>
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

function signInAs(role: Role) {
  localStorage.setItem('token', `token-of-a-${role}`);
  localStorage.setItem('role', role);
}

const mainNav = () => within(screen.getByRole('navigation', { name: 'Main' }));

/** Link names and targets in a navigation, in order. */
function linksOf(nav: ReturnType<typeof within>) {
  return nav.getAllByRole('link').map((link: HTMLElement) => [link.textContent, link.getAttribute('href')]);
}

/** The mobile menu's toggle: the <summary> of a <details>, which opens without the app's code. */
const menuToggle = () => screen.getByLabelText('Menu');
const mobileMenu = () => menuToggle().closest('details')!;

async function openMobileMenu(user = userEvent.setup()) {
  await user.click(menuToggle());
  expect(mobileMenu()).toHaveAttribute('open');
  return within(screen.getByRole('navigation', { name: 'Mobile' }));
}

const rose = { _id: 'rose', name: 'Red Rose', price: 45, stock: 10, image: '/rose.webp' };

let api: MockedApi;

beforeEach(() => {
  api = mockApi({ 'POST /api/auth/logout': () => jsonAnswer({ message: 'You are signed out' }) });
});

describe('Header', () => {
  describe('for a visitor', () => {
    it('shows Home, Shop, About, Contact and a Login button, nothing for signed-in users', () => {
      renderHeader();
      expect(linksOf(mainNav())).toEqual([
        ['Home', '/'],
        ['Shop', '/products'],
        ['About', '/about'],
        ['Contact', '/contact'],
        ['Login', '/login'],
      ]);
      expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    });

    it('hides the Login button on /login', () => {
      renderHeader('/login');
      expect(mainNav().queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    });

    it('offers the same links in the mobile menu', async () => {
      renderHeader();
      const mobile = await openMobileMenu();
      expect(linksOf(mobile)).toEqual(linksOf(mainNav()));
    });
  });

  describe('for a customer', () => {
    beforeEach(() => signInAs('customer'));

    it('adds My Orders, Subscriptions, Wishlist, Cart, Profile and Logout', () => {
      renderHeader();
      expect(linksOf(mainNav())).toEqual([
        ['Home', '/'],
        ['Shop', '/products'],
        ['About', '/about'],
        ['Contact', '/contact'],
        ['My Orders', '/my-orders'],
        ['Subscriptions', '/subscriptions'],
        ['Wishlist', '/wishlist'],
        ['Cart', '/cart'],
        ['Profile', '/profile'],
      ]);
      expect(mainNav().getByRole('button', { name: 'Logout' })).toBeInTheDocument();
      expect(mainNav().queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    });

    it('hides the cart badge at 0 and shows the sum of quantities otherwise', () => {
      renderHeader();
      expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
      expect(mainNav().getByRole('link', { name: 'Cart' })).toBeInTheDocument();
      act(() => {
        addToCart(rose);
      });
      expect(mainNav().getByRole('link', { name: 'Cart 1 item' })).toHaveAttribute('href', '/cart');
      act(() => {
        addToCart(rose);
        addToCart({ ...rose, _id: 'fern', name: 'Fern' });
      });
      expect(mainNav().getByTestId('cart-badge')).toHaveTextContent('3');
      expect(mainNav().getByRole('link', { name: 'Cart 3 items' })).toHaveAttribute('href', '/cart');
    });

    it('links My Orders to /orders in the mobile menu', async () => {
      renderHeader();
      const mobile = await openMobileMenu();
      expect(mobile.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
      expect(mobile.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
      expect(mobile.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    });
  });

  describe('for an admin', () => {
    beforeEach(() => signInAs('admin'));

    it('shows the back-office links instead of About, Contact and the customer links', () => {
      renderHeader();
      expect(linksOf(mainNav())).toEqual([
        ['Home', '/'],
        ['Shop', '/products'],
        ['Dashboard', '/admin'],
        ['Products', '/admin/products'],
        ['Orders', '/admin/orders'],
        ['Contact List', '/admin/contact'],
        ['Profile', '/profile'],
      ]);
      expect(mainNav().getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    });

    it('links Admin Dashboard to /admin/dashboard in the mobile menu', async () => {
      renderHeader();
      const mobile = await openMobileMenu();
      expect(mobile.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
      expect(mobile.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    });

    it('marks Dashboard as current on /admin only, as Home is on / only', () => {
      renderHeader('/admin/orders');
      expect(mainNav().getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
      expect(mainNav().getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
      expect(mainNav().getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    });
  });

  describe('for staff other than the owner', () => {
    it.each(['orders', 'delivery', 'catalog', 'accounts'] as const)('shows %s staff the customer header plus a Back office link', (role) => {
      signInAs(role);
      renderHeader();
      expect(linksOf(mainNav())).toEqual([
        ['Home', '/'],
        ['Shop', '/products'],
        ['About', '/about'],
        ['Contact', '/contact'],
        ['My Orders', '/my-orders'],
        ['Subscriptions', '/subscriptions'],
        ['Wishlist', '/wishlist'],
        ['Back office', '/admin'],
        ['Cart', '/cart'],
        ['Profile', '/profile'],
      ]);
      expect(mainNav().getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    });

    it('offers Back office in the mobile menu too, which closes on choosing it', async () => {
      signInAs('delivery');
      renderHeader();
      const user = userEvent.setup();
      const mobile = await openMobileMenu(user);
      expect(linksOf(mobile)).toEqual([
        ['Home', '/'],
        ['Shop', '/products'],
        ['About', '/about'],
        ['Contact', '/contact'],
        ['My Orders', '/orders'],
        ['Subscriptions', '/subscriptions'],
        ['Wishlist', '/wishlist'],
        ['Back office', '/admin'],
        ['Cart', '/cart'],
        ['Profile', '/profile'],
      ]);
      await user.click(mobile.getByRole('link', { name: 'Back office' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/admin');
      expect(mobileMenu()).not.toHaveAttribute('open');
    });

    it('marks Back office as the current page on any back-office screen', () => {
      signInAs('orders');
      renderHeader('/admin/orders');
      expect(mainNav().getByRole('link', { name: 'Back office' })).toHaveAttribute('aria-current', 'page');
    });
  });

  it.each([
    ['a visitor', null],
    ['a customer', 'customer'],
    ['the owner', 'admin'],
  ] as const)('shows %s no Back office link, in either menu', async (_who, role) => {
    if (role) signInAs(role);
    renderHeader();
    expect(mainNav().queryByRole('link', { name: 'Back office' })).not.toBeInTheDocument();
    const mobile = await openMobileMenu();
    expect(mobile.queryByRole('link', { name: 'Back office' })).not.toBeInTheDocument();
  });

  describe('logout', () => {
    it('clears all local storage, announces the change and goes to /login', async () => {
      signInAs('customer');
      addToCart(rose);
      localStorage.setItem('something-else', 'kept by another screen');
      const announced = jest.fn();
      window.addEventListener(AUTH_CHANGE_EVENT, announced);
      renderHeader('/products');

      await userEvent.setup().click(mainNav().getByRole('button', { name: 'Logout' }));
      // The server ends the session too, with the token the browser still had when Logout was pressed.
      expect(api.callsTo('POST', '/api/auth/logout')[0].authorization).toBe('Bearer token-of-a-customer');
      expect(localStorage.length).toBe(0);
      expect(announced).toHaveBeenCalled();
      expect(screen.getByTestId('location')).toHaveTextContent('/login');
      expect(mainNav().queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
      window.removeEventListener(AUTH_CHANGE_EVENT, announced);
    });

    it('also works from the mobile menu, which closes', async () => {
      signInAs('admin');
      renderHeader('/admin');
      const user = userEvent.setup();
      const mobile = await openMobileMenu(user);
      await user.click(mobile.getByRole('button', { name: 'Logout' }));
      expect(localStorage.length).toBe(0);
      expect(screen.getByTestId('location')).toHaveTextContent('/login');
      expect(mobileMenu()).not.toHaveAttribute('open');
    });
  });

  describe('mobile menu', () => {
    it('toggles open and closed', async () => {
      renderHeader();
      const user = userEvent.setup();
      expect(mobileMenu()).not.toHaveAttribute('open');
      await user.click(menuToggle());
      expect(mobileMenu()).toHaveAttribute('open');
      await user.click(menuToggle());
      expect(mobileMenu()).not.toHaveAttribute('open');
    });

    it('closes when a link is chosen', async () => {
      renderHeader();
      const user = userEvent.setup();
      const mobile = await openMobileMenu(user);
      await user.click(mobile.getByRole('link', { name: 'Shop' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/products');
      expect(mobileMenu()).not.toHaveAttribute('open');
    });

    it('closes on Escape and gives focus back to the toggle', async () => {
      renderHeader();
      const user = userEvent.setup();
      const mobile = await openMobileMenu(user);
      mobile.getByRole('link', { name: 'Home' }).focus();
      await user.keyboard('{Escape}');
      expect(mobileMenu()).not.toHaveAttribute('open');
      expect(menuToggle()).toHaveFocus();
    });

    it('stays open when it was opened in the server’s page before the app took it over, and closes on the next page', async () => {
      const header = (
        <LanguageProvider language="en">
          <MemoryRouter initialEntries={['/about']}>
            <Header />
            <Routes>
              <Route path="*" element={<LocationProbe />} />
            </Routes>
          </MemoryRouter>
        </LanguageProvider>
      );
      const container = document.createElement('div');
      container.innerHTML = renderToString(header);
      document.body.append(container);
      // A tap before any of the app's code ran: the browser opens the <details> itself.
      container.querySelector('summary')!.click();
      expect(container.querySelector('details')).toHaveAttribute('open');

      const root = await act(async () => hydrateRoot(container, header));
      expect(container.querySelector('details')).toHaveAttribute('open');
      await userEvent.setup().click(within(container.querySelector('nav[aria-label="Mobile"]')!).getByRole('link', { name: 'Shop' }));
      expect(container.querySelector('[data-testid="location"]')).toHaveTextContent('/products');
      expect(container.querySelector('details')).not.toHaveAttribute('open');
      act(() => root.unmount());
      container.remove();
    });
  });

  it('follows sign-in changes made elsewhere (the auth-change notice)', () => {
    renderHeader();
    expect(mainNav().getByRole('link', { name: 'Login' })).toBeInTheDocument();
    act(() => {
      signInAs('customer');
      window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
    });
    expect(mainNav().getByRole('link', { name: 'My Orders' })).toBeInTheDocument();
    expect(mainNav().queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });
});
