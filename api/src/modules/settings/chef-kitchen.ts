import type { Principal } from '../../common/http/principal.js';
import { notFound } from '../../common/problem/problem.exception.js';

/** The id of the caller's approved kitchen; settings always act on it (the guard has checked ROLE_CHEF). */
export function chefKitchenId(actor: Principal): string {
  if (!actor.publisherId) throw notFound('You have no approved kitchen.');
  return actor.publisherId;
}
