/** The `intent` of the kitchen page's "Have a code from this kitchen?" form. */
export const UNLOCK_INTENT = 'unlock-kitchen';

/** What the unlock form gets back when the code was refused: the typed code (kept) and why. */
export interface UnlockRefusal {
  unlock: { code: string; error: string };
}

export function isUnlockRefusal(value: unknown): value is UnlockRefusal {
  return typeof value === 'object' && value !== null && 'unlock' in value;
}
