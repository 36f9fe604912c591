import type { Role } from '../enums/index.js';

/** True when the caller (the API's principal, the web's signed-in user) holds the role; nobody holds none. */
export function hasRole(
  holder: { readonly roles: readonly string[] } | null | undefined,
  role: Role,
): boolean {
  return Boolean(holder?.roles.includes(role));
}
