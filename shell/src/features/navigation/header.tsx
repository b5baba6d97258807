import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { signOut, useAuth } from '@thalir/auth';
import { endServerSession } from './api/session';
import { cartCount, useCart } from '@thalir/cart';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';

interface NavItem {
  to: string;
  label: MessageDescriptor;
  /** Where the link goes in the mobile menu, when it differs (spec section 2). */
  mobileTo?: string;
  mobileLabel?: MessageDescriptor;
  /** Active only at this address exactly, not below it. */
  end?: boolean;
}

const PUBLIC_LINKS: NavItem[] = [
  { to: '/', label: msg`Home`, end: true },
  { to: '/products', label: msg`Shop` },
];
const COMPANY_LINKS: NavItem[] = [
  { to: '/about', label: msg`About` },
  { to: '/contact', label: msg`Contact` },
];
const CUSTOMER_LINKS: NavItem[] = [
  { to: '/my-orders', label: msg`My Orders`, mobileTo: '/orders' },
  { to: '/subscriptions', label: msg`Subscriptions` },
  { to: '/wishlist', label: msg`Wishlist` },
];
const ADMIN_LINKS: NavItem[] = [
  { to: '/admin', label: msg`Dashboard`, mobileTo: '/admin/dashboard', mobileLabel: msg`Admin Dashboard`, end: true },
  { to: '/admin/products', label: msg`Products` },
  { to: '/admin/orders', label: msg`Orders` },
  { to: '/admin/contact', label: msg`Contact List` },
];
/** Staff other than the owner shop like customers, and reach the screens their role allows from here. */
const BACK_OFFICE_LINK: NavItem = { to: '/admin', label: msg`Back office` };

/** Named by what it shows, "Cart 2", and what the badge counts: "Cart 2 items" (WCAG 2.5.3, the visible label is part of the name). */
function CartLink({ onNavigate }: { onNavigate?: () => void }) {
  const count = cartCount(useCart());
  return (
    <NavLink to="/cart" className="nav__link" onClick={onNavigate}>
      <Trans>Cart</Trans>
      {count > 0 && (
        <>
          {' '}
          <span className="nav__badge" data-testid="cart-badge">
            {count}
          </span>
          <span className="visually-hidden">
            {' '}
            <Plural value={count} one="item" other="items" />
          </span>
        </>
      )}
    </NavLink>
  );
}

export function Header() {
  const { i18n, t } = useLingui();
  const { isSignedIn, isAdmin, isStaff } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  // The mobile menu is a <details>: it opens and closes without the app's code, from the first
  // paint, and the browser says whether it is expanded. The app only adds the closing: on leaving
  // the page, on Escape, on a link chosen.
  const menuRef = useRef<HTMLDetailsElement>(null);
  const toggleRef = useRef<HTMLElement>(null);
  const menuPath = useRef(location.pathname);

  const closeMenu = () => {
    if (menuRef.current) menuRef.current.open = false;
  };
  // On a move to another page, not when the app takes over a page whose menu was opened before.
  useEffect(() => {
    if (menuPath.current === location.pathname) return;
    menuPath.current = location.pathname;
    if (menuRef.current) menuRef.current.open = false;
  }, [location.pathname]);

  const links = [
    ...PUBLIC_LINKS,
    ...(isAdmin ? ADMIN_LINKS : COMPANY_LINKS),
    ...(isSignedIn && !isAdmin ? CUSTOMER_LINKS : []),
    ...(isStaff && !isAdmin ? [BACK_OFFICE_LINK] : []),
  ];
  // Escape closes the open menu and hands focus back to its toggle, as keyboard users expect.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    closeMenu();
    toggleRef.current?.focus();
  };
  const logout = () => {
    endServerSession();
    signOut();
    closeMenu();
    navigate('/login');
  };

  const renderLinks = (mobile: boolean) => (
    <>
      {links.map((item) => (
        <NavLink
          key={item.to}
          to={mobile && item.mobileTo ? item.mobileTo : item.to}
          end={item.end}
          className="nav__link"
          onClick={mobile ? closeMenu : undefined}
        >
          {i18n._(mobile && item.mobileLabel ? item.mobileLabel : item.label)}
        </NavLink>
      ))}
      {/*
        The server draws every page signed out: who is signed in is known only once the page has
        started. These come last and, on wide screens, sit at the far end, so the links before them
        stay where the server drew them (a click aimed at Shop still lands on Shop).
      */}
      <span className="nav__account">
        {isSignedIn && !isAdmin && <CartLink onNavigate={mobile ? closeMenu : undefined} />}
        {isSignedIn ? (
          <>
            <NavLink to="/profile" className="nav__link" onClick={mobile ? closeMenu : undefined}>
              <Trans>Profile</Trans>
            </NavLink>
            <button type="button" className="btn btn--secondary btn--sm" onClick={logout}>
              <Trans>Logout</Trans>
            </button>
          </>
        ) : (
          location.pathname !== '/login' && (
            <Link to="/login" className="btn btn--primary btn--sm" onClick={mobile ? closeMenu : undefined}>
              <Trans>Login</Trans>
            </Link>
          )
        )}
      </span>
    </>
  );

  return (
    <>
      <nav className="language-bar" aria-label={t`Language`}>
        <div className="container language-bar__inner">
          <LanguageSwitch />
        </div>
      </nav>
      <header className={isSignedIn ? 'site-header site-header--signed-in' : 'site-header'}>
        <div className="container site-header__bar">
          <Link to="/" className="site-header__brand" aria-label={t`Thalir Blooms home`}>
            <Logo />
            <span>Thalir Blooms</span>
          </Link>
          <nav className="nav nav--desktop" aria-label={t`Main`}>
            {renderLinks(false)}
          </nav>
          <details ref={menuRef} className="nav__menu" onKeyDown={closeOnEscape}>
            <summary ref={toggleRef} className="nav__toggle" aria-label={t`Menu`}>
              <span className="nav__toggle-icon nav__toggle-icon--open" aria-hidden="true">
                ☰
              </span>
              <span className="nav__toggle-icon nav__toggle-icon--close" aria-hidden="true">
                ✕
              </span>
            </summary>
            <nav id="mobile-menu" className="nav nav--mobile" aria-label={t`Mobile`}>
              {renderLinks(true)}
            </nav>
          </details>
        </div>
      </header>
    </>
  );
}
