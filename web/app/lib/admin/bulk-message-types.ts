import type { Schemas } from '../api/schemas';

/**
 * What the admin's bulk-message pages show, in the API's shapes (BulkMessageDto and its preview, recipient
 * and lookup rows), and the words for the target groups, template types and states.
 */

export type TargetGroup =
  | 'EXTERNAL'
  | 'CUSTOMERS'
  | 'ALL_USERS'
  | 'REGISTERED_CHEFS'
  | 'HALF_REGISTERED_CHEFS'
  | 'ALL_CHEFS'
  | 'ONE_USER'
  | 'TEST_EMAIL';

/** The eight target groups of spec §6, each with the one line that says who gets the message. */
export const TARGET_GROUPS: readonly { value: TargetGroup; label: string; hint: string }[] = [
  { value: 'TEST_EMAIL', label: 'Test e-mail', hint: 'Only you, or the one address you give below.' },
  { value: 'ONE_USER', label: 'One person', hint: 'One account, found by e-mail, name or id below.' },
  {
    value: 'CUSTOMERS',
    label: 'Customers',
    hint: 'Everyone who has ordered, or only one kitchen’s customers and subscribers when you pick a kitchen.',
  },
  { value: 'ALL_USERS', label: 'All users', hint: 'Every account on Hearth, customers and chefs.' },
  { value: 'REGISTERED_CHEFS', label: 'Registered chefs', hint: 'Chefs whose kitchen is approved.' },
  {
    value: 'HALF_REGISTERED_CHEFS',
    label: 'Half-registered chefs',
    hint: 'People who started chef registration and are not approved yet.',
  },
  { value: 'ALL_CHEFS', label: 'All chefs', hint: 'Every kitchen owner, approved or not.' },
  { value: 'EXTERNAL', label: 'Other addresses', hint: 'The addresses you type or paste below.' },
];

export const TEMPLATE_TYPES = [
  { value: '', label: 'Plain message' },
  { value: 'HEALTH_TIP', label: 'Health tip' },
  { value: 'ITEM_DETAILS', label: 'Dishes (pictures and prices of the dishes you pick)' },
] as const;

export const CONTENT_FORMATS = [
  { value: 'MARKDOWN', label: 'Markdown' },
  { value: 'HTML', label: 'HTML (sanitised)' },
] as const;

export type BulkStatus = 'QUEUED' | 'SENDING' | 'PAUSED' | 'COMPLETED' | 'CANCELLED' | 'FAILED';

export const STATUS_LABELS: Record<string, string> = {
  QUEUED: 'Queued',
  SENDING: 'Sending',
  PAUSED: 'Paused',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
  FAILED: 'Failed',
};

/** Whether the message is still on its way (the progress page refreshes itself then). */
export function isRunning(status: string): boolean {
  return status === 'QUEUED' || status === 'SENDING';
}

export type RecipientState = 'PENDING' | 'SENT' | 'FAILED' | 'SKIPPED';

export const RECIPIENT_STATES: readonly { value: RecipientState; label: string }[] = [
  { value: 'PENDING', label: 'Waiting' },
  { value: 'SENT', label: 'Sent' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'SKIPPED', label: 'Skipped (unsubscribed)' },
];

export type BulkProgress = Schemas['BulkProgressDto'];
/** One bulk message with its live progress (BulkMessageDto). */
export type BulkMessage = Schemas['BulkMessageDto'];
export type BulkPreview = Schemas['BulkMessagePreviewDto'];
export type BulkRecipient = Schemas['BulkRecipientDto'];
export type BulkUserMatch = Schemas['BulkUserDto'];
export type BulkItemMatch = Schemas['BulkItemDto'];

export interface KitchenMatch {
  id: string;
  kitchenName: string;
  brandDisplayName: string | null;
}

/** How many past sends, and how many recipients, one page shows. */
export const HISTORY_PAGE_SIZE = 10;
export const RECIPIENTS_PAGE_SIZE = 25;

/** Who a message went to; a chef's news to their subscribers has no target group. */
export function groupLabel(group: string | null): string {
  if (!group) return 'A kitchen’s subscribers';
  return TARGET_GROUPS.find((g) => g.value === group)?.label ?? group;
}

/** "2 min 5 s", "40 s". */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}
