/**
 * Whole-document tests of buying without JavaScript: the built app behind the real Express server, a
 * real HTTP server standing in for the API, and plain HTML forms posted the way a browser posts them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe } from './test/auth-fixtures';
import { BRANDS, cartDto, validCartDto } from './test/cart-fixtures';
import { json, readBody, startFakeApi } from './test/fake-api';
import type { FakeApi } from './test/fake-api';
import { startWebServer } from './test/web-server';
import type { WebServer } from './test/web-server';

const API = '/services/publisher/api';
const CUSTOMER = { Cookie: 'hearth_session=customer' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let api: FakeApi;
let web: WebServer;

async function page(pathname: string, init?: Parameters<WebServer['fetch']>[1]) {
  const response = await web.fetch(pathname, init);
  return { response, html: await response.text() };
}

/** The HTML between each `data-testid="{id}"` and the next one (rough, but enough to count inside). */
function sections(html: string, testId: string): string[] {
  return html.split(`data-testid="${testId}"`).slice(1);
}

function count(html: string, needle: string): number {
  return html.split(needle).length - 1;
}

function text(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

function hiddenValue(html: string, name: string): string | undefined {
  return new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1];
}

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
  api.on(`${API}/publisher/find-by-kitchen-name`, (req, res) => {
    const name = new URL(req.url ?? '', 'http://x').searchParams.get('kitchenName') ?? '';
    json(res, 200, { kitchenName: name, brandDisplayName: BRANDS[name] ?? name });
  });
});

describe('the cart page', () => {
  it('groups lines by chef and date and charges each delivery fee once per chef, date and slot', async () => {
    api.on(`${API}/cart`, (_req, res) => json(res, 200, cartDto));
    const { response, html } = await page('/l/cart', { headers: { Cookie: 'hearth_cart=guest-token' } });
    expect(response.status).toBe(200);
    const [priya, hoboken, ...others] = sections(html, 'cart-chef');
    expect(others).toHaveLength(0);
    expect(text(priya)).toContain("Priya's Kitchen");
    const [tuesday, thursday] = sections(priya.split('data-testid="cart-line"')[0], 'cart-date');
    // Two dishes travel together on Tuesday: one fee. Thursday is its own trip.
    expect(text(tuesday)).toMatch(
      /Dal Tadka.*Butter Chicken.*Delivery fee · 5 PM – 7 PM Charged once for 2 items \$4\.99/,
    );
    expect(count(tuesday, 'data-testid="delivery-fee"')).toBe(1);
    expect(count(thursday, 'data-testid="delivery-fee"')).toBe(1);
    expect(count(hoboken, 'data-testid="delivery-fee"')).toBe(1);
    expect(count(html, 'data-testid="delivery-fee"')).toBe(3);
    // Item total = price × quantity × slots × dates; totals per chef and per currency, as the API priced them.
    expect(text(priya)).toContain('$9.00 × 1 × 1 slot × 2 dates = $18.00');
    expect(text(priya)).toContain('$14.50 × 2 × 1 slot × 1 date = $29.00');
    expect(text(priya)).toMatch(/Items \$47\.00 Delivery fees \$9\.98 Priya's Kitchen total \$56\.98/);
    expect(text(html)).toMatch(/Cart total \(USD\) \$71\.97/);
  });

  it('says what was removed and why, and disables checkout while a delivery minimum is not met', async () => {
    api.on(`${API}/cart`, (_req, res) => json(res, 200, cartDto));
    const { html } = await page('/l/cart', { headers: { Cookie: 'hearth_cart=guest-token' } });
    expect(text(html)).toContain('"Apple Pie" was removed from your cart: its date 2026-11-20 has passed.');
    expect(text(html)).toContain('Add more of "Greek Salad": delivery needs a minimum of $25.00.');
    expect(html).toMatch(
      /<button type="button" class="[^"]*" disabled="" aria-describedby="cart-errors">Check out<\/button>/,
    );
    // Quantity and remove are plain forms with an intent.
    expect(count(html, '<input type="hidden" name="intent" value="update"/>')).toBe(3);
    expect(count(html, '<input type="hidden" name="intent" value="remove"/>')).toBe(3);
  });

  it('sends a guest to sign in on the way to checkout, and a customer straight there', async () => {
    api.on(`${API}/cart`, (_req, res) => json(res, 200, validCartDto));
    const guest = await page('/l/cart');
    expect(guest.html).toContain('href="/services/publisher/api/auth/login?redirect=%2Fl%2Fcart%2Fcheckout"');
    const customer = await page('/l/cart', { headers: CUSTOMER });
    expect(customer.html).toContain('href="/l/cart/checkout"');
  });
});

