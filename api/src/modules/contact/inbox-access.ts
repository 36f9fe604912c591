import { Role } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { InboxActionKind, type InboxAction } from './inbox-action.js';

export const isAdmin = (actor: Principal): boolean => actor.roles.includes(Role.ADMIN);

/** How an answer, close or reopen is signed in the action history and in the answer's e-mail. */
export function signature(actor: Principal, kitchenName?: string | null): string {
  if (!isAdmin(actor) && kitchenName) return kitchenName;
  return actor.name ?? actor.userName ?? actor.email ?? 'The Hearth team';
}

/** A history step now, by `by`. */
export function step(action: keyof typeof InboxActionKind, by: string | null, note?: string): InboxAction {
  return { at: new Date().toISOString(), by, action, ...(note === undefined ? {} : { note }) };
}

/** Minor units to an exact decimal string: 150050 → "1500.50". */
export function minorToAmount(minor: number | null): string | null {
  if (minor === null) return null;
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** An exact decimal string ("1500", "1500.5", "1500.50") to minor units, without floating point. */
export function amountToMinor(amount: string): number {
  const [whole, fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
