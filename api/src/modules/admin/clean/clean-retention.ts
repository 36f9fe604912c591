import { CleanCategory, GUEST_CART_LIFETIME_MS } from '@hearth/shared';

const DAY_MS = 24 * 3600 * 1000;

/**
 * How old each kind of data must be before the admin's clean removes it: every retention period in one place.
 * Login sessions have no entry: a session is removed once it has ended (idle expiry or absolute lifetime,
 * SESSION_IDLE_MS / SESSION_ABSOLUTE_MS), as the scheduled purge does.
 */
export const CLEAN_RETENTION_MS = {
  /** The guest cart lifetime its cookie has (the scheduled expiry uses the same). */
  [CleanCategory.GUEST_CARTS]: GUEST_CART_LIFETIME_MS,
  /**
   * A file is only an orphan when older than this: an upload is stored before the row that refers to it is
   * written (and a failed write discards its files), so a young file may simply not be referred to *yet*.
   */
  [CleanCategory.ORPHANED_UPLOADS]: DAY_MS,
  /** Delivered e-mails are kept a month (what was sent, for support questions). */
  [CleanCategory.SENT_EMAILS]: 30 * DAY_MS,
  /** A guest who has not used the confirmation link in a week will not. */
  [CleanCategory.UNCONFIRMED_SUBSCRIPTIONS]: 7 * DAY_MS,
} as const;

/** Rows (or files) removed per statement and transaction: a large backlog never holds many locks at once. */
export const CLEAN_BATCH_SIZE = 500;

/** The categories in the order they are cleaned and shown. */
export const CLEAN_CATEGORIES: readonly CleanCategory[] = [
  CleanCategory.GUEST_CARTS,
  CleanCategory.LOGIN_SESSIONS,
  CleanCategory.ORPHANED_UPLOADS,
  CleanCategory.SENT_EMAILS,
  CleanCategory.UNCONFIRMED_SUBSCRIPTIONS,
];

/** The instant before which data of `category` is old enough to go, seen at `now`. */
export function cutoffOf(category: CleanCategory, now: Date): Date {
  if (category === CleanCategory.LOGIN_SESSIONS) return now;
  return new Date(now.getTime() - CLEAN_RETENTION_MS[category]);
}
