import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { json, problem, readBody, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let route: typeof import('./_default.items.$itemId');
let getToast: typeof import('~/lib/ui/toast.server').getToast;

const API = '/services/publisher/api';
const ITEM = 'a8c0cf7f-170c-4913-a308-a0fc48ba8b22';
const OPTION = '6c1f4f4e-3c4b-4d55-9a39-0c8d7c2f0a11';

const item = {
  id: ITEM,
  publisherId: 'k1',
  publishedBy: 'priyas-kitchen',
  name: 'Dal Tadka',
  description: 'Yellow lentils.',
  ingredients: 'Lentils, ghee',
  organicIngredients: null,
  sideEffects: null,
  healthBenefits: null,
  medicalFriendly: ['Gluten Free'],
  foodType: ['VEG'],
  deliveryOptions: ['PICKUP', 'DELIVERY'],
  bestBefore: 3,
  serves: 2,
  maxAllowedOrders: 10,
  deliveryFees: '4.99',
  deliveryMinimumAmount: '0.00',
  pricingOptions: [
    { id: OPTION, measurement: 'Bowl', quantity: 1, chefPrice: '9.00', serves: 2, currencyCode: 'USD' },
  ],
  nutrition: { calories: 320, calories_percent: 16 },
  itemPictures: [],
  itemStatus: 'ACTIVE',
  soldOut: false,
  soldOutDates: [],
  currencyCode: 'USD',
  menuDates: ['2026-11-24', '2026-11-26'],
};

const slot = { slot: 'PM_5_7', label: '5 PM – 7 PM', startLabel: '5:00 PM', endLabel: '7:00 PM' };
const menu = (
  orderable: boolean,
  items = [{ id: ITEM, fulfilmentOptions: ['PICKUP', 'DELIVERY'], soldOut: false, remaining: 8, orderable }],
) => ({
  menuId: 'm1',
  name: 'Weeknight Thali',
  timeSlots: [slot],
  cutoffAt: '2026-11-24T10:00:00.000Z',
  orderable,
  fulfilmentOptions: ['PICKUP', 'DELIVERY'],
  deliveryFees: '4.99',
  catering: { enabled: false, cutoffAt: null },
  items,
});
const kitchen = {
  id: 'k1',
  kitchenName: 'priyas-kitchen',
  brandDisplayName: "Priya's Kitchen",
  logo: null,
  rating: { value: 4.9, count: 128 },
  pickupLocations: [],
  currencyCode: 'USD',
  timeZone: 'America/New_York',
  dates: [
    { date: '2026-11-22', label: 'Sunday 22 Nov', menus: [menu(false)] },
    { date: '2026-11-24', label: 'Tuesday 24 Nov', menus: [menu(true)] },
    { date: '2026-11-25', label: 'Wednesday 25 Nov', menus: [menu(true, [])] },
    { date: '2026-11-26', label: 'Thursday 26 Nov', menus: [menu(true)] },
  ],
};

const cartWithDal = {
  cartItems: [{ cartItemId: 'c1', itemId: ITEM, item: { id: ITEM, name: 'Dal Tadka' } }],
};
const ADD_ONE: [string, string][] = [
  ['intent', 'add-to-cart'],
  ['pricingOption', OPTION],
  ['slot', '2026-11-24|PM_5_7'],
  ['deliveryOption', 'DELIVERY'],
];

async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .filter((c) => c.startsWith('hearth_toast='))
    .map((c) => c.split(';')[0])
    .join('; ');
  return (await getToast(new Request('http://hearth.test/', { headers: { Cookie: cookie } }))).toast;
}

interface AddResult {
  data: { values: Record<string, unknown>; fieldErrors: Record<string, string>; formErrors: string[] };
  init: ResponseInit;
}

