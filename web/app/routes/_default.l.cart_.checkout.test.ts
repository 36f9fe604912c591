import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { BRANDS, cartDto, validCartDto } from '~/test/cart-fixtures';
import { json, readBody, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';

let api: FakeApi;
let route: typeof import('./_default.l.cart_.checkout');
let getToast: typeof import('~/lib/ui/toast.server').getToast;

const API = '/services/publisher/api';
const KEY = '0b6f8f3e-5d1c-4b9a-8e7f-6a5b4c3d2e1f';
const PICKUP_PLACE = '9a9a9a9a-1111-4222-8333-444444444444';

const pickupCart = {
  ...validCartDto,
  cartItems: validCartDto.cartItems.map((l, i) =>
    i === 2
      ? { ...l, dates: l.dates.map((d) => ({ ...d, deliveryOption: 'PICKUP', pickupLocationId: null })) }
      : l,
  ),
};

interface Result {
  data: { values: Record<string, unknown>; fieldErrors: Record<string, string>; formErrors: string[] };
  init: ResponseInit;
}

function post(fields: [string, string][]) {
  const request = pageRequest('/l/cart/checkout', 'customer', {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  return route.action({ request, params: {}, context: {} });
}

const contact: [string, string][] = [
  ['intent', 'place-order'],
  ['idempotencyKey', KEY],
  ['contactName', 'Casey Customer'],
  ['contactEmail', 'customer@hearth.test'],
  ['contactPhone', '+1 201 555 0100'],
  ['paymentMethod', 'CASH_ON_PICKUP_DELIVERY'],
];

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.cart_.checkout');
  ({ getToast } = await import('~/lib/ui/toast.server'));
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/publisher/find-by-kitchen-name`, (req, res) => {
    const name = new URL(req.url ?? '', 'http://x').searchParams.get('kitchenName') ?? '';
    json(res, 200, { kitchenName: name, brandDisplayName: BRANDS[name] ?? name });
  });
  api.on(`${API}/consumer/delivery/address`, (_req, res) => json(res, 200, []));
  api.on(`${API}/consumer`, (_req, res) => json(res, 200, { consumerContactDetails: null }));
});

describe('/l/cart/checkout', () => {
  it('sends a guest to sign in and back to checkout', async () => {
    const thrown = await route
      .loader({ request: pageRequest('/l/cart/checkout'), params: {}, context: {} })
      .catch((e: unknown) => e);
    expect((thrown as Response).headers.get('Location')).toBe(
      '/services/publisher/api/auth/login?redirect=%2Fl%2Fcart%2Fcheckout',
    );
  });

  it('sends a cart that cannot be checked out back to the cart, saying why', async () => {
    api.on(`${API}/cart`, (_req, res) => json(res, 200, cartDto));
    const thrown = (await route
      .loader({ request: pageRequest('/l/cart/checkout', 'customer'), params: {}, context: {} })
      .catch((e: unknown) => e)) as Response;
    expect(thrown.headers.get('Location')).toBe('/l/cart');
    const cookie = thrown.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(
      (await getToast(new Request('http://hearth.test/', { headers: { Cookie: cookie } }))).toast,
    ).toMatchObject({
      kind: 'warning',
      text: 'Add more of "Greek Salad": delivery needs a minimum of $25.00.',
    });
  });

  it("offers the kitchen's pickup places for each pickup line, and asks for an address only for deliveries", async () => {
    api.on(`${API}/cart`, (_req, res) => json(res, 200, pickupCart));
    api.on(`${API}/kitchen/${pickupCart.cartItems[2].item.publisherId}`, (_req, res) =>
      json(res, 200, {
        pickupLocations: [
          {
            id: PICKUP_PLACE,
            isPrimary: true,
            name: 'Kitchen door',
            addressLine1: '1 Washington St',
            city: 'Hoboken',
            country: 'United States',
          },
        ],
      }),
    );
    const result = (await route.loader({
      request: pageRequest('/l/cart/checkout', 'customer'),
      params: {},
      context: {},
    })) as unknown as {
      data: {
        needsAddress: boolean;
        pickups: { cartItemId: string; kitchenName: string; places: { id: string }[] }[];
        idempotencyKey: string;
      };
    };
    expect(result.data.needsAddress).toBe(true);
    expect(result.data.pickups).toMatchObject([
      { cartItemId: 'line-salad', kitchenName: 'Hoboken Harvest', places: [{ id: PICKUP_PLACE }] },
    ]);
    expect(result.data.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('places the order with a new address and pickup choices, and shows its status page with "Order HR-… placed"', async () => {
    let body: unknown;
    api.on(`${API}/order`, async (req, res) => {
      body = JSON.parse((await readBody(req)).toString());
      json(res, 201, { orderNumber: 'HR-7K2F-9Q4M' });
    });
    const response = (await post([
      ...contact,
      ['deliveryAddressId', 'new'],
      ['addressLine1', '77 Hudson St'],
      ['city', 'Jersey City'],
      ['state', 'NJ'],
      ['zipcode', '07302'],
      ['country', 'United States'],
      ['deliveryNote', 'Doorman'],
      ['pickup.line-salad', PICKUP_PLACE],
      ['note', 'No onions please'],
    ])) as Response;
    expect(body).toEqual({
      contact: { name: 'Casey Customer', email: 'customer@hearth.test', phone: '+1 201 555 0100' },
      deliveryAddress: {
        name: 'Home',
        addressLine1: '77 Hudson St',
        addressLine2: null,
        city: 'Jersey City',
        state: 'NJ',
        zipcode: '07302',
        country: 'United States',
        deliveryNote: 'Doorman',
      },
      pickupLocations: [{ cartItemId: 'line-salad', pickupLocationId: PICKUP_PLACE }],
      note: 'No onions please',
      paymentMethod: 'CASH_ON_PICKUP_DELIVERY',
      idempotencyKey: KEY,
    });
    expect(response.headers.get('Location')).toBe('/l/orders/order-status?orderNumber=HR-7K2F-9Q4M');
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(
      (await getToast(new Request('http://hearth.test/', { headers: { Cookie: cookie } }))).toast,
    ).toMatchObject({
      kind: 'positive',
      text: 'Order HR-7K2F-9Q4M placed',
    });
  });

  it('lists the methods the API offers for the cart, the reasons for the others and the test-gateway label', async () => {
    api.on(`${API}/cart`, (_req, res) => json(res, 200, validCartDto));
    const methods = [
      {
        method: 'STRIPE_CARD',
        label: 'Card',
        gateway: 'stripe',
        offered: true,
        reason: null,
        testMode: true,
      },
      {
        method: 'CASH_ON_PICKUP_DELIVERY',
        label: 'Cash on pickup or delivery',
        gateway: 'cash',
        offered: false,
        reason: "Cash isn't offered: 2 orders were not collected in the last 180 days.",
        testMode: false,
      },
    ];
    api.on(`${API}/order/payment-methods`, (_req, res) =>
      json(res, 200, { currencyCode: 'USD', orderTotal: '40.00', methods }),
    );
    const result = (await route.loader({
      request: pageRequest('/l/cart/checkout', 'customer'),
      params: {},
      context: {},
    })) as unknown as { data: { paymentMethods: unknown } };
    expect(result.data.paymentMethods).toEqual(methods);
  });

  it('falls back to cash only when the API cannot say which methods the cart has', async () => {
    api.on(`${API}/cart`, (_req, res) => json(res, 200, validCartDto));
    const result = (await route.loader({
      request: pageRequest('/l/cart/checkout', 'customer'),
      params: {},
      context: {},
    })) as unknown as { data: { paymentMethods: { method: string; offered: boolean }[] } };
    expect(result.data.paymentMethods).toMatchObject([{ method: 'CASH_ON_PICKUP_DELIVERY', offered: true }]);
  });

  it("an online method goes on to the gateway's hosted page with a 303 (no JavaScript needed)", async () => {
    let body: { paymentMethod?: string } = {};
    api.on(`${API}/order`, async (req, res) => {
      body = JSON.parse((await readBody(req)).toString());
      json(res, 201, {
        orderNumber: 'HR-7K2F-9Q4M',
        paymentUrl: 'http://127.0.0.1:8190/stripe/checkout/cs_test_1',
        paymentError: null,
      });
    });
    const response = (await post([
      ...contact.filter(([k]) => k !== 'paymentMethod'),
      ['paymentMethod', 'STRIPE_CARD'],
    ])) as Response;
    expect(body.paymentMethod).toBe('STRIPE_CARD');
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('http://127.0.0.1:8190/stripe/checkout/cs_test_1');
  });

  it('when the payment page could not be opened, goes to the payment page of the held order (Pay now)', async () => {
    api.on(`${API}/order`, (_req, res) =>
      json(res, 201, {
        orderNumber: 'HR-7K2F-9Q4M',
        paymentUrl: null,
        paymentError: 'Stripe did not answer.',
      }),
    );
    const response = (await post([
      ...contact.filter(([k]) => k !== 'paymentMethod'),
      ['paymentMethod', 'PAYPAL'],
    ])) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/l/orders/payment?orderNumber=HR-7K2F-9Q4M');
  });

  it("shows the API's reason a method is not offered beside the payment choice", async () => {
    api.on(`${API}/order`, (_req, res) =>
      json(res, 400, {
        type: 'https://hearth.example/problems/validation',
        title: 'Bad Request',
        status: 400,
        message: 'error.validation',
        path: '/order',
        fieldErrors: [
          {
            field: 'paymentMethod',
            message: "Card isn't offered: Dosa Den can't receive card payments yet.",
          },
        ],
      }),
    );
    const result = (await post([
      ...contact.filter(([k]) => k !== 'paymentMethod'),
      ['paymentMethod', 'STRIPE_CARD'],
    ])) as unknown as Result;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors.paymentMethod).toBe(
      "Card isn't offered: Dosa Den can't receive card payments yet.",
    );
  });

  it("puts the API's field errors beside the fields (400), keeping what was typed and the same key", async () => {
    api.on(`${API}/order`, (_req, res) =>
      json(res, 400, {
        type: 'https://hearth.example/problems/validation',
        title: 'Bad Request',
        status: 400,
        message: 'error.validation',
        path: '/order',
        fieldErrors: [
          {
            field: 'contact.phone',
            message: 'contact.phone must be a phone number (digits, spaces, + ( ) . -)',
          },
          { field: 'deliveryAddress.city', message: 'city is required' },
          {
            field: 'deliveryAddressId',
            message: 'Choose a delivery address (or give a new one) for the items to be delivered.',
          },
        ],
      }),
    );
    const result = (await post([
      ...contact.filter(([k]) => k !== 'contactPhone'),
      ['contactPhone', 'call me'],
      ['deliveryAddressId', 'new'],
    ])) as unknown as Result;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      contactPhone: 'contact.phone must be a phone number (digits, spaces, + ( ) . -)',
      city: 'city is required',
      deliveryAddressId: 'Choose a delivery address (or give a new one) for the items to be delivered.',
    });
    expect(result.data.values).toMatchObject({ contactPhone: 'call me', idempotencyKey: KEY });
  });

  it("shows the API's sentence for a cut-off that passed while checking out (409)", async () => {
    api.on(`${API}/order`, (_req, res) =>
      json(res, 409, {
        type: 'https://hearth.example/problems/conflict',
        title: 'Conflict',
        status: 409,
        detail:
          'Some of your cart can no longer be ordered: Orders for "Dal Tadka" on Tue, Nov 24 closed on Tue, Nov 24 at 5:00 AM EST. Review your cart and try again.',
        message: 'error.cart.changed',
        path: '/order',
      }),
    );
    const result = (await post([
      ...contact,
      ['deliveryAddressId', '4f7d2c1e-0000-4000-8000-000000000001'],
    ])) as unknown as Result;
    expect(result.init.status).toBe(409);
    expect(result.data.formErrors[0]).toMatch(
      /^Some of your cart can no longer be ordered: Orders for "Dal Tadka"/,
    );
  });

  it("shows the API's sentence for a customer over a cap (409), and a 429 as the Too Many Requests page", async () => {
    const detail =
      "You can order at most 10 portions from Priya's Kitchen for Sun, Nov 29; this order would make it 12. Lower the quantity in your cart and try again.";
    api.on(`${API}/order`, (_req, res) =>
      json(res, 409, {
        type: 'https://hearth.example/problems/conflict',
        title: 'Conflict',
        status: 409,
        detail,
        message: 'error.order.portion_limit',
        path: '/order',
      }),
    );
    const form: [string, string][] = [
      ...contact,
      ['deliveryAddressId', '4f7d2c1e-0000-4000-8000-000000000001'],
    ];
    const capped = (await post(form)) as unknown as Result;
    expect(capped.init.status).toBe(409);
    expect(capped.data.formErrors).toEqual([detail]);

    api.on(`${API}/order`, (_req, res) =>
      json(
        res,
        429,
        {
          type: 'https://hearth.example/problems/too-many-requests',
          title: 'Too Many Requests',
          status: 429,
          detail: 'Too many requests. Try again in 40 seconds.',
          message: 'error.http.429',
          path: '/order',
        },
        { 'Retry-After': '40' },
      ),
    );
    const limited = await post(form).catch((e: unknown) => e);
    expect(limited).toMatchObject({
      data: 'Too many requests. Try again in 40 seconds.',
      init: { status: 429 },
    });
  });

  it('refuses a form without a checkout key or without a known payment method', async () => {
    const noKey = (await post(contact.filter(([k]) => k !== 'idempotencyKey'))) as unknown as Result;
    expect(noKey.init.status).toBe(400);
    expect(noKey.data.formErrors).toEqual([
      'This checkout form has expired. Please review your order and place it again.',
    ]);
    const card = (await post([
      ...contact.filter(([k]) => k !== 'paymentMethod'),
      ['paymentMethod', 'BITCOIN'],
    ])) as unknown as Result;
    expect(card.data.fieldErrors).toEqual({ paymentMethod: 'Choose how you will pay.' });
    const none = (await post(contact.filter(([k]) => k !== 'paymentMethod'))) as unknown as Result;
    expect(none.data.fieldErrors).toEqual({ paymentMethod: 'Choose how you will pay.' });
    expect(api.requests.some((r) => r.url === `${API}/order`)).toBe(false);
  });
});
