import { CleanCategory } from '@hearth/shared';

/** What each kind of data is, in the admin's words, and which of its rows the clean takes. */
export const CLEAN_LABELS: Record<CleanCategory, { label: string; rule: string }> = {
  [CleanCategory.GUEST_CARTS]: {
    label: 'Guest carts',
    rule: 'carts of visitors who never signed in, not changed since',
  },
  [CleanCategory.LOGIN_SESSIONS]: {
    label: 'Login sessions',
    rule: 'sessions that had ended (idle too long or too old) by',
  },
  [CleanCategory.ORPHANED_UPLOADS]: {
    label: 'Orphaned uploads',
    rule: 'stored files no item, kitchen, review, receipt or application refers to, written before',
  },
  [CleanCategory.SENT_EMAILS]: {
    label: 'Delivered e-mails',
    rule: 'e-mails of the outbox sent before (never those not delivered)',
  },
  [CleanCategory.UNCONFIRMED_SUBSCRIPTIONS]: {
    label: 'Unconfirmed guest subscriptions',
    rule: 'guests’ follows and location checks never confirmed, last asked for before',
  },
};

export const CLEAN_CATEGORY_VALUES = Object.values(CleanCategory);

/** The kinds ticked in the form (unknown names dropped; the API checks the rest). */
export function chosenCategories(values: readonly string[]): CleanCategory[] {
  return CLEAN_CATEGORY_VALUES.filter((c) => values.includes(c));
}

/** Whether a clean is still on its way (the page refreshes itself). */
export function isCleanRunning(state: string): boolean {
  return state === 'QUEUED' || state === 'RUNNING';
}
