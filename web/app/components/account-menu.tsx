import { Link, useLocation } from '@remix-run/react';
import { LOGOUT_ACTION, accountLinks, authHref } from '~/lib/session/auth';
import type { SessionUser } from '~/lib/session/auth';
import { initials } from './initials';
import { buttonClass, focusRing } from './ui';

/** Links of the header's navigation: the page's own link stands out. */
export function navLinkClass({ isActive }: { isActive: boolean }) {
  return `rounded-full px-3 py-2 text-sm font-semibold transition ${focusRing} ${
    isActive ? 'bg-ember-100 text-ember-800' : 'text-cocoa-800 hover:bg-cream-200 hover:text-cocoa-900'
  }`;
}

/** The current path and query: where sign-in and sign-out come back to. */
function useCurrentPath(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/** Sign in and Register: plain links to the API's login, coming back to this page. */
export function AuthLinks({ stacked = false }: { stacked?: boolean }) {
  const current = useCurrentPath();
  return (
    <div className={stacked ? 'flex flex-col gap-2' : 'flex items-center gap-2'}>
      {/* Plain links: these are full-page visits to the API's login flow, not client routes. */}
      <a href={authHref('login', current)} className={buttonClass.ghost}>
        Sign in
      </a>
      <a href={authHref('register', current)} className={buttonClass.primary}>
        Register
      </a>
    </div>
  );
}

/** A plain form post to the API: it works without JavaScript and ends the provider's session too. */
export function SignOutForm({ className = '' }: { className?: string }) {
  return (
    <form method="post" action={LOGOUT_ACTION} className={className}>
      <button type="submit" className={`${buttonClass.secondary} w-full`}>
        Sign out
      </button>
    </form>
  );
}

/** The user's initials in a circle. */
export function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-ember-100 text-xs font-bold text-ember-800"
    >
      {initials(name)}
    </span>
  );
}

/** The signed-in user's pages (orders, favourites, addresses; a chef's and an admin's too). */
export function AccountLinks({ user, label }: { user: SessionUser; label: string }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label}>
      <ul className="flex flex-col gap-1">
        {accountLinks(user).map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              aria-current={pathname === link.to ? 'page' : undefined}
              className={`block ${navLinkClass({ isActive: pathname === link.to })}`}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "Signed in as …": the e-mail address, else the name. */
export function SignedInAs({ user }: { user: SessionUser }) {
  return (
    <p className="px-3 pb-2 text-xs text-cocoa-600">
      Signed in as{' '}
      <span className="block truncate text-sm font-semibold text-cocoa-900">{user.email || user.name}</span>
    </p>
  );
}

/** Desktop: the user's name opens a menu with their pages and "Sign out" (a disclosure: no JavaScript needed). */
export function AccountMenu({ user }: { user: SessionUser }) {
  const { pathname } = useLocation();
  return (
    <details key={pathname} className="relative">
      <summary
        className={`flex cursor-pointer list-none items-center gap-2 rounded-full border border-cocoa-700/20 bg-white py-1.5 pl-1.5 pr-4 text-sm font-semibold text-cocoa-900 [&::-webkit-details-marker]:hidden ${focusRing}`}
      >
        <Avatar name={user.name} />
        <span className="max-w-[14rem] truncate">{user.name}</span>
        <span className="sr-only">: account menu</span>
      </summary>
      <div className="absolute right-0 mt-2 w-64 rounded-2xl border border-cocoa-700/10 bg-white p-3 shadow-card">
        <SignedInAs user={user} />
        <AccountLinks user={user} label="Account" />
        <SignOutForm className="mt-3 border-t border-cocoa-700/10 pt-3" />
      </div>
    </details>
  );
}
