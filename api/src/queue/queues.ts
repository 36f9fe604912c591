/** Every BullMQ queue, named in one place (architecture: "Queues named in one place"). */
export const QUEUES = {
  /** Outgoing e-mail: one job per outbox row. */
  MAIL: 'mail',
  /** Verified payment gateway events, applied idempotently. */
  PAYMENT_EVENTS: 'payment-events',
  /** Bulk messages: a parent job fans out one child per recipient. */
  BULK_MESSAGES: 'bulk-messages',
  /** Refunds of cancelled paid dates and payouts of delivered ones, one job per date selection. */
  SETTLEMENTS: 'settlements',
  /** Scheduled housekeeping (menu auto-extension, expired sessions, carts). */
  SCHEDULED: 'scheduled',
  /** Admin-requested maintenance: the clean of expired data (`admin/clean`), one job per request. */
  MAINTENANCE: 'maintenance',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Default job options: bounded history, retries with exponential backoff. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { count: 1000, age: 24 * 3600 },
  removeOnFail: { count: 5000, age: 7 * 24 * 3600 },
} as const;
