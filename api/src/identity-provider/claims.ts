import type { Account } from './account-store.js';

/**
 * Which claims each scope releases, as Keycloak's default client scopes do. `realm_access` rides on
 * `openid` because Keycloak's "roles" scope is a default scope there: the app always gets the roles.
 */
export const CLAIMS_BY_SCOPE = {
  openid: ['sub', 'realm_access'],
  profile: ['name', 'given_name', 'family_name', 'preferred_username'],
  email: ['email', 'email_verified'],
  roles: ['realm_access'],
} as const;

export interface AccountClaims {
  sub: string;
  name: string;
  given_name: string;
  family_name: string;
  preferred_username: string;
  email: string;
  email_verified: boolean;
  realm_access: { roles: string[] };
  [claim: string]: unknown;
}

/** Every claim the provider knows about an account, in Keycloak's shapes (username = lower-cased email). */
export function accountClaims(account: Account): AccountClaims {
  return {
    sub: account.id,
    name: `${account.givenName} ${account.familyName}`.trim(),
    given_name: account.givenName,
    family_name: account.familyName,
    preferred_username: account.email.toLowerCase(),
    email: account.email,
    email_verified: account.emailVerified,
    realm_access: { roles: [...account.roles] },
  };
}

/** The claims that a space-separated scope releases (for the userinfo endpoint). */
export function claimsForScope(claims: AccountClaims, scope: string): Partial<AccountClaims> {
  const released = new Set<string>(CLAIMS_BY_SCOPE.openid);
  for (const s of scope.split(' ')) {
    if (s in CLAIMS_BY_SCOPE)
      CLAIMS_BY_SCOPE[s as keyof typeof CLAIMS_BY_SCOPE].forEach((c) => released.add(c));
  }
  return Object.fromEntries(Object.entries(claims).filter(([name]) => released.has(name)));
}
