import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { ITEM_ACTIONS } from '@hearth/shared';
import type { Fixtures, RoleName } from './fixtures.js';
import { API } from './boot.js';
import { QUEUE_DASHBOARD_ROWS } from './queue-dashboard-rows.js';

/*
 * THE access table: every API route (as `METHOD path`, relative to /services/publisher/api, parameters in
 * braces) → what each caller gets. access-matrix.spec.ts enumerates the routes the running API serves and
 * fails when a route has no row here, or a row names a route that is no longer served.
 *
 * Outcomes:
 *   'ok'     2xx or 3xx: the caller may do this (with the row's request, which is valid).
 *   'denied' 403 or 404 (someone else's object, or no such object for this caller), and no row of any
 *            table changed.
 *   401, 403, 404, 400, 409 … exactly this status; for a 4xx also no row of any table changed.
 *
 * Objects in paths are A's (customer A's address, cart line, order; chef A's item, menu, pickup place, file),
 * so the B cells are the cross-owner attempts: B reads AND changes A's objects and must be refused.
 * Cells that are not 'ok' run first, so the owner's successful change (a delete, say) runs last.
 *
 * To add a route: add a row. Start from a preset and override the cells that differ; give `req` when the
 * route has path parameters, a body or a query.
 */

/** A stored bulk message in this status (fanned out, one recipient sent), for the bulk-message rows. */
async function bulkMessage(f: Fixtures, status: string): Promise<string> {
  const [row] = (await f.s.db.query(
    `INSERT INTO bulk_message (kind, target_group, to_address, subject, content, html, text, status, started_at, fanout_done)
     VALUES ('ANNOUNCEMENT', 'TEST_EMAIL', 'access@example.com', 'Hi', 'Hi', '<p>Hi</p>', 'Hi', $1, now(), true)
     RETURNING id`,
    [status],
  )) as Array<{ id: string }>;
  await f.s.db.query(
    `INSERT INTO bulk_message_recipient (bulk_message_id, email, state, sent_at) VALUES ($1, 'access@example.com', 'SENT', now())`,
    [row.id],
  );
  return row.id;
}

/** A contact message (OPEN or CLOSED) for the support-inbox rows. */
async function contactMessage(f: Fixtures, status: 'OPEN' | 'CLOSED' = 'OPEN'): Promise<string> {
  const [row] = (await f.s.db.query(
    `INSERT INTO contact_message (legal_name, email, message, status) VALUES ('Sam Lee', 'sam@example.test', 'Hello there', $1) RETURNING id`,
    [status],
  )) as Array<{ id: string }>;
  return row.id;
}

/** An enquiry to chef A's kitchen, with one PDF sent through the API; answers its id and the file's name. */
async function enquiryToChefA(f: Fixtures): Promise<{ id: string; file: string }> {
  const http = f.s.app.getHttpServer();
  const res = await supertest(http)
    .post(`${API}/enquiries`)
    .field('enquiryType', 'ENQUIRY_TO_CHEF')
    .field('publisherId', f.callers.chefA.publisher!.id)
    .field('firstName', 'Gina')
    .field('email', 'gina@example.test')
    .field('message', 'Do you cook without peanuts?')
    .attach('files', Buffer.from('%PDF-1.7\n%%EOF\n'), 'menu.pdf');
  if (res.status !== 201) throw new Error(`enquiry: ${res.status} ${JSON.stringify(res.body)}`);
  const [row] = (await f.s.db.query(`SELECT attachments FROM enquiry WHERE id = $1`, [
    res.body.id,
  ])) as Array<{
    attachments: string[];
  }>;
  return { id: res.body.id as string, file: row.attachments[0].split('/').pop() as string };
}

export type Outcome = 'ok' | 'denied' | number;
export type Cells = Record<RoleName, Outcome>;

export interface Req {
  /** Path after the API prefix, parameters filled in. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart upload instead of a JSON body. */
  file?: { field: string; name: string; content: Buffer | (() => Promise<Buffer>) };
}

export interface Row {
  expect: Cells;
  /** Built once per row (default: the path without params); `fresh*` objects are the row's own. */
  req?: (f: Fixtures) => Req | Promise<Req>;
  /** Build `req` again for every cell (when more than one caller may change the object). */
  perCell?: boolean;
}

const all = (o: Outcome): Cells => ({
  anonymous: o,
  customerA: o,
  customerB: o,
  chefA: o,
  chefB: o,
  admin: o,
});
/** Anyone, signed in or not. */
export const PUBLIC = all('ok');
/** Any signed-in person (everyone holds ROLE_USER). */
export const SIGNED_IN: Cells = { ...all('ok'), anonymous: 401 };
/** Chefs only (ROLE_CHEF, from an approved kitchen). */
export const CHEF: Cells = { ...all(403), anonymous: 401, chefA: 'ok', chefB: 'ok' };
/** Chefs and admins. */
export const CHEF_OR_ADMIN: Cells = { ...CHEF, admin: 'ok' };
/** Admins only. */
export const ADMIN: Cells = { ...all(403), anonymous: 401, admin: 'ok' };
/** Customer A's own object: A may, every other signed-in person is refused. */
export const CUSTOMER_A_OWNS: Cells = { ...all('denied'), anonymous: 401, customerA: 'ok' };
/** Chef A's own object, chef-only route: chef A may, chef B is refused, non-chefs get 403. */
export const CHEF_A_OWNS: Cells = { ...CHEF, chefB: 'denied' };
/** Chef A's object on a chef-only route that admins may read. */
export const CHEF_A_OWNS_ADMIN_READS: Cells = { ...CHEF_A_OWNS, admin: 'ok' };

