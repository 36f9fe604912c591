/**
 * The chef's orders page as the browser gets it, for cash dates (issue 15 item 7): "Cash received" and
 * "Not collected…" as plain forms and links, the no-show confirm step, and how each date is paid.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe } from './test/auth-fixtures';
import { json, startFakeApi } from './test/fake-api';
import type { FakeApi } from './test/fake-api';
import { startWebServer } from './test/web-server';
import type { WebServer } from './test/web-server';

const API = '/services/publisher/api';
const CHEF = { Cookie: 'hearth_session=chef' };

let api: FakeApi;
let web: WebServer;

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const base = {
  orderNumber: 'HR-7K2F-9Q4M',
  orderId: '66666666-6666-4666-8666-666666666666',
  orderedDate: '2026-11-20T12:00:00.000Z',
  cartItemId: '11111111-1111-4111-8111-111111111111',
  itemId: '44444444-4444-4444-8444-444444444444',
  itemName: 'Dal Tadka',
  orderQuantity: 1,
  timeSlots: ['PM_5_7'],
  deliveryOption: 'PICKUP',
  orderStatus: 'PICKUP_READY',
  paymentStatus: 'INITIATED',
  paymentMethod: 'CASH_ON_PICKUP_DELIVERY',
  payoutRefundStatus: 'DEFAULT',
  payoutRefundAmount: null,
  cashReceivedAt: null,
  noShowAt: null,
  nextStatuses: ['DELIVERED', 'CANCELLED'],
  itemTotal: '9.00',
  deliveryFee: '0.00',
  netAmountPerDate: '9.00',
  settlement: { state: 'DUE', amount: '9.00' },
  currencyCode: 'USD',
  customer: { name: 'Casey Jones', phone: '+1 201 555 0100' },
  deliveryAddress: null,
  pickupLocation: null,
  note: null,
};
const TODAY = { ...base, dateSelectionId: '22222222-2222-4222-8222-222222222222', date: '2026-11-24' };
const LATER = {
  ...base,
  dateSelectionId: '33333333-3333-4333-8333-333333333333',
  date: '2026-11-27',
  orderStatus: 'PLACED',
};
const ONLINE = {
  ...base,
  dateSelectionId: '77777777-7777-4777-8777-777777777777',
  date: '2026-11-28',
  paymentMethod: 'STRIPE_CARD',
  paymentStatus: 'COMPLETED',
  payoutRefundStatus: 'FAILED',
  payoutRefundAmount: '7.20',
  payoutRefundError: 'insufficient_capabilities_for_transfer',
};

beforeAll(async () => {
  api = await startFakeApi();
  web = await startWebServer({ API_URL: api.url });
});
afterAll(async () => {
  await web?.stop();
  await api?.close();
});
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/publisher`, (_req, res) => json(res, 200, { id: 'k1', timeZone: null }));
  api.on(`${API}/order/fulfillOrders`, (_req, res) =>
    json(
      res,
      200,
      [
        { ...TODAY, canRecordCash: true, canMarkNoShow: true },
        { ...LATER, canRecordCash: true, canMarkNoShow: false },
        { ...ONLINE, canRecordCash: false, canMarkNoShow: false },
      ],
      { 'X-Total-Count': '3' },
    ),
  );
});

describe("the chef's cash dates", () => {
  it('offers "Cash received" as a form and "Not collected…" as a link only once the day has come', async () => {
    const res = await web.fetch('/l/orders/kitchen', { headers: CHEF });
    expect(res.status).toBe(200);
    const html = await res.text();
    const cards = html.split('data-testid="fulfilment"').slice(1);
    expect(cards).toHaveLength(3);
    const [today, later, online] = cards;
    expect(today).toMatch(/<input type="hidden" name="intent" value="cash"\/>/);
    expect(text(today)).toContain('Cash received');
    expect(text(today)).toContain('Cash due: $9.00.');
    expect(today).toContain(
      `href="/l/orders/kitchen?noShow=${TODAY.dateSelectionId}#no-show-${TODAY.dateSelectionId}"`,
    );
    expect(text(later)).toContain('Cash received');
    expect(text(later)).not.toContain('Not collected');
    expect(online).not.toContain('value="cash"');
    expect(text(online)).toContain(
      'Paid online · Payout: failed ($7.20) — insufficient_capabilities_for_transfer.',
    );
  });

  it('asks before marking a date not collected, saying it counts against the customer', async () => {
    const res = await web.fetch(`/l/orders/kitchen?noShow=${TODAY.dateSelectionId}`, { headers: CHEF });
    const html = await res.text();
    const shown = text(html);
    expect(shown).toContain('Mark 1 × Dal Tadka on');
    expect(shown).toContain('It counts against them');
    expect(html).toMatch(/<input type="hidden" name="intent" value="no-show"\/>/);
    expect(shown).toContain('Mark as not collected');
    expect(shown).toContain('Keep it open');
    // A date that cannot be marked does not open the step.
    const refused = text(
      await (await web.fetch(`/l/orders/kitchen?noShow=${LATER.dateSelectionId}`, { headers: CHEF })).text(),
    );
    expect(refused).toContain('can no longer be marked as not collected');
    expect(refused).not.toContain('Mark as not collected');
  });
});
