/**
 * The back office's functions as /l/admin lists them: one entry per admin page, so a newcomer signed in
 * as an admin finds every function from the admin home. `document` entries are not Remix routes (the
 * queue dashboard is served by the API) and are linked with a plain anchor.
 */
export interface AdminSection {
  to: string;
  label: string;
  /** What the page is for, in a few words. */
  description: string;
  document?: boolean;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    to: '/l/admin/settlements',
    label: 'Refunds and payouts',
    description: 'refunds and payouts that need attention',
  },
  {
    to: '/l/admin/orders',
    label: 'Orders',
    description: 'find orders of every kitchen by order number, customer e-mail or phone, or kitchen',
  },
  {
    to: '/l/admin/dashboard',
    label: 'Dashboard',
    description: 'the platform’s sales, orders, ratings and cancellations as plots',
  },
  {
    to: '/l/admin/messages',
    label: 'Messages',
    description: 'send a message to customers, chefs or any address; past sends',
  },
  {
    to: '/services/publisher/api/admin/queues',
    label: 'Queues',
    description: 'the background jobs: waiting, active, failed, delayed; retry a failed one',
    document: true,
  },
  {
    to: '/l/admin/subscriptions',
    label: 'Subscriptions to kitchens’ news',
    description: 'who follows which kitchen',
  },
  {
    to: '/l/admin/clean',
    label: 'Clean expired data',
    description:
      'see what has expired (guest carts, ended sessions, orphaned uploads, old e-mails, unconfirmed subscriptions) and remove it',
  },
  {
    to: '/l/admin/migrations',
    label: 'Database migrations',
    description: 'the migrations applied and pending; run the pending ones',
  },
];
