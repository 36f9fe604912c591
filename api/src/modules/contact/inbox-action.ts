/** One step of a contact message's or an enquiry's handling, as its action history keeps it. */
export interface InboxAction {
  /** ISO instant. */
  at: string;
  /** Who did it: the admin's or chef's name (or e-mail); null for the sender. */
  by: string | null;
  /** RECEIVED, ANSWERED, CLOSED, REOPENED. */
  action: string;
  /** The answer's text, for ANSWERED. */
  note?: string;
}

export const InboxActionKind = {
  RECEIVED: 'RECEIVED',
  ANSWERED: 'ANSWERED',
  CLOSED: 'CLOSED',
  REOPENED: 'REOPENED',
} as const;
