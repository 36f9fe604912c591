import { Link, NavLink, useLocation } from '@remix-run/react';
import { kitchenEntry } from '~/lib/session/auth';
import type { AccountLink, SessionUser } from '~/lib/session/auth';
import { useCartCount, useOptionalUser } from '~/lib/session/use-user';
import { Logo } from './logo';
import { container, focusRing } from './ui';
import {
  AccountLinks,
  AccountMenu,
  AuthLinks,
  Avatar,
  SignOutForm,
  SignedInAs,
  navLinkClass,
} from './account-menu';

const SEARCH_LINKS: readonly AccountLink[] = [
  { to: '/l/find-items', label: 'Find food' },
  { to: '/l/find-chefs', label: 'Find chefs' },
];

/**
 * The main links: searching, then cooking on Hearth ("Become a chef", or the state of one's kitchen).
 * A chef's "My kitchen" is not among them: it sits in the bar itself, one click away at every width.
 */
function mainLinks(user: SessionUser | null): AccountLink[] {
  const kitchen = kitchenEntry(user);
  return kitchen.chef ? [...SEARCH_LINKS] : [...SEARCH_LINKS, kitchen];
}

/** "Cart, 3 items": what a screen reader says for the badge. */
export function cartLabel(count: number | null): string {
  if (!count) return 'Cart';
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

function CartLink({ count }: { count: number | null }) {
  const { pathname } = useLocation();
  return (
    <Link
      to="/l/cart"
      aria-label={cartLabel(count)}
      aria-current={pathname === '/l/cart' ? 'page' : undefined}
      className={`relative inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold text-cocoa-800 transition hover:bg-cream-200 hover:text-cocoa-900 ${focusRing}`}
    >
      <svg viewBox="0 0 20 20" className="h-5 w-5 shrink-0" aria-hidden="true">
        <path
          d="M2.5 3h2l1.6 9.2a1.5 1.5 0 0 0 1.5 1.3h6.9a1.5 1.5 0 0 0 1.5-1.2L17.5 6H5.3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="8" cy="16.8" r="1.3" fill="currentColor" />
        <circle cx="14.5" cy="16.8" r="1.3" fill="currentColor" />
      </svg>
      {/* Below md only the icon shows; the link's label carries the word and the count. */}
      <span className="max-md:hidden">Cart</span>
      {/* A space between the word and the count: the text reads "Cart 3", as the label says (axe's
          label-content-name-mismatch); whitespace takes no room in the flex row. */}{' '}
      {count ? (
        <span
          data-testid="cart-count"
          className="inline-flex min-w-[1.25rem] items-center justify-center rounded-full bg-ember-700 px-1.5 text-xs font-bold leading-5 text-white max-md:absolute max-md:-right-0.5 max-md:-top-0.5"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}

/** A chef's way to their kitchen (incoming orders, with the menus and settings beside them there). */
function MyKitchenLink({ entry }: { entry: AccountLink }) {
  const { pathname } = useLocation();
  return (
    <Link
      to={entry.to}
      aria-current={pathname === entry.to ? 'page' : undefined}
      className={`inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold transition ${focusRing} ${
        pathname === entry.to
          ? 'bg-ember-100 text-ember-800'
          : 'text-cocoa-800 hover:bg-cream-200 hover:text-cocoa-900'
      }`}
    >
      <svg viewBox="0 0 20 20" className="h-5 w-5 shrink-0" aria-hidden="true">
        <path
          d="M3 9h14M4.5 9v5.5A2.5 2.5 0 0 0 7 17h6a2.5 2.5 0 0 0 2.5-2.5V9M1.5 10.5H3M17 10.5h1.5M8 6.5c0-1 1-1.3 1-2.5M11.5 6.5c0-1 1-1.3 1-2.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>{entry.label}</span>
    </Link>
  );
}

export function SiteHeader({ variant = 'default' }: { variant?: 'default' | 'home' }) {
  const { pathname } = useLocation();
  const user = useOptionalUser();
  const cartCount = useCartCount();
  const links = mainLinks(user);
  const kitchen = kitchenEntry(user);
  // A chef's bar holds one link more: on phones the logo and "Menu" keep only their icons (names stay for screen readers).
  const tight = kitchen.chef;
  return (
    <header
      className={
        variant === 'home'
          ? 'relative z-20 bg-transparent'
          : 'sticky top-0 z-20 border-b border-cocoa-700/10 bg-cream-50/95 backdrop-blur supports-[backdrop-filter]:bg-cream-50/80'
      }
    >
      <a
        href="#main"
        className={`sr-only left-4 top-2 z-50 rounded-md bg-white px-4 py-2 font-semibold text-cocoa-900 shadow focus:not-sr-only focus:absolute ${focusRing}`}
      >
        Skip to content
      </a>
      <div className={`${container} flex h-16 items-center justify-between gap-2 md:h-20 md:gap-4`}>
        <Logo tight={tight} />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1 md:gap-2">
          {kitchen.chef ? <MyKitchenLink entry={kitchen} /> : null}
          <CartLink count={cartCount} />
          <div className="hidden md:block">{user ? <AccountMenu user={user} /> : <AuthLinks />}</div>
          {/* A disclosure menu works without JavaScript; keyed by path so it closes after navigating. */}
          <details key={pathname} className="group relative md:hidden">
            <summary
              className={`flex cursor-pointer list-none items-center gap-2 rounded-full border border-cocoa-700/20 bg-white px-3 py-2 text-sm font-semibold text-cocoa-900 [&::-webkit-details-marker]:hidden ${focusRing}`}
            >
              <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
                <path
                  d="M3 5h14M3 10h14M3 15h14"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
              <span className={tight ? 'max-sm:sr-only' : ''}>Menu</span>
            </summary>
            <div className="absolute right-0 mt-2 max-h-[calc(100vh-5rem)] w-64 overflow-y-auto rounded-2xl border border-cocoa-700/10 bg-white p-3 shadow-card">
              <nav aria-label="Main (compact)">
                <ul className="flex flex-col gap-1">
                  {links.map((link) => (
                    <li key={link.to}>
                      <Link
                        to={link.to}
                        className={`block ${navLinkClass({ isActive: pathname === link.to })}`}
                      >
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="mt-3 border-t border-cocoa-700/10 pt-3">
                {user ? (
                  <>
                    <p className="flex items-center gap-2 px-3 pb-1 text-sm font-semibold text-cocoa-900">
                      <Avatar name={user.name} />
                      <span className="truncate">{user.name}</span>
                    </p>
                    <SignedInAs user={user} />
                    <AccountLinks user={user} label="Account (compact)" />
                    <SignOutForm className="mt-3" />
                  </>
                ) : (
                  <AuthLinks stacked />
                )}
              </div>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
