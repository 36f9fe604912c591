import { API_PREFIX, PublisherStatus, Role, hasRole } from '@hearth/shared';
import type { Schemas } from '../api/schemas';

/**
 * Who is signed in, as the API's `auth/me` describes them (tokens never leave the API). This is what
 * the root loader hands to every route; nothing secret is in it. Read defensively (`toSessionUser`):
 * texts the API may leave empty become the fallbacks below.
 */
export type SessionUser = Pick<
  Schemas['MeDto'],
  | 'subject'
  | 'userName'
  | 'isChef'
  | 'isRegistrationPending'
  | 'kitchenStatus'
  | 'authenticatedTime'
  | 'timeZone'
> & {
  consumerId: string | null;
  /** The name, else the user name, else the e-mail address. */
  name: string;
  email: string;
  /** Effective roles: ROLE_USER, ROLE_CHEF, ROLE_ADMIN. */
  roles: Role[];
};

/** Where the sign-out form posts (a plain form: it works without JavaScript). */
export const LOGOUT_ACTION = `${API_PREFIX}/auth/logout`;

/**
 * Sign-in, registration and the silent single-sign-on check run in the API (backend-for-frontend); each
 * sends the browser back to `redirect` (a path on this site) afterwards.
 */
export function authHref(action: 'login' | 'register' | 'check-sso', redirectTo: string): string {
  return `${API_PREFIX}/auth/${action}?redirect=${encodeURIComponent(redirectTo)}`;
}

/**
 * Sign in again even though signed in (step-up before a payout-account change, S-09): the provider asks
 * for the password (`prompt=login`, `max_age=0`), then the browser comes back to `redirectTo`.
 */
export function reauthHref(redirectTo: string): string {
  return `${authHref('login', redirectTo)}&reauth=1`;
}

/** Path and query of a URL: what the API sends the browser back to. */
export function returnPath(url: string | URL): string {
  const { pathname, search } = typeof url === 'string' ? new URL(url) : url;
  return `${pathname}${search}`;
}

/** How a role is named in sentences: "This page is for admins … who is not an admin." */
export const ROLE_NOUNS: Record<Role, { plural: string; singular: string }> = {
  [Role.USER]: { plural: 'customers', singular: 'a customer' },
  [Role.CHEF]: { plural: 'chefs', singular: 'a chef' },
  [Role.ADMIN]: { plural: 'admins', singular: 'an admin' },
};

/** The text of the 403 page when a signed-in user lacks the role a page needs. */
export function wrongRoleMessage(role: Role, user: Pick<SessionUser, 'name' | 'email'>): string {
  const noun = ROLE_NOUNS[role];
  return `This page is for ${noun.plural}. You are signed in as ${user.name || user.email}, who is not ${noun.singular}.`;
}

export interface AccountLink {
  to: string;
  label: string;
}

/** The incoming orders of a chef's kitchen: what "My kitchen" in the header opens. */
export const KITCHEN_ORDERS_PATH = '/l/orders/kitchen';
export const CHEF_REGISTRATION_PATH = '/l/chef-registration';
/** Where a user sees and ends their sessions on other browsers (S-09). */
export const SESSIONS_PATH = '/l/sessions';

/**
 * The account links a signed-in user sees, by role: their own purchases ("My orders", a chef's too), then
 * a chef's kitchen pages, then admins'.
 */
export function accountLinks(user: Pick<SessionUser, 'roles'>): AccountLink[] {
  const links: AccountLink[] = [
    { to: '/l/orders', label: 'My orders' },
    { to: '/l/favs', label: 'Favourites' },
    { to: '/l/addresses', label: 'Addresses' },
    { to: SESSIONS_PATH, label: 'Signed-in devices' },
  ];
  if (hasRole(user, Role.CHEF)) {
    links.push(
      { to: KITCHEN_ORDERS_PATH, label: 'Orders to cook' },
      { to: '/l/manage-menus', label: 'Manage menus' },
      { to: '/l/settings', label: 'Settings' },
    );
  }
  if (hasRole(user, Role.ADMIN)) links.push({ to: '/l/admin', label: 'Admin' });
  return links;
}

/**
 * Where the header sends someone about cooking on Hearth: a chef to their kitchen's incoming orders
 * ("My kitchen"); someone whose kitchen awaits review, or was blocked, to its review state; everyone
 * else (guests too) to "Become a chef".
 */
export function kitchenEntry(
  user: Pick<SessionUser, 'roles' | 'kitchenStatus'> | null,
): AccountLink & { chef: boolean } {
  if (hasRole(user, Role.CHEF)) return { to: KITCHEN_ORDERS_PATH, label: 'My kitchen', chef: true };
  if (user?.kitchenStatus === PublisherStatus.PENDING) {
    return { to: CHEF_REGISTRATION_PATH, label: 'Kitchen in review', chef: false };
  }
  if (user?.kitchenStatus === PublisherStatus.BLOCKED) {
    return { to: CHEF_REGISTRATION_PATH, label: 'Kitchen blocked', chef: false };
  }
  return { to: CHEF_REGISTRATION_PATH, label: 'Become a chef', chef: false };
}

/** Codes the API puts in `?authError=` when a sign-in fails at the callback. */
export const AUTH_ERROR_PARAM = 'authError';

const AUTH_ERROR_SENTENCES: Record<string, string> = {
  state: 'the sign-in request expired or did not match. Please try again.',
  denied: 'access was denied at the sign-in page.',
  failed: 'the sign-in service did not answer as expected. Please try again in a moment.',
  // Not in the first contract, but the API sends it when the identity provider cannot be reached.
  unavailable: 'the sign-in service cannot be reached just now. Please try again in a moment.',
  // Issue 18 part 4: an admin disabled the account.
  disabled:
    'this account is disabled. Contact support through the contact page if you think this is a mistake.',
};

/** "We could not sign you in: …" with a human sentence for the API's error code. */
export function authErrorMessage(code: string): string {
  return `We could not sign you in: ${AUTH_ERROR_SENTENCES[code] ?? 'something went wrong. Please try again.'}`;
}
