/**
 * Whole-document tests (the built app behind the real Express server, a fake API, no JavaScript) of what
 * issue 12 changed: addresses without coordinates and shown once per part, the chef search's count, the
 * search box's example dishes, and payout fields that fit the kitchen's country.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_EXAMPLE_DISHES } from '@hearth/shared';
import { fakeMe } from './test/auth-fixtures';
import { primaryPlace, settings } from './test/chef-fixtures';
import { json, readBody, startFakeApi } from './test/fake-api';
import type { FakeApi } from './test/fake-api';
import { startWebServer } from './test/web-server';
import type { WebServer } from './test/web-server';

const API = '/services/publisher/api';
const CUSTOMER = { Cookie: 'hearth_session=customer' };
const CHEF = { Cookie: 'hearth_session=chef' };

let api: FakeApi;
let web: WebServer;

async function page(pathname: string, init?: Parameters<WebServer['fetch']>[1]) {
  const response = await web.fetch(pathname, init);
  return { response, html: await response.text() };
}

function text(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** The `<form …>…</form>` whose accessible name is `label`. */
function formNamed(html: string, label: string): string {
  const start = html.indexOf(`aria-label="${label}"`);
  const labelled = html.indexOf(`<h2 id="add-title"`);
  const from = start >= 0 ? html.lastIndexOf('<form', start) : html.indexOf('<form', labelled);
  return html.slice(from, html.indexOf('</form>', from));
}

const inputNamed = (html: string, name: string) =>
  new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];

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
});