const PNG_OR_PDF = (field: string) => ({ field, name: 'x.pdf', content: Buffer.from('%PDF-1.7\n%%EOF\n') });
const orderBody = {
  contact: { name: 'Casey Jones', email: 'casey@example.test', phone: '+1 201 555 0100' },
  deliveryAddress: { addressLine1: '77 Hudson St', city: 'Jersey City', state: 'NJ', zipcode: '07302' },
  paymentMethod: 'CASH_ON_PICKUP_DELIVERY',
};
const address = {
  addressLine1: '9 Grand St',
  city: 'Jersey City',
  state: 'NJ',
  zipcode: '07302',
  country: 'United States',
};
const NEAR = { lat: '40.7168', lng: '-74.0335' };
const place = {
  addressLine1: '2 Newark Ave',
  city: 'Jersey City',
  state: 'NJ',
  zipcode: '07302',
  lat: 40.72,
  lng: -74.04,
};

export const ACCESS_TABLE: Record<string, Row> = {
  // Sign-in (the BFF flow): public redirects; the callback without a flow is refused.
  'GET auth/login': { expect: PUBLIC },
  'GET auth/register': { expect: PUBLIC },
  'GET auth/check-sso': { expect: PUBLIC },
  // Without a sign-in flow in progress the callback sends the browser back with an error.
  'GET auth/callback': { expect: PUBLIC },
  'POST auth/logout': { expect: PUBLIC },
  'GET auth/me': { expect: SIGNED_IN },
  // Signed-in devices (S-09): each caller lists their own; a session of customer A's is A's to end.
  'GET auth/sessions': { expect: SIGNED_IN },
  'DELETE auth/sessions/{id}': {
    expect: CUSTOMER_A_OWNS,
    req: async (f) => {
      const [row] = (await f.s.db.query(
        `INSERT INTO login_session (id_hash, consumer_id, access_token, access_token_expires_at, expires_at)
         VALUES (md5(random()::text), $1, 'v1:unused', now() + interval '5 minutes', now() + interval '1 hour')
         RETURNING id`,
        [f.callers.customerA.consumer.id],
      )) as Array<{ id: string }>;
      return { path: `auth/sessions/${row.id}` };
    },
  },

  // Customer's own data.
  'GET consumer': { expect: SIGNED_IN },
  'GET consumer/delivery/address': { expect: SIGNED_IN },
  'POST consumer/delivery/address': {
    expect: SIGNED_IN,
    req: () => ({ path: 'consumer/delivery/address', body: address }),
  },
  'PUT consumer/delivery/address/{id}': {
    expect: CUSTOMER_A_OWNS,
    req: (f) => ({ path: `consumer/delivery/address/${f.addressId}`, body: address }),
  },
  'DELETE consumer/delivery/address/{id}': {
    expect: CUSTOMER_A_OWNS,
    req: async (f) => ({ path: `consumer/delivery/address/${await f.freshAddress()}` }),
  },
  'GET consumer/zip/country': {
    expect: PUBLIC,
    req: () => ({ path: 'consumer/zip/country', query: { zip: '07302', country: 'US' } }),
  },
  'GET consumer/favourites': { expect: SIGNED_IN },
  // Favourites are the caller's own list: B adding or removing chef A's kitchen touches only B's list.
  'POST consumer/favourites/{publisherId}': {
    expect: SIGNED_IN,
    req: (f) => ({ path: `consumer/favourites/${f.callers.chefB.publisher!.id}` }),
  },
  'DELETE consumer/favourites/{publisherId}': {
    expect: SIGNED_IN,
    req: (f) => ({ path: `consumer/favourites/${f.callers.chefB.publisher!.id}` }),
  },
  // Subscriptions (issue 16): following kitchens, guests' double opt-in, location checks, the chef's and the
  // admins' lists; the signed links refuse a forged token with 400 and change nothing.
  'GET subscriptions': { expect: SIGNED_IN },
  'POST subscriptions/subscribe/consumer/{id}': {
    expect: SIGNED_IN,
    req: (f) => ({ path: `subscriptions/subscribe/consumer/${f.callers.chefB.publisher!.id}` }),
  },
  'POST subscriptions/unsubscribe/consumer/{id}': {
    expect: SIGNED_IN,
    req: (f) => ({ path: `subscriptions/unsubscribe/consumer/${f.callers.chefB.publisher!.id}` }),
  },
  'GET subscriptions/subscribed/consumer/list': { expect: SIGNED_IN },
  'POST subscriptions/subscribe/guest': {
    expect: PUBLIC,
    req: (f) => ({
      path: 'subscriptions/subscribe/guest',
      body: { email: 'guest-news@example.test', publisherId: f.callers.chefB.publisher!.id },
    }),
  },
  'POST subscriptions/location': {
    expect: PUBLIC,
    req: () => ({
      path: 'subscriptions/location',
      body: { email: 'guest-zip@example.test', country: 'US', zipcode: '07302' },
    }),
  },
  'GET subscriptions/confirm': {
    expect: all(400),
    req: () => ({ path: 'subscriptions/confirm', query: { token: 'forged.token' } }),
  },
  'POST subscriptions/confirm': {
    expect: all(400),
    req: () => ({ path: 'subscriptions/confirm', query: { token: 'forged.token' } }),
  },
  'GET subscriptions/subscribed/publisher/list': { expect: CHEF },
  'GET subscriptions/admin/all': { expect: ADMIN },
  'GET subscriptions/admin/subscribed/all': { expect: ADMIN },
  'GET subscriptions/admin/unsubscribed/all': { expect: ADMIN },
  'GET unsubscribe': {
    expect: all(400),
    req: () => ({ path: 'unsubscribe', query: { token: 'forged.token' } }),
  },
  'POST unsubscribe': {
    expect: all(400),
    req: () => ({ path: 'unsubscribe', query: { token: 'forged.token' } }),
  },
  'POST unsubscribe/resubscribe': {
    expect: all(400),
    req: () => ({ path: 'unsubscribe/resubscribe', query: { token: 'forged.token' } }),
  },

  // Search and public catalogue.
  'GET _search/items': {
    expect: PUBLIC,
    req: () => ({ path: '_search/items', query: NEAR }),
  },
  'GET _search/menus': {
    expect: PUBLIC,
    req: () => ({ path: '_search/menus', query: NEAR }),
  },
  'GET _search/kitchens': {
    expect: PUBLIC,
    req: () => ({ path: '_search/kitchens', query: NEAR }),
  },
  'GET _search/rating': { expect: PUBLIC },
  'GET _search/{zip}/{country}/items': { expect: PUBLIC, req: () => ({ path: '_search/07302/US/items' }) },
  'GET _search/publishers': {
    expect: PUBLIC,
    req: () => ({ path: '_search/publishers', query: NEAR }),
  },
  'GET order/recent-ordered-gallery': { expect: PUBLIC },
  'GET files/{path}': { expect: PUBLIC, req: (f) => ({ path: f.pictureUrl }) },
  'GET health': { expect: PUBLIC },
  'GET kitchen/{id}': { expect: PUBLIC, req: (f) => ({ path: `kitchen/${f.callers.chefA.publisher!.id}` }) },
  'GET rating/{publisherId}/list': {
    expect: PUBLIC,
    req: (f) => ({ path: `rating/${f.callers.chefA.publisher!.id}/list` }),
  },
  'POST contactus': {
    expect: PUBLIC,
    req: () => ({
      path: 'contactus',
      body: { legalName: 'Sam Lee', email: 'sam@example.test', message: 'Hello there' },
    }),
  },
  'GET jobs': { expect: PUBLIC },
  'GET jobs/title/{title}': { expect: all(404), req: () => ({ path: 'jobs/title/no-such-job' }) },
  'GET docs': { expect: PUBLIC },
  'GET docs/{path}': { expect: PUBLIC, req: () => ({ path: 'docs/swagger-ui.css' }) },
  'GET docs/docs/{path}': { expect: PUBLIC, req: () => ({ path: 'docs/docs/swagger-ui.css' }) },
  'GET docs/docs/swagger-ui-init.js': { expect: PUBLIC },
  'GET docs/index.html': { expect: PUBLIC },
  // Swagger UI's static folder has no LICENSE file: the route exists, the file does not.
  'GET docs/LICENSE': { expect: all(404) },
  'GET docs/openapi.json': { expect: PUBLIC },
  'GET docs/swagger-ui-init.js': { expect: PUBLIC },
  // The queue dashboard (bull-board), admins only.
  ...QUEUE_DASHBOARD_ROWS,

  // Kitchens: registration and self-service need only a signed-in owner (pending kitchens use them).
  // An invalid body: the guard let the caller through (400), and no kitchen is created for the matrix's callers.
  'POST publisher': { expect: { ...all(400), anonymous: 401 }, req: () => ({ path: 'publisher', body: {} }) },
  'GET publisher': { expect: { ...SIGNED_IN, customerA: 404, customerB: 404, admin: 404 } },
  'PUT publisher/save': {
    expect: { ...SIGNED_IN, customerA: 404, customerB: 404, admin: 404 },
    req: () => ({ path: 'publisher/save', body: { speciality: 'Curries' } }),
  },
  'GET publisher/findByStatus': {
    expect: PUBLIC,
    req: () => ({ path: 'publisher/findByStatus', query: { status: 'APPROVED' } }),
  },
  'GET publisher/mine': { expect: CHEF },
  'GET publisher/find-by-kitchen-name': {
    expect: PUBLIC,
    req: (f) => ({ path: 'publisher/find-by-kitchen-name', query: { kitchenName: f.chefAKitchenName } }),
  },
  'POST publisher/upload-logo': {
    expect: { ...SIGNED_IN, customerA: 404, customerB: 404, admin: 404, chefA: 415, chefB: 415 },
    req: () => ({ path: 'publisher/upload-logo', file: PNG_OR_PDF('file') }),
  },
  'POST publisher/upload-profile-picture': {
    expect: { ...SIGNED_IN, customerA: 404, customerB: 404, admin: 404, chefA: 415, chefB: 415 },
    req: () => ({ path: 'publisher/upload-profile-picture', file: PNG_OR_PDF('file') }),
  },
  'POST publisher/upload-kitchen-pictures': {
    expect: { ...SIGNED_IN, customerA: 404, customerB: 404, admin: 404, chefA: 415, chefB: 415 },
    req: () => ({ path: 'publisher/upload-kitchen-pictures', file: PNG_OR_PDF('files') }),
  },
  // Identity documents may be PDFs.
  'POST publisher/upload-identity-pictures': {
    expect: { ...SIGNED_IN, customerA: 404, customerB: 404, admin: 404 },
    req: () => ({ path: 'publisher/upload-identity-pictures', file: PNG_OR_PDF('files') }),
  },
  'POST publisher/upload-licenses': {
    expect: { ...SIGNED_IN, customerA: 404, customerB: 404, admin: 404 },
    req: () => ({ path: 'publisher/upload-licenses', file: PNG_OR_PDF('files') }),
  },
  'GET publisher/files/{path}': {
    expect: { ...all('denied'), anonymous: 401, chefA: 'ok', admin: 'ok' },
    req: (f) => ({ path: `publisher/files/${f.privateFileKey}` }),
  },
  'DELETE publisher/files/{path}': {
    expect: { ...all('denied'), anonymous: 401, chefA: 'ok' },
    req: async (f) => ({ path: `publisher/files/${await f.freshPrivateFile()}` }),
  },
  'POST publisher/approve': {
    expect: ADMIN,
    req: async (f) => ({ path: 'publisher/approve', body: { publisherId: await f.freshPendingKitchen() } }),
  },
  'POST publisher/block': {
    expect: ADMIN,
    req: async (f) => ({
      path: 'publisher/block',
      body: { publisherId: await f.freshPendingKitchen(), statusReviewComments: 'Missing permit' },
    }),
  },
  'POST publisher/cache-publisher': {
    expect: ADMIN,
    req: (f) => ({
      path: 'publisher/cache-publisher',
      query: { publisherId: f.callers.chefA.publisher!.id },
    }),
  },
  'POST publisher/re-cache-publishers': { expect: ADMIN },

  // Admin.
  'GET admin/kitchens': { expect: ADMIN },
  'GET admin/audit-log': { expect: ADMIN },
  'POST admin/set-percentage-by-kitchen-name': {
    expect: ADMIN,
    req: (f) => ({
      path: 'admin/set-percentage-by-kitchen-name',
      body: { kitchenName: f.chefAKitchenName, percentage: 20 },
    }),
  },
  'GET admin/settlements': {
    expect: ADMIN,
    req: () => ({ path: 'admin/settlements', query: { status: 'FAILED' } }),
  },
  // No refund or payout of a random date: the guard let the admin through (404).
  'POST admin/settlements/{id}/retry': {
    expect: { ...ADMIN, admin: 404 },
    req: () => ({ path: `admin/settlements/${randomUUID()}/retry` }),
  },
  'GET admin/fetch-percentage-by-kitchen-name': {
    expect: ADMIN,
    req: (f) => ({
      path: 'admin/fetch-percentage-by-kitchen-name',
      query: { kitchenName: f.chefAKitchenName },
    }),
  },

  // Bulk messages (issue 16): admins send, preview, watch and steer them.
  'POST admin': {
    expect: { ...ADMIN, admin: 201 },
    req: () => ({
      path: 'admin',
      body: {
        target_group: 'TEST_EMAIL',
        to: 'access-table@example.com',
        subject: 'Hello',
        content: 'Hi *there*',
      },
    }),
  },
  'POST admin/bulk-messages/preview': {
    expect: { ...ADMIN, admin: 'ok' },
    req: () => ({
      path: 'admin/bulk-messages/preview',
      body: { target_group: 'ALL_USERS', subject: 'Hello', content: 'Hi *there*' },
    }),
  },
  'GET admin/bulk-messages': { expect: ADMIN },
  'GET admin/bulk-messages/users': {
    expect: ADMIN,
    req: () => ({ path: 'admin/bulk-messages/users', query: { query: 'customer' } }),
  },
  'GET admin/bulk-messages/items': {
    expect: ADMIN,
    req: () => ({ path: 'admin/bulk-messages/items', query: { query: 'a' } }),
  },
  'GET admin/bulk-messages/{id}': {
    expect: ADMIN,
    req: async (f) => ({ path: `admin/bulk-messages/${await bulkMessage(f, 'COMPLETED')}` }),
  },
  'GET admin/bulk-messages/{id}/recipients': {
    expect: ADMIN,
    req: async (f) => ({ path: `admin/bulk-messages/${await bulkMessage(f, 'COMPLETED')}/recipients` }),
  },
  'POST admin/bulk-messages/{id}/pause': {
    expect: ADMIN,
    req: async (f) => ({ path: `admin/bulk-messages/${await bulkMessage(f, 'SENDING')}/pause` }),
  },
  'POST admin/bulk-messages/{id}/resume': {
    expect: ADMIN,
    req: async (f) => ({ path: `admin/bulk-messages/${await bulkMessage(f, 'PAUSED')}/resume` }),
  },
  'POST admin/bulk-messages/{id}/cancel': {
    expect: ADMIN,
    req: async (f) => ({ path: `admin/bulk-messages/${await bulkMessage(f, 'PAUSED')}/cancel` }),
  },

  // Stuck payment events (issue 15): admins list them and queue one again.
  'GET admin/payment-events': {
    expect: ADMIN,
    req: () => ({ path: 'admin/payment-events', query: { status: 'FAILED' } }),
  },
  'POST admin/payment-events/{id}/retry': {
    expect: ADMIN,
    req: async (f) => {
      const [row] = (await f.s.db.query(
        `INSERT INTO payment_event (gateway, event_id, type, payload, status, attempts, error)
         VALUES ('stripe', 'evt_access_' || md5(random()::text), 'checkout.session.completed', '{}'::jsonb, 'FAILED', 5, 'Error: test')
         RETURNING id`,
      )) as Array<{ id: string }>;
      return { path: `admin/payment-events/${row.id}/retry` };
    },
  },

  // Payment gateways' callbacks: public (signed by the gateway, not signed in). The matrix's API has no
  // gateway configured, so every caller's unsigned post is refused with 400 and nothing is stored.
  'POST order/stripe/callback': {
    expect: all(400),
    req: () => ({ path: 'order/stripe/callback', body: { id: 'evt_1' } }),
  },
  'POST order/paypal/callback': {
    expect: all(400),
    req: () => ({ path: 'order/paypal/callback', body: { id: 'WH-1' } }),
  },
  'POST order/cash-free/callback': {
    expect: all(400),
    req: () => ({ path: 'order/cash-free/callback', body: { type: 'PAYMENT_SUCCESS_WEBHOOK' } }),
  },
  'POST order/cash-free/payout-callback': {
    expect: all(400),
    req: () => ({ path: 'order/cash-free/payout-callback', body: { event_type: 'TRANSFER_SUCCESS' } }),
  },

  // Cart: the caller's own cart (a guest's by cookie); lines of another cart are not found.
  'GET cart': { expect: PUBLIC },
  'GET cart/count': { expect: PUBLIC },
  'DELETE cart': { expect: PUBLIC },
  'POST cart/items': {
    expect: PUBLIC,
    req: (f) => ({
      path: 'cart/items',
      body: {
        itemId: f.offered.item.id,
        userSelectedPricingOption: { id: f.offered.optionId },
        orderQuantity: 1,
        dates: [{ date: f.offered.dates[1], timeSlots: ['PM_5_7'], deliveryOption: 'DELIVERY' }],
      },
    }),
  },
  'PUT cart/items/{id}': {
    expect: { ...all('denied'), customerA: 'ok' },
    req: async (f) => ({ path: `cart/items/${await f.freshCartLine()}`, body: { orderQuantity: 2 } }),
  },
  'DELETE cart/items/{id}': {
    expect: { ...all('denied'), customerA: 'ok' },
    req: async (f) => ({ path: `cart/items/${await f.freshCartLine()}` }),
  },

  // Orders.
  // Each signed-in caller checks out their own cart (filled by the POST cart/items row); guests cannot.
  'POST order': {
    expect: SIGNED_IN,
    perCell: true,
    req: () => ({ path: 'order', body: { ...orderBody, idempotencyKey: randomUUID() } }),
  },
  'GET order': { expect: SIGNED_IN },
  'GET order/payment-methods': { expect: SIGNED_IN },
  // A's order is paid in cash: there is nothing to pay online (409) and no hold to release (200, released false).
  'POST order/{order}/pay': {
    expect: { ...CUSTOMER_A_OWNS, customerA: 409 },
    req: (f) => ({ path: `order/${f.order.orderNumber}/pay`, body: {} }),
  },
  'POST order/{order}/payment/cancel': {
    expect: CUSTOMER_A_OWNS,
    req: (f) => ({ path: `order/${f.order.orderNumber}/payment/cancel`, body: {} }),
  },
  'POST order/{order}/paypal/capture': {
    expect: { ...CUSTOMER_A_OWNS, customerA: 409 },
    req: (f) => ({ path: `order/${f.order.orderNumber}/paypal/capture`, body: { token: 'PAYPAL-ORDER' } }),
  },
  'GET order/fulfillOrders': { expect: CHEF },
  'GET order/archived/fulfillOrders': { expect: CHEF },
  'GET order/cancelled/fulfillOrders': { expect: CHEF },
  // A chef searches their own kitchen, an admin every kitchen (chef B finds none of A's orders: 200, empty).
  'GET _search/order': {
    expect: CHEF_OR_ADMIN,
    req: (f) => ({ path: '_search/order', query: { query: f.order.orderNumber } }),
  },
  'GET order/search': {
    expect: CHEF_OR_ADMIN,
    req: (f) => ({ path: 'order/search', query: { searchBy: 'id', query: f.order.orderNumber } }),
  },
  'GET order/fulfillOrders/groups': {
    expect: CHEF,
    req: () => ({
      path: 'order/fulfillOrders/groups',
      query: { list: 'archived', deliveryOption: 'PICKUP' },
    }),
  },
  'GET order/fulfillOrders.csv': {
    expect: CHEF,
    req: () => ({ path: 'order/fulfillOrders.csv', query: { list: 'active' } }),
  },
  // Partial success: 200 for every chef and admin, per row. A's own order asked to jump to DELIVERED: the table
  // refuses it for everyone (and chef B reads it as not found), so no cell changes it and A's order stays as
  // the other rows expect; the moves themselves are test/board/board.spec.ts.
  'POST order/bulk-update-status': {
    expect: CHEF_OR_ADMIN,
    req: (f) => ({
      path: 'order/bulk-update-status',
      body: { items: [{ dateSelectionId: f.order.dateSelectionId }], status: 'DELIVERED' },
    }),
  },
  'GET order/prep-sheet': {
    expect: CHEF,
    req: () => ({ path: 'order/prep-sheet', query: { date: '2026-12-01', timeSlot: 'PM_5_7' } }),
  },
  'GET order/prep-sheet.csv': {
    expect: CHEF,
    req: () => ({ path: 'order/prep-sheet.csv', query: { date: '2026-12-01' } }),
  },
  'GET order/{order}': {
    expect: { ...CUSTOMER_A_OWNS, admin: 'ok' },
    req: (f) => ({ path: `order/${f.order.id}` }),
  },
  'POST order/{order}/cartItem/{cartItem}/dateSelection/{date}/cancel': {
    expect: CUSTOMER_A_OWNS,
    req: async (f) => {
      const o = await f.freshOrder();
      return {
        path: `order/${o.orderNumber}/cartItem/${o.cartItemId}/dateSelection/${o.dateSelectionId}/cancel`,
        body: {},
      };
    },
  },
  'POST order/{order}/cartItem/{cartItem}/item/{item}/fulfillmentDate/{date}/status/{status}': {
    expect: { ...CHEF_A_OWNS, admin: 'ok' },
    perCell: true,
    req: async (f) => {
      const o = await f.freshOrder();
      return {
        path: `order/${o.orderNumber}/cartItem/${o.cartItemId}/item/${f.offered.item.id}/fulfillmentDate/${o.date}/status/CONFIRMED`,
        body: {},
      };
    },
  },
  // Cash: chef A records the cash of A's (cash) order; chef B's attempt reads as a missing order.
  'POST order/cash/callback': {
    expect: CHEF_A_OWNS,
    req: async (f) => {
      const o = await f.freshOrder();
      return {
        path: 'order/cash/callback',
        body: { orderNumber: o.orderNumber, dateSelectionIds: [o.dateSelectionId] },
      };
    },
  },
  // Not collected: the date's day has come (moved to yesterday), so chef A may mark it.
  'POST order/{order}/cartItem/{cartItem}/dateSelection/{date}/no-show': {
    expect: CHEF_A_OWNS,
    req: async (f) => {
      const o = await f.freshOrder();
      await f.s.db.query(`UPDATE order_date_selection SET date = current_date - 1 WHERE id = $1`, [
        o.dateSelectionId,
      ]);
      return {
        path: `order/${o.orderNumber}/cartItem/${o.cartItemId}/dateSelection/${o.dateSelectionId}/no-show`,
        body: {},
      };
    },
  },
  // Order messages: customer A and chef A share A's order's thread; everyone else reads it as missing.
  'POST order/send-communication': {
    expect: { ...CUSTOMER_A_OWNS, chefA: 'ok' },
    req: (f) => ({
      path: 'order/send-communication',
      body: { orderNumber: f.order.orderNumber, message: 'Hi' },
    }),
  },
  // Chef A has a live order on that date; chef B has none (409, nobody messaged).
  'POST order/bulk/send-communication': {
    expect: { ...CHEF, chefB: 409 },
    req: (f) => ({
      path: 'order/bulk/send-communication',
      body: { date: f.order.date, message: 'Running late' },
    }),
  },
  'GET order/communications': { expect: SIGNED_IN },
  // Delivery rounds: chef A's round has A's live delivery orders of that date; chef B's own (empty) round never
  // shows A's (test/fulfilment/routes.spec.ts); everyone else is refused.
  'POST order/optimize-routes': {
    expect: CHEF,
    req: (f) => ({ path: 'order/optimize-routes', body: { date: f.order.date } }),
  },
  'GET order/receipts': {
    expect: CHEF,
    req: () => ({ path: 'order/receipts', query: { date: '2026-12-01' } }),
  },
  'GET order/optimize-routes': {
    expect: CHEF,
    req: (f) => ({ path: 'order/optimize-routes', query: { date: f.order.date, format: 'gpx' } }),
  },
  // Dashboards (test/fulfilment/dashboard.spec.ts): each chef sees their own kitchen's numbers; the admin the platform's.
  'GET publisher/dashboard': {
    expect: CHEF,
    req: () => ({ path: 'publisher/dashboard', query: { weeks: '4' } }),
  },
  'GET admin/dashboard': { expect: ADMIN, req: () => ({ path: 'admin/dashboard', query: { weeks: '4' } }) },
  // Only a DELIVERED date may be rated: A's is not yet (409); the others' attempt on A's date is not found.
  'POST rating': {
    expect: { ...all('denied'), anonymous: 401, customerA: 409 },
    req: (f) => ({ path: 'rating', body: { orderDateSelectionId: f.order.dateSelectionId, ratingValue: 5 } }),
  },

  // Settings of a chef's kitchen.
  'GET settings': {
    expect: CHEF_A_OWNS_ADMIN_READS,
    req: (f) => ({ path: 'settings', query: { publisherId: f.callers.chefA.publisher!.id } }),
  },
  'POST settings/save-settings': {
    expect: CHEF,
    req: () => ({ path: 'settings/save-settings', body: { RADIUS: 9 } }),
  },
  'POST settings/upload-file': {
    expect: CHEF,
    req: () => ({ path: 'settings/upload-file', file: PNG_OR_PDF('file') }),
  },
  // Cashfree is for Indian kitchens only: the chefs (US kitchens) are refused by the rule, others by role.
  'POST settings/add-cashfree-beneficiary': {
    expect: { ...CHEF, chefA: 400, chefB: 400 },
    req: () => ({
      path: 'settings/add-cashfree-beneficiary',
      body: {
        name: 'Priya Rao',
        email: 'priya@example.test',
        phone: '9876543210',
        bankAccount: '026291800001191',
        ifsc: 'HDFC0001234',
        address1: '1 Road',
        city: 'Pune',
        state: 'MH',
        pincode: '411001',
      },
    }),
  },
  // Stripe Connect: no gateway keys in this app, so chefs are refused by the rule (409), others by role.
  'GET settings/stripe-account': { expect: CHEF },
  'POST settings/setup-stripe-account': { expect: { ...CHEF, chefA: 409, chefB: 409 } },
  'GET settings/connect-stripe-account': { expect: { ...CHEF, chefA: 409, chefB: 409 } },
  'POST settings/connect-stripe-account': { expect: { ...CHEF, chefA: 409, chefB: 409 } },
  'GET settings/pickup-locations': { expect: CHEF },
  'POST settings/pickup-locations': {
    expect: CHEF,
    req: () => ({ path: 'settings/pickup-locations', body: place }),
  },
  'PUT settings/pickup-locations/{id}': {
    expect: CHEF_A_OWNS,
    req: (f) => ({ path: `settings/pickup-locations/${f.pickupId}`, body: place }),
  },
  'DELETE settings/pickup-locations/{id}': {
    expect: CHEF_A_OWNS,
    req: async (f) => ({ path: `settings/pickup-locations/${await f.freshPickup()}` }),
  },
  'GET secret-code': { expect: CHEF },
  'POST secret-code': { expect: CHEF },

  // Items.
  'POST item': { expect: CHEF, req: () => ({ path: 'item', body: { name: 'Paneer tikka' } }) },
  // `publisherId` is for admins; a chef always lists their own (chef B's list is empty, never A's).
  'GET item': {
    expect: { ...CHEF_OR_ADMIN },
    req: (f) => ({ path: 'item', query: { publisherId: f.callers.chefA.publisher!.id } }),
  },
  'POST item/clone-item': {
    expect: CHEF_A_OWNS,
    req: (f) => ({ path: 'item/clone-item', body: { itemId: f.itemId } }),
  },
  // A visible item of an approved kitchen is public.
  'GET item/{id}': { expect: PUBLIC, req: (f) => ({ path: `item/${f.itemId}` }) },
  'PUT item/{id}': {
    expect: CHEF_A_OWNS,
    req: (f) => ({ path: `item/${f.itemId}`, body: { name: 'Renamed dish' } }),
  },
  'DELETE item/{id}': { expect: CHEF_A_OWNS, req: async (f) => ({ path: `item/${await f.freshItem()}` }) },
  'POST item/{id}/pictures': {
    expect: CHEF_A_OWNS,
    req: (f) => ({
      path: `item/${f.itemId}/pictures`,
      file: { field: 'files', name: 'p.png', content: pngBytesLazy },
    }),
  },
  'DELETE item/{id}/pictures/{pictureId}': {
    expect: CHEF_A_OWNS,
    req: async (f) => {
      const item = await f.freshItem();
      return { path: `item/${item}/pictures/${await f.freshPicture(item)}` };
    },
  },
  'DELETE item/{id}/soldout': { expect: CHEF_A_OWNS, req: (f) => ({ path: `item/${f.itemId}/soldout` }) },
  'POST item/{id}/{action}': {
    expect: CHEF_A_OWNS,
    req: async (f) => ({ path: `item/${await f.freshItem()}/${ITEM_ACTIONS[0]}` }),
  },

  // Menus.
  'POST menu': {
    expect: CHEF,
    req: () => ({ path: 'menu', body: { name: 'Lunch', deliveryZipCodes: ['07302'] } }),
  },
  'GET menu': {
    expect: { ...CHEF_OR_ADMIN },
    req: (f) => ({ path: 'menu', query: { publisherId: f.callers.chefA.publisher!.id } }),
  },
  'POST menu/clone': {
    expect: CHEF_A_OWNS,
    req: (f) => ({ path: 'menu/clone', body: { menuId: f.menuId } }),
  },
  'GET menu/{id}': { expect: CHEF_A_OWNS_ADMIN_READS, req: (f) => ({ path: `menu/${f.menuId}` }) },
  'GET menu/{id}/history': {
    expect: CHEF_A_OWNS_ADMIN_READS,
    req: (f) => ({ path: `menu/${f.menuId}/history` }),
  },
  'GET menu/{id}/impact': {
    expect: CHEF_A_OWNS,
    req: (f) => ({ path: `menu/${f.menuId}/impact`, query: { action: 'PAUSE' } }),
  },
  'PUT menu/{id}': {
    expect: CHEF_A_OWNS,
    req: (f) => ({ path: `menu/${f.menuId}`, body: { name: 'Supper' } }),
  },
  'DELETE menu/{id}': { expect: CHEF_A_OWNS, req: async (f) => ({ path: `menu/${await f.freshMenu()}` }) },
  'POST menu/{id}/items': {
    expect: CHEF_A_OWNS,
    req: (f) => ({ path: `menu/${f.menuId}/items`, body: { items: [f.itemId] } }),
  },
  // A draft menu without items cannot be published (409 for its owner), nor paused or resumed.
  'POST menu/{id}/publish': {
    expect: { ...CHEF_A_OWNS, chefA: 409 },
    req: async (f) => ({ path: `menu/${await f.freshMenu()}/publish` }),
  },
  'POST menu/{id}/pause': {
    expect: { ...CHEF_A_OWNS, chefA: 409 },
    req: (f) => ({ path: `menu/${f.menuId}/pause` }),
  },
  'POST menu/{id}/resume': {
    expect: { ...CHEF_A_OWNS, chefA: 409 },
    req: (f) => ({ path: `menu/${f.menuId}/resume` }),
  },
  'POST menu/{id}/upload_receipts': {
    expect: CHEF_A_OWNS,
    req: (f) => ({ path: `menu/${f.menuId}/upload_receipts`, file: PNG_OR_PDF('files') }),
  },
  'GET menu/{id}/receipts/{receiptId}': {
    expect: CHEF_A_OWNS_ADMIN_READS,
    req: (f) => ({ path: `menu/${f.menuId}/receipts/${f.receiptId}` }),
  },
  'GET menu/{id}/receipts': {
    expect: CHEF_A_OWNS_ADMIN_READS,
    req: (f) => ({ path: `menu/${f.menuId}/receipts` }),
  },
  'DELETE menu/{id}/receipts/{receiptId}': {
    expect: CHEF_A_OWNS,
    req: async (f) => {
      const { menuId, receiptId } = await f.freshReceipt();
      return { path: `menu/${menuId}/receipts/${receiptId}` };
    },
  },

  // Support inbox (test/contact/inbox.spec.ts): contact messages and the admin inbox are the admins'; an
  // enquiry to chef A's kitchen is chef A's and the admins', chef B is told it does not exist.
  'GET contactus': { expect: ADMIN },
  'GET contactus/{id}': {
    expect: ADMIN,
    req: async (f) => ({ path: `contactus/${await contactMessage(f)}` }),
  },
  'POST contactus/response': {
    expect: ADMIN,
    req: async (f) => ({
      path: 'contactus/response',
      body: { id: await contactMessage(f), response: 'Hi Sam' },
    }),
  },
  'POST contactus/{id}/close': {
    expect: ADMIN,
    req: async (f) => ({ path: `contactus/${await contactMessage(f)}/close` }),
  },
  'POST contactus/{id}/reopen': {
    expect: ADMIN,
    req: async (f) => ({ path: `contactus/${await contactMessage(f, 'CLOSED')}/reopen` }),
  },
  'GET _search/contactus': {
    expect: ADMIN,
    req: () => ({ path: '_search/contactus', query: { query: 'hello' } }),
  },
  'GET admin/inbox': { expect: ADMIN, req: () => ({ path: 'admin/inbox', query: { query: 'hello' } }) },
  'GET admin/inbox/feedback/{id}': {
    expect: ADMIN,
    req: async (f) => {
      const [row] = (await f.s.db.query(
        `INSERT INTO feedback (message) VALUES ('Lovely app') RETURNING id`,
      )) as Array<{ id: string }>;
      return { path: `admin/inbox/feedback/${row.id}` };
    },
  },
  'POST enquiries': {
    expect: PUBLIC,
    req: () => ({
      path: 'enquiries',
      body: {
        enquiryType: 'ENQUIRY_GENERAL',
        firstName: 'Sam',
        email: 'sam@example.test',
        message: 'Do you deliver on Sundays?',
      },
    }),
  },
  'GET enquiries': { expect: CHEF_OR_ADMIN },
  'GET enquiries/open-count': { expect: CHEF },
  'GET enquiries/{id}': {
    expect: CHEF_A_OWNS_ADMIN_READS,
    req: async (f) => ({ path: `enquiries/${(await enquiryToChefA(f)).id}` }),
  },
  'POST enquiries/{id}/response': {
    expect: CHEF_A_OWNS_ADMIN_READS,
    perCell: true,
    req: async (f) => ({
      path: `enquiries/${(await enquiryToChefA(f)).id}/response`,
      body: { response: 'Yes, we do.' },
    }),
  },
  'POST enquiries/{id}/close': {
    expect: CHEF_A_OWNS_ADMIN_READS,
    perCell: true,
    req: async (f) => ({ path: `enquiries/${(await enquiryToChefA(f)).id}/close` }),
  },
  'POST enquiries/{id}/reopen': {
    expect: CHEF_A_OWNS_ADMIN_READS,
    perCell: true,
    req: async (f) => {
      const { id } = await enquiryToChefA(f);
      await f.s.db.query(`UPDATE enquiry SET status = 'CLOSED' WHERE id = $1`, [id]);
      return { path: `enquiries/${id}/reopen` };
    },
  },
  'GET enquiries/{id}/files/{name}': {
    expect: CHEF_A_OWNS_ADMIN_READS,
    req: async (f) => {
      const { id, file } = await enquiryToChefA(f);
      return { path: `enquiries/${id}/files/${file}` };
    },
  },
};

async function pngBytesLazy(): Promise<Buffer> {
  const { pngBytes } = await import('./fixtures.js');
  return pngBytes();
}
