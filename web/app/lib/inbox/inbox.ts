import type { Schemas } from '../api/schemas';

export type Enquiry = Schemas['EnquiryDto'];
export type ContactMessage = Schemas['ContactMessageDto'];
export type InboxItem = Schemas['InboxItemDto'];
export type InboxAction = Schemas['InboxActionDto'];

/** Rows per page of the admin inbox and of the chef's enquiries. */
export const INBOX_PAGE_SIZE = 20;

/** The enquiry form's inputs, named as the API names them. */
export const ENQUIRY_FIELDS = [
  'enquiryType',
  'firstName',
  'lastName',
  'email',
  'phone',
  'message',
  'eventDate',
  'headcount',
  'budget',
  'files',
] as const;

/** The admin inbox's kinds, as its type filter and its rows name them. */
export const INBOX_KINDS = [
  { value: 'CONTACT', label: 'Contact message' },
  { value: 'ENQUIRY_GENERAL', label: 'General enquiry' },
  { value: 'ENQUIRY_TO_CHEF', label: 'Question to a chef' },
  { value: 'ENQUIRY_FOR_PRICING', label: 'Catering pricing' },
  { value: 'FEEDBACK', label: 'Feedback' },
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number]['value'];

export function kindLabel(kind: string): string {
  return INBOX_KINDS.find((k) => k.value === kind)?.label ?? kind;
}

/**
 * Where an inbox row's conversation is; null for feedback, which is read in the list (it has no answer,
 * status or history here: the feedback module owns it).
 */
export function conversationPath(kind: string, id: string): string | null {
  if (kind === 'CONTACT') return `/l/admin/inbox/contact/${id}`;
  if (kind === 'FEEDBACK') return null;
  return `/l/admin/inbox/enquiry/${id}`;
}

/** A private file of an enquiry, through the web server's API proxy (the session decides who may read it). */
export function enquiryFileUrl(enquiryId: string, name: string): string {
  return `/services/publisher/api/enquiries/${encodeURIComponent(enquiryId)}/files/${encodeURIComponent(name)}`;
}

const ACTION_WORDS: Record<string, string> = {
  RECEIVED: 'Received',
  ANSWERED: 'Answered',
  CLOSED: 'Closed',
  REOPENED: 'Reopened',
};

/** "Answered by Priya's Kitchen" / "Received". */
export function actionLabel(action: InboxAction): string {
  const word = ACTION_WORDS[action.action] ?? action.action;
  return action.by ? `${word} by ${action.by}` : word;
}

/** The sender's name as an enquiry has it. */
export function senderName(e: Pick<Enquiry, 'firstName' | 'lastName'>): string {
  return [e.firstName, e.lastName].filter(Boolean).join(' ') || 'Someone';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string | undefined): value is string => !!value && UUID.test(value);