function post(fields: [string, string][], cookie?: string) {
  const request = pageRequest(`/items/${ITEM}`, undefined, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: cookie ? { Cookie: cookie } : {},
  });
  return route.action({ request, params: { itemId: ITEM }, context: {} });
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.items.$itemId');
  ({ getToast } = await import('~/lib/ui/toast.server'));
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/item/${ITEM}`, (_req, res) => json(res, 200, item));
  api.on(`${API}/kitchen/k1`, (_req, res) => json(res, 200, kitchen));
});

describe('/items/{id}', () => {
  it('shows the dates the item is on a menu for, with slots, cut-off and what is closed, and its reviews', async () => {
    api.on(`${API}/rating/k1/list`, (req, res) => {
      expect(new URL(req.url ?? '', 'http://x').searchParams.get('itemId')).toBe(ITEM);
      json(res, 200, [
        {
          id: 'r1',
          ratingValue: 5,
          reviewBody: 'Lovely',
          reviewedItemId: ITEM,
          itemName: 'Dal Tadka',
          userName: 'Jo',
          datePublished: '2026-11-01T00:00:00Z',
          images: ['public/ratings/k1/r1/800.webp'],
        },
      ]);
    });
    const result = await route.loader({
      request: pageRequest(`/items/${ITEM}?date=2026-11-24`),
      params: { itemId: ITEM },
      context: {},
    });
    expect(
      result.dates.map((d) => [d.date, d.orderable, d.closedReason, d.slots.map((s) => s.slot)]),
    ).toEqual([
      ['2026-11-22', false, 'Orders closed', ['PM_5_7']],
      ['2026-11-24', true, null, ['PM_5_7']],
      ['2026-11-26', true, null, ['PM_5_7']],
    ]);
    expect(result.dates[1]).toMatchObject({ cutoffAt: '2026-11-24T10:00:00.000Z', remaining: 8 });
    expect(result.deliveryOptions).toEqual(['PICKUP', 'DELIVERY']);
    expect(result.reviews?.map((r) => [r.id, r.images])).toEqual([
      ['r1', ['/services/publisher/api/files/public/ratings/k1/r1/800.webp']],
    ]);
    expect(result.kitchenReviews).toEqual([]);
    expect(result.kitchen.name).toBe("Priya's Kitchen");
    expect(result.preselectDate).toBe('2026-11-24');
    // One clock: the kitchen's zone, whatever the server's (no tz cookie here).
    expect(result.timeZone).toBe('America/New_York');
  });

  it('answers 404 for an item the API does not show', async () => {
    const { status } = await thrownBy(
      route.loader({ request: pageRequest('/items/nope'), params: { itemId: 'nope' }, context: {} }),
    );
    expect(status).toBe(404);
  });

  // Issue 12 item 6 changed where it goes: back to the page it came from, not always to the cart.
  it('adds the item for the ticked dates and slots, then comes back to the page with what it added and the guest cart cookie', async () => {
    let body: unknown;
    api.on(`${API}/cart/items`, async (req, res) => {
      body = JSON.parse((await readBody(req)).toString());
      json(res, 201, cartWithDal, { 'Set-Cookie': 'hearth_cart=tok; Path=/; HttpOnly; SameSite=Lax' });
    });
    const response = (await post([
      ['intent', 'add-to-cart'],
      ['pricingOption', OPTION],
      ['slot', '2026-11-26|PM_5_7'],
      ['slot', '2026-11-24|PM_5_7'],
      ['slot', '2026-11-24|LUNCH_12PM'],
      ['deliveryOption', 'DELIVERY'],
      ['orderQuantity', '2'],
      ['isCateringItem', 'on'],
      ['redirectTo', `/items/${ITEM}?date=2026-11-24`],
    ])) as Response;
    expect(body).toEqual({
      itemId: ITEM,
      userSelectedPricingOption: { id: OPTION },
      dates: [
        { date: '2026-11-24', timeSlots: ['PM_5_7', 'LUNCH_12PM'], deliveryOption: 'DELIVERY' },
        { date: '2026-11-26', timeSlots: ['PM_5_7'], deliveryOption: 'DELIVERY' },
      ],
      orderQuantity: 2,
      isCateringItem: true,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`/items/${ITEM}?date=2026-11-24`);
    const cookies = response.headers.getSetCookie();
    expect(cookies).toContain('hearth_cart=tok; Path=/; HttpOnly; SameSite=Lax');
    expect(await toastOf(response)).toMatchObject({
      kind: 'positive',
      text: 'Added 2 × Dal Tadka for Tue, Nov 24 and Thu, Nov 26 to your cart',
    });
  });

  it('comes back to the item page when redirectTo is not a path of this site', async () => {
    api.on(`${API}/cart/items`, (_req, res) => json(res, 201, cartWithDal));
    for (const redirectTo of ['//evil.example/x', '/\t/evil.example', 'https://evil.example/']) {
      const response = (await post([...ADD_ONE, ['redirectTo', redirectTo]])) as Response;
      expect(response.headers.get('Location'), redirectTo).toBe(`/items/${ITEM}`);
    }
  });

  it('answers in place when the script asks (a fetcher): what it added, and the cart cookie', async () => {
    api.on(`${API}/cart/items`, (_req, res) =>
      json(res, 201, cartWithDal, { 'Set-Cookie': 'hearth_cart=tok; Path=/; HttpOnly; SameSite=Lax' }),
    );
    const result = (await post([...ADD_ONE, ['inPlace', '1'], ['redirectTo', '/kitchen/k1']])) as unknown as {
      data: unknown;
      init: ResponseInit;
    };
    expect(result.data).toEqual({
      ok: true,
      itemId: ITEM,
      message: 'Added Dal Tadka for Tue, Nov 24 to your cart',
    });
    expect(new Headers(result.init.headers).getSetCookie()).toContain(
      'hearth_cart=tok; Path=/; HttpOnly; SameSite=Lax',
    );
  });

  it('keeps what was chosen and says what is missing (400) without calling the API', async () => {
    const result = (await post([
      ['intent', 'add-to-cart'],
      ['pricingOption', OPTION],
      ['orderQuantity', '0'],
    ])) as unknown as AddResult;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      slots: 'Choose at least one date and time slot.',
      orderQuantity: 'Enter a whole number from 1 to 100.',
      deliveryOption: 'Choose pickup or delivery.',
    });
    expect(result.data.values).toMatchObject({ pricingOption: OPTION, orderQuantity: '0' });
    expect(api.requests.some((r) => r.url.endsWith('/cart/items'))).toBe(false);
  });

  it("shows the API's refusal (past the cut-off, sold out) beside the form with its status", async () => {
    api.on(`${API}/cart/items`, (_req, res) =>
      json(res, 409, {
        type: 'https://hearth.example/problems/sold-out',
        title: 'Sold out',
        status: 409,
        detail: 'Only 1 portion of "Dal Tadka" is left for Tue, Nov 24.',
        message: 'error.soldout',
        path: '/cart/items',
      }),
    );
    const fields: [string, string][] = [
      ['intent', 'add-to-cart'],
      ['pricingOption', OPTION],
      ['slot', '2026-11-24|PM_5_7'],
      ['deliveryOption', 'PICKUP'],
      ['orderQuantity', '3'],
    ];
    const result = (await post(fields)) as unknown as AddResult;
    expect(result.init.status).toBe(409);
    expect(result.data.formErrors).toEqual(['Only 1 portion of "Dal Tadka" is left for Tue, Nov 24.']);
    expect(result.data.values).toMatchObject({
      slots: ['2026-11-24|PM_5_7'],
      deliveryOption: 'PICKUP',
      orderQuantity: '3',
    });
  });

  it("puts the API's field errors (400) beside the form's fields", async () => {
    api.on(`${API}/cart/items`, (_req, res) =>
      json(res, 400, {
        type: 'https://hearth.example/problems/validation',
        title: 'Bad Request',
        status: 400,
        message: 'error.validation',
        path: '/cart/items',
        fieldErrors: [
          {
            field: 'userSelectedPricingOption.id',
            message: 'Choose one of the pricing options of "Dal Tadka".',
          },
          { field: 'dates[0].date', message: '2026-11-24 is listed twice' },
          { field: 'dates[0].deliveryOption', message: 'deliveryOption must be PICKUP or DELIVERY' },
        ],
      }),
    );
    const result = (await post([
      ['intent', 'add-to-cart'],
      ['pricingOption', OPTION],
      ['slot', '2026-11-24|PM_5_7'],
      ['deliveryOption', 'DELIVERY'],
    ])) as unknown as AddResult;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      pricingOption: 'Choose one of the pricing options of "Dal Tadka".',
      slots: '2026-11-24 is listed twice',
      deliveryOption: 'deliveryOption must be PICKUP or DELIVERY',
    });
  });

  it('still renders the item when the kitchen dates or reviews cannot be had', async () => {
    api.on(`${API}/kitchen/k1`, (_req, res) => problem(res, 503, 'Service Unavailable', '/kitchen/k1'));
    const result = await route.loader({
      request: pageRequest(`/items/${ITEM}`),
      params: { itemId: ITEM },
      context: {},
    });
    expect(result).toMatchObject({ datesKnown: false, dates: [], reviews: null });
  });
});