describe('checkout', () => {
  beforeEach(() => {
    api.on(`${API}/cart`, (_req, res) => json(res, 200, validCartDto));
    api.on(`${API}/consumer/delivery/address`, (_req, res) =>
      json(res, 200, [
        {
          id: '4f7d2c1e-0000-4000-8000-000000000001',
          name: 'Home',
          addressLine1: '77 Hudson St',
          city: 'Jersey City',
          state: 'NJ',
          zipcode: '07302',
          country: 'United States',
          isUnderUse: true,
        },
      ]),
    );
    api.on(`${API}/consumer`, (_req, res) =>
      json(res, 200, { consumerContactDetails: { phone: '+1 201 555 0100' } }),
    );
  });

  it('renders a new idempotency key each time, prefilled contact details and cash as the only payment', async () => {
    const first = await page('/l/cart/checkout', { headers: CUSTOMER });
    const second = await page('/l/cart/checkout', { headers: CUSTOMER });
    expect(first.response.status).toBe(200);
    const key = hiddenValue(first.html, 'idempotencyKey');
    expect(key).toMatch(UUID);
    expect(hiddenValue(second.html, 'idempotencyKey')).not.toBe(key);
    expect(first.html).toContain('value="Casey Customer"');
    expect(first.html).toContain('value="+1 201 555 0100"');
    expect(count(first.html, 'name="paymentMethod"')).toBe(1);
    expect(first.html).toContain('value="CASH_ON_PICKUP_DELIVERY"');
  });

  it('places one order when the same form is submitted twice', async () => {
    const orders = new Map<string, string>();
    const keys: string[] = [];
    api.on(`${API}/order`, async (req, res) => {
      const body = JSON.parse((await readBody(req)).toString()) as { idempotencyKey: string };
      keys.push(body.idempotencyKey);
      const known = orders.get(body.idempotencyKey);
      if (!known) orders.set(body.idempotencyKey, `HR-${orders.size + 1}`);
      json(res, known ? 200 : 201, { orderNumber: orders.get(body.idempotencyKey) });
    });
    const { html } = await page('/l/cart/checkout', { headers: CUSTOMER });
    const form = new URLSearchParams({
      intent: 'place-order',
      idempotencyKey: hiddenValue(html, 'idempotencyKey') ?? '',
      contactName: 'Casey Customer',
      contactEmail: 'customer@hearth.test',
      contactPhone: '+1 201 555 0100',
      deliveryAddressId: '4f7d2c1e-0000-4000-8000-000000000001',
      paymentMethod: 'CASH_ON_PICKUP_DELIVERY',
    });
    const post = () => web.fetch('/l/cart/checkout', { method: 'POST', headers: CUSTOMER, body: form });
    const [a, b] = await Promise.all([post(), post()]);
    expect([a.status, b.status]).toEqual([302, 302]);
    expect(a.headers.get('Location')).toBe('/l/orders/order-status?orderNumber=HR-1');
    expect(b.headers.get('Location')).toBe('/l/orders/order-status?orderNumber=HR-1');
    expect(orders.size).toBe(1);
    expect(keys).toHaveLength(2);
  });

  it("shows a sold-out refusal in the API's words and keeps the form, key included", async () => {
    api.on(`${API}/order`, (_req, res) =>
      json(res, 409, {
        type: 'https://hearth.example/problems/sold-out',
        title: 'Sold out',
        status: 409,
        detail: 'Only 1 portion of "Dal Tadka" is left for Tue, Nov 24.',
        message: 'error.soldout',
        path: '/order',
      }),
    );
    const key = '0b6f8f3e-5d1c-4b9a-8e7f-6a5b4c3d2e1f';
    const { response, html } = await page('/l/cart/checkout', {
      method: 'POST',
      headers: CUSTOMER,
      body: new URLSearchParams({
        intent: 'place-order',
        idempotencyKey: key,
        contactName: 'Casey Customer',
        contactEmail: 'customer@hearth.test',
        contactPhone: '+1 201 555 0100',
        deliveryAddressId: '4f7d2c1e-0000-4000-8000-000000000001',
        note: 'Ring twice',
        paymentMethod: 'CASH_ON_PICKUP_DELIVERY',
      }),
    });
    expect(response.status).toBe(409);
    expect(text(html)).toContain('Only 1 portion of "Dal Tadka" is left for Tue, Nov 24.');
    expect(hiddenValue(html, 'idempotencyKey')).toBe(key);
    expect(html).toContain('Ring twice</textarea>');
  });
});