describe('delivery addresses without coordinates', () => {
  const saved = {
    id: 'a1',
    name: 'Home',
    address: '77 Hudson St, Jersey City, NJ 07302, United States',
    addressLine1: '77 Hudson St',
    addressLine2: null,
    city: 'Jersey City',
    state: 'NJ',
    country: 'United States',
    // As the demo data had it: the locality repeating the city.
    locality: 'Jersey City',
    district: null,
    zipcode: '07302',
    locationType: 'RESIDENTIAL',
    deliveryNote: null,
    lat: 40.7168,
    lng: -74.0335,
    isUnderUse: true,
  };

  it('asks for no latitude or longitude: the zip code places a US address (hidden fields only)', async () => {
    api.on(`${API}/consumer/delivery/address`, (_req, res) => json(res, 200, [saved]));
    const { response, html } = await page('/l/addresses', { headers: CUSTOMER });
    expect(response.status).toBe(200);
    expect(html).not.toMatch(/Latitude|Longitude/);
    const add = formNamed(html, 'Add an address');
    expect(inputNamed(add, 'lat')).toMatch(/type="hidden"/);
    expect(inputNamed(add, 'lng')).toMatch(/type="hidden"/);
    expect(inputNamed(add, 'zipcode')).toBeDefined();
    // "Use my location" needs JavaScript: the page without it has no such button.
    expect(html).not.toContain('Use my location');
    // Each part once: no "Jersey City, Jersey City".
    expect(text(html)).toContain('77 Hudson St, Jersey City, NJ 07302, United States');
    expect(text(html)).not.toContain('Jersey City, Jersey City');
  });

  it('saves an address sent without coordinates and says so', async () => {
    let sent: Record<string, unknown> = {};
    api.on(`${API}/consumer/delivery/address`, async (req, res) => {
      if (req.method === 'GET') return json(res, 200, []);
      sent = JSON.parse((await readBody(req)).toString()) as Record<string, unknown>;
      json(res, 201, { ...saved, ...sent, id: 'a2', lat: 40.7217, lng: -74.0475 });
    });
    const form = new URLSearchParams({
      intent: 'create',
      formId: 'add',
      name: 'Home',
      addressLine1: '77 Hudson St',
      city: 'Jersey City',
      state: 'NJ',
      zipcode: '07302',
      country: 'United States',
      lat: '',
      lng: '',
    });
    const { response } = await page('/l/addresses', {
      method: 'POST',
      headers: { ...CUSTOMER, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(response.status).toBe(302);
    expect(sent).toMatchObject({ zipcode: '07302', lat: null, lng: null });
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { html } = await page('/l/addresses', { headers: { Cookie: `${CUSTOMER.Cookie}; ${cookie}` } });
    expect(text(html)).toMatch(/Address( “[^”]*”)? added/);
  });

  it('asks for coordinates, with the why and how, only when the API could not place the address', async () => {
    const why = 'We cannot place postcode 018956 in Singapore yet, so we need this address’s position.';
    api.on(`${API}/consumer/delivery/address`, (req, res) => {
      if (req.method === 'GET') return json(res, 200, []);
      json(
        res,
        400,
        {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          detail: why,
          message: 'error.validation',
          fieldErrors: [{ field: 'lat', message: why }],
        },
        { 'Content-Type': 'application/problem+json' },
      );
    });
    const form = new URLSearchParams({
      intent: 'create',
      formId: 'add',
      name: 'Home',
      addressLine1: '1 Marina Blvd',
      city: 'Singapore',
      zipcode: '018956',
      country: 'Singapore',
      lat: '',
      lng: '',
    });
    const { response, html } = await page('/l/addresses', {
      method: 'POST',
      headers: { ...CUSTOMER, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(response.status).toBe(400);
    const add = formNamed(html, 'Add an address');
    expect(inputNamed(add, 'lat')).toMatch(/type="number"/);
    expect(inputNamed(add, 'lng')).toMatch(/type="number"/);
    expect(text(add)).toContain('Latitude');
    expect(text(add)).toContain(why);
    expect(text(add)).toContain('We measure the distance to kitchens from this point.');
  });
});

describe('the chef search', () => {
  const kitchen = (n: number) => ({
    kitchen: { id: `k${n}`, kitchenName: `kitchen-${n}`, brandDisplayName: `Kitchen ${n}`, logo: null },
    rating: { value: 4.5, count: 10 },
    currencyCode: 'USD',
    menus: [`Supper ${n}`, `Brunch ${n}`],
    nextDates: [{ date: '2026-11-24', timeSlots: ['PM_5_7'], orderBefore: '2026-11-24T10:00:00.000Z' }],
    distance: n / 10,
    distanceUnit: 'miles',
  });
  const located = (total: number) => ({
    'X-Total-Count': String(total),
    'X-Distance-Unit': 'miles',
    'X-Search-Distance': '15',
    'X-Search-Zip': '07302',
    'X-Search-Country': 'US',
    'X-Search-Location-Source': 'zip',
  });
  const cards = (html: string) => html.split('data-testid="kitchen-result"').length - 1;

  it('counts the kitchen cards it lists, one per kitchen however many of its menus match', async () => {
    api.on(`${API}/_search/kitchens`, (_req, res) =>
      json(res, 200, [kitchen(1), kitchen(2), kitchen(3)], located(3)),
    );
    const { html } = await page('/l/find-chefs?zip=07302&country=US');
    expect(cards(html)).toBe(3);
    expect(text(html)).toContain('3 kitchens within 15 miles of 07302.');
  });

  it('says which of them a page shows when there are more than one page holds', async () => {
    api.on(`${API}/_search/kitchens`, (_req, res) =>
      json(
        res,
        200,
        Array.from({ length: 12 }, (_, n) => kitchen(n + 1)),
        located(20),
      ),
    );
    const { html } = await page('/l/find-chefs?zip=07302&country=US');
    expect(cards(html)).toBe(12);
    expect(text(html)).toContain('Showing 1–12 of 20 kitchens within 15 miles of 07302.');
    expect(text(html)).toContain('Page 1 of 2');
  });

  it('suggests dishes the demo data has', async () => {
    const { html } = await page('/l/find-items');
    expect(html).toContain(`placeholder="${SEARCH_EXAMPLE_DISHES.join(', ')}…"`);
  });
});

describe('payout fields that fit the kitchen', () => {
  it('shows no Indian bank fields (IFSC, Cashfree) to a US kitchen, and no Indian payment methods', async () => {
    api.on(`${API}/settings`, (_req, res) => json(res, 200, settings));
    api.on(`${API}/settings/stripe-account`, (_req, res) =>
      json(res, 200, {
        state: 'NOT_SET_UP',
        accountId: null,
        chargesEnabled: false,
        payoutsEnabled: false,
        detailsSubmitted: false,
      }),
    );
    const { response, html } = await page('/l/settings', { headers: CHEF });
    expect(response.status).toBe(200);
    expect(text(html)).not.toMatch(/IFSC|Cashfree|Paytm|PIN code/);
    expect(html).not.toMatch(/name="(accountNumber|ifsc|pincode)"/);
    // Getting paid: the Stripe state and a plain form that goes to Stripe's onboarding.
    expect(text(html)).toContain('Getting paid');
    expect(text(html)).toContain('Not set up.');
    expect(html).toMatch(/<input type="hidden" name="intent" value="stripe-setup"\/>/);
    expect(text(html)).toContain('Set up card payments with Stripe');
    expect(text(html)).toContain('Card (Stripe) (needs Stripe onboarding first, under Getting paid)');
    expect(inputNamed(html, 'CASH_MAX_ORDER_VALUE')).toBeDefined();
    expect(text(html)).toContain('Largest order you accept in cash');
  });

  it('says card payments are enabled once Stripe says so, and offers to continue an unfinished onboarding', async () => {
    api.on(`${API}/settings`, (_req, res) => json(res, 200, settings));
    const account = { accountId: 'acct_1', detailsSubmitted: true };
    api.on(`${API}/settings/stripe-account`, (_req, res) =>
      json(res, 200, { ...account, state: 'ENABLED', chargesEnabled: true, payoutsEnabled: true }),
    );
    const enabled = text((await page('/l/settings', { headers: CHEF })).html);
    expect(enabled).toContain('Card payments enabled. Payouts enabled.');
    expect(enabled).not.toContain('Set up card payments with Stripe');

    api.reset();
    api.on(`${API}/auth/me`, fakeMe);
    api.on(`${API}/settings`, (_req, res) => json(res, 200, settings));
    api.on(`${API}/settings/stripe-account`, (_req, res) =>
      json(res, 200, { ...account, state: 'ONBOARDING', chargesEnabled: false, payoutsEnabled: false }),
    );
    const onboarding = text((await page('/l/settings', { headers: CHEF })).html);
    expect(onboarding).toContain('Onboarding incomplete');
    expect(onboarding).toContain('Continue onboarding');
  });

  it('shows the Cashfree bank account form (account number, IFSC) to an Indian kitchen', async () => {
    const india = {
      ...primaryPlace,
      city: 'Hyderabad',
      state: 'Telangana',
      zipcode: '500081',
      country: 'India',
    };
    api.on(`${API}/settings`, (_req, res) => json(res, 200, { ...settings, PICKUP_LOCATIONS: [india] }));
    const { html } = await page('/l/settings', { headers: CHEF });
    expect(html).toContain('name="ifsc"');
    expect(html).toContain('name="accountNumber"');
    expect(text(html)).toContain('Cashfree payouts (India)');
    expect(text(html)).not.toContain('Stripe or PayPal');
    expect(api.requests.some((r) => r.url.includes('stripe-account'))).toBe(false);
  });

  it('says the Indian bank account is registered with Cashfree', async () => {
    const india = {
      ...primaryPlace,
      city: 'Hyderabad',
      state: 'Telangana',
      zipcode: '500081',
      country: 'India',
    };
    const bank = {
      beneId: 'HEARTH1',
      name: 'Priya Raman',
      email: null,
      phone: null,
      bankAccount: '••••••••9012',
      ifsc: 'HDFC0001234',
      address1: null,
      city: null,
      state: null,
      pincode: null,
      createdAt: '2026-11-20T12:00:00.000Z',
    };
    api.on(`${API}/settings`, (_req, res) =>
      json(res, 200, {
        ...settings,
        PICKUP_LOCATIONS: [india],
        CASH_FREE: { ...bank, registeredWithGateway: true },
      }),
    );
    const shown = text((await page('/l/settings', { headers: CHEF })).html);
    expect(shown).toMatch(
      /Bank account ending 9012 \(HDFC0001234\): Registered with Cashfree ?\. Your payouts go to it\./,
    );
  });
});
