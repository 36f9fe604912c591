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
    to: '/l/admin/inbox',
    label: 'Support inbox',
    description: 'contact messages, enquiries and feedback: answer, close and reopen',
  },
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
    to: '/l/admin/audit',
    label: 'Audit trail',
    description:
      'who did what to which object, when, with before and after; filter by person, action, object, days',
  },
  {
    to: '/l/admin/careers',
    label: 'Careers',
    description: 'job postings: create, edit, archive; applications with their résumés',
  },
  {
    to: '/l/admin/users',
    label: 'Users and kitchens',
    description:
      'find customers and chefs by e-mail, phone, kitchen or id; disable or enable an account; hide a kitchen picture',
  },
  {
    to: '/l/admin/subscriptions',
    label: 'Subscriptions to kitchens’ news',
    description: 'who follows which kitchen',
  },
  {
    to: '/l/admin/feedback',
    label: 'Feedback',
    description: 'what customers and visitors said about the site and their orders, with stars',
  },
  {
    to: '/l/admin/logs',
    label: 'Client errors',
    description: 'errors from visitors’ browsers, grouped, with counts and a sample stack',
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