describe('rating a delivered date', () => {
  it('posts stars, words and pictures to the API as multipart, and comes back to the order', async () => {
    let received: FormData | undefined;
    api.on(`${API}/rating`, async (req, res) => {
      const body = await readBody(req);
      received = await new Response(new Uint8Array(body), {
        headers: { 'Content-Type': req.headers['content-type'] ?? '' },
      }).formData();
      json(res, 201, { id: 'r1' });
    });
    const form = new FormData();
    for (const [k, v] of Object.entries({
      intent: 'rate',
      orderNumber: 'HR-7K2F',
      cartItemId: '11111111-1111-4111-8111-111111111111',
      dateSelectionId: '22222222-2222-4222-8222-222222222222',
      itemId: '33333333-3333-4333-8333-333333333333',
      publisherId: '44444444-4444-4444-8444-444444444444',
      ratingValue: '4',
      reviewBody: 'Crispy and warm',
    }))
      form.set(k, v);
    form.append(
      'images',
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'plate.png', { type: 'image/png' }),
    );
    form.append('images', new File([new Uint8Array([0xff, 0xd8, 0xff])], 'bowl.jpg', { type: 'image/jpeg' }));
    form.append('images', new File([], '', { type: 'application/octet-stream' })); // an empty file input
    const response = await web.fetch('/l/orders/order-status?orderNumber=HR-7K2F', {
      method: 'POST',
      headers: CUSTOMER,
      body: form,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/l/orders/order-status?orderNumber=HR-7K2F');
    expect([...(received?.keys() ?? [])].sort()).toEqual([
      'images',
      'images',
      'orderDateSelectionId',
      'ratingValue',
      'reviewBody',
    ]);
    expect(received?.get('ratingValue')).toBe('4');
    expect(received?.get('reviewBody')).toBe('Crispy and warm');
    expect(received?.get('orderDateSelectionId')).toBe('22222222-2222-4222-8222-222222222222');
    const images = received?.getAll('images') as File[];
    expect(images.map((f) => [f.name, f.type, f.size])).toEqual([
      ['plate.png', 'image/png', 4],
      ['bowl.jpg', 'image/jpeg', 3],
    ]);
  });
});

describe('searching without JavaScript', () => {
  it('keeps the GET form filled in and lists the dishes found', async () => {
    api.on(`${API}/_search/07302/US/items`, (_req, res) =>
      json(
        res,
        200,
        [
          {
            id: 'i1',
            name: 'Dal Tadka',
            picture: null,
            price: '9.00',
            currencyCode: 'USD',
            measurement: 'Bowl',
            foodTypes: ['VEG'],
            medicalFriendly: [],
            deliveryOptions: ['DELIVERY'],
            rating: { value: 4.9, count: 128 },
            kitchen: {
              id: 'k1',
              kitchenName: 'priyas-kitchen',
              brandDisplayName: "Priya's Kitchen",
              logo: null,
            },
            nextDate: { date: '2026-11-24', timeSlots: ['PM_5_7'], orderBefore: '2026-11-24T10:00:00.000Z' },
            distance: 0.4,
            distanceUnit: 'miles',
          },
        ],
        {
          'X-Total-Count': '1',
          'X-Distance-Unit': 'miles',
          'X-Search-Distance': '15',
          'X-Search-Zip': '07302',
          'X-Search-Location-Source': 'zip',
        },
      ),
    );
    const { response, html } = await page('/l/find-items?zip=07302&country=US&query=dal&foodType=VEG');
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('hearth_where='))).toBe(true);
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/l\/find-items"/);
    expect(html).toMatch(/name="zip" value="07302"|value="07302"[^>]*name="zip"/);
    expect(html).toMatch(/<option value="VEG" selected="">/);
    expect(text(html)).toContain('1 dish within 15 miles of 07302.');
    expect(text(html)).toContain('Dal Tadka $9.00 / Bowl 0.4 miles away');
    expect(html).toContain('href="/items/i1"');
  });
});
