import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import {
  API,
  ITEM_ID,
  MENU_ID,
  dataOf,
  item,
  jsonBody,
  menu,
  postForm,
  primaryPlace,
  sendProblem,
  settings,
} from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';
import { getToast } from '~/lib/ui/toast.server';

async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return (await getToast(new Request('http://hearth.test/', { headers: { Cookie: cookie } }))).toast;
}

let api: FakeApi;
let list: typeof import('./_default.l.manage-menus._index');
let create: typeof import('./_default.l.manage-menus.new');
let edit: typeof import('./_default.l.manage-menus.$id.edit');

const PAGE = '/l/manage-menus';

type Result = {
  intent: string;
  target: string | null;
  values: Record<string, unknown>;
  fieldErrors: Record<string, string>;
  formErrors: string[];
};

/** The menu form filled in for a weekly Friday menu with pickup at the kitchen. */
const weekly: Record<string, string | string[]> = {
  intent: 'save',
  name: 'Friday soups',
  description: '',
  menuType: 'RECURRING',
  deliveryDate: '2030-01-04',
  occurrence: 'weeks',
  repeatsEvery: '1',
  repeatsOn: ['FR'],
  monthRepeatsOn: '',
  'ends.endsOnOrAfter': 'After',
  'ends.endsAfterOccurrences': '4',
  'ends.endsOnDate': '',
  deliveryTimeSlots: ['PM_5_7', 'PM_7_9'],
  offerPickup: 'on',
  associatedAddress: primaryPlace.id,
  deliveryRadius: '5',
  deliveryMeasurment: 'miles',
  deliveryFees: '3.50',
  deliveryZipCodes: '07302',
  delivery_order_minimum_amount: '0',
  stopOrdersByDaysOrHours: '12',
  stopOrdersType: 'Hours',
  stopOrdersByDaysOrHoursForCatering: '2',
  stopOrdersTypeForCatering: 'Days',
  eventDate: '',
  eventTime: '',
  items: [ITEM_ID],
};

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  list = await import('./_default.l.manage-menus._index');
  create = await import('./_default.l.manage-menus.new');
  edit = await import('./_default.l.manage-menus.$id.edit');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/menu`, (_req, res) =>
    json(res, 200, [menu, { ...menu, id: 'm-2', name: 'Sunday roast', status: 'PUBLISHED' }]),
  );
  api.on(`${API}/item`, (_req, res) => json(res, 200, [item]));
  api.on(`${API}/settings`, (_req, res) => json(res, 200, settings));
  api.on(`${API}/publisher/mine`, (_req, res) =>
    json(res, 200, { id: 'k-1', kitchenName: 'robins-kitchen' }),
  );
});

describe('/l/manage-menus', () => {
  it('is for chefs: anonymous visitors sign in first, customers get the 403 page', async () => {
    const anonymous = await list
      .loader({ request: pageRequest(PAGE), params: {}, context: {} })
      .catch((e: unknown) => e);
    expect((anonymous as Response).headers.get('Location')).toBe(
      '/services/publisher/api/auth/login?redirect=%2Fl%2Fmanage-menus',
    );
    expect(
      (await thrownBy(list.loader({ request: pageRequest(PAGE, 'customer'), params: {}, context: {} })))
        .status,
    ).toBe(403);
  });

  it("loads the chef's menus, items and kitchen", async () => {
    const result = await list.loader({ request: pageRequest(PAGE, 'chef'), params: {}, context: {} });
    expect(result.menus.map((m) => m.status)).toEqual(['DRAFT', 'PUBLISHED']);
    expect(result.items).toHaveLength(1);
    expect(result.kitchen).toEqual({ id: 'k-1', kitchenName: 'robins-kitchen' });
    expect(api.requests.map((r) => r.url)).toContain(`${API}/menu?page=0&size=100`);
  });

  it("shows a publish refusal as the API's own sentence, on that menu", async () => {
    api.on(`${API}/menu/${MENU_ID}/publish`, (_req, res) =>
      sendProblem(res, 409, 'Add at least one item before publishing.'),
    );
    const result = dataOf<Result>(await postForm(list.action, PAGE, { intent: 'publish', target: MENU_ID }));
    expect(result.status).toBe(409);
    expect(result.data).toMatchObject({
      intent: 'publish',
      target: MENU_ID,
      formErrors: ['Add at least one item before publishing.'],
    });
  });

  it.each([
    ['publish', 'Friday soups published — customers can order from it now'],
    ['resume', 'Friday soups resumed — customers see it again'],
  ])('%s posts menu/{id}/%s, comes back to the menu and says so', async (intent, text) => {
    api.on(`${API}/menu/${MENU_ID}/${intent}`, (_req, res) => json(res, 200, menu));
    const response = (await postForm(list.action, PAGE, { intent, target: MENU_ID })) as Response;
    expect(api.requests.find((r) => r.url === `${API}/menu/${MENU_ID}/${intent}`)?.method).toBe('POST');
    expect(response.headers.get('Location')).toBe(`${PAGE}#menu-${MENU_ID}`);
    expect(await toastOf(response)).toMatchObject({ kind: 'positive', text });
  });

  it.each(['pause', 'delete-menu', 'delete-date', 'delete-item'])(
    'no longer %ss in one click: only its confirm step does',
    async (intent) => {
      const result = (await postForm(list.action, PAGE, { intent, target: MENU_ID, date: '2030-01-11' })) as {
        init: ResponseInit;
      };
      expect(result.init.status).toBe(400);
      expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    },
  );

  it('clones a menu and opens the copy to edit', async () => {
    api.on(`${API}/menu/clone`, async (req, res) => {
      expect(await jsonBody(req)).toEqual({ menuId: MENU_ID });
      json(res, 201, { ...menu, id: 'copy-1' });
    });
    const response = (await postForm(list.action, PAGE, {
      intent: 'clone-menu',
      target: MENU_ID,
    })) as Response;
    expect(response.headers.get('Location')).toBe(`${PAGE}/copy-1/edit`);
    expect(await toastOf(response)).toMatchObject({ text: 'Made a draft copy: Friday soups' });
  });

  it.each([
    ['item-soldout', 'soldout'],
    ['item-available', 'available'],
    ['item-hide', 'hide'],
    ['item-show', 'show'],
  ])('%s posts item/{id}/%s', async (intent, action) => {
    api.on(`${API}/item/${ITEM_ID}/${action}`, (_req, res) => json(res, 200, item));
    const response = (await postForm(list.action, PAGE, { intent, target: ITEM_ID })) as Response;
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.text).toMatch(
      /^Tomato soup (marked sold out|is available again|hidden|is shown to customers again)/,
    );
    expect(
      api.requests.some((r) => r.url === `${API}/item/${ITEM_ID}/${action}` && r.method === 'POST'),
    ).toBe(true);
  });

  it('clones items and opens the copy', async () => {
    api.on(`${API}/item/clone-item`, (_req, res) =>
      json(res, 201, { ...item, id: 'item-copy', name: 'Tomato soup (copy)' }),
    );
    const cloned = (await postForm(list.action, PAGE, { intent: 'clone-item', target: ITEM_ID })) as Response;
    expect(cloned.headers.get('Location')).toBe(`${PAGE}/items/item-copy`);
    expect(await toastOf(cloned)).toMatchObject({ text: 'Made a copy: Tomato soup (copy)' });
  });
});

describe('/l/manage-menus/new and /l/manage-menus/{id}/edit', () => {
  it('starts a new menu from the chef settings: pickup at the kitchen, delivery radius, cut-off', async () => {
    const result = await create.loader({
      request: pageRequest(`${PAGE}/new`, 'chef'),
      params: {},
      context: {},
    });
    expect(result.defaults).toMatchObject({
      associatedAddress: primaryPlace.id,
      offerPickup: 'on',
      offerDelivery: 'on',
      deliveryRadius: '5',
      deliveryFees: '3.50',
      stopOrdersByDaysOrHours: '12',
      stopOrdersType: 'Hours',
      deliveryTimeSlots: ['PM_5_7'],
    });
    expect(result.pickupLocations).toHaveLength(1);
  });

  it('creates a weekly menu as the API expects it, then goes back to the menus', async () => {
    let body: Record<string, unknown> = {};
    api.on(`${API}/menu`, async (req, res) => {
      body = (await jsonBody(req)) as Record<string, unknown>;
      json(res, 201, { ...menu, id: 'new-menu' });
    });
    const response = (await postForm(create.action, `${PAGE}/new`, {
      ...weekly,
      offerDelivery: 'on',
    })) as Response;
    expect(body).toEqual({
      name: 'Friday soups',
      menuType: 'RECURRING',
      deliveryDate: '2030-01-04',
      occurrence: 'weeks',
      repeatsEvery: 1,
      repeatsOn: ['FR'],
      monthRepeatsOn: null,
      ends: { endsOnOrAfter: 'After', endsAfterOccurrences: 4, endsOnDate: null },
      autoExtend: false,
      deliveryTimeSlots: ['PM_5_7', 'PM_7_9'],
      associatedAddress: primaryPlace.id,
      deliveryRadius: 5,
      deliveryZipCodes: ['07302'],
      deliveryMeasurment: 'miles',
      deliveryFees: '3.50',
      delivery_order_minimum_amount: '0',
      stopOrdersByDaysOrHours: 12,
      stopOrdersType: 'Hours',
      cateringEnabled: false,
      isPrivate: false,
      stopOrdersByDaysOrHoursForCatering: 2,
      stopOrdersTypeForCatering: 'Days',
      eventDate: null,
      eventTime: null,
      items: [ITEM_ID],
    });
    expect(response.headers.get('Location')).toBe(`${PAGE}#menu-new-menu`);
  });

  it('sends a private menu when "Private" is ticked', async () => {
    let body: Record<string, unknown> = {};
    api.on(`${API}/menu`, async (req, res) => {
      body = (await jsonBody(req)) as Record<string, unknown>;
      json(res, 201, { ...menu, id: 'new-menu', isPrivate: true });
    });
    await postForm(create.action, `${PAGE}/new`, { ...weekly, offerDelivery: 'on', isPrivate: 'on' });
    expect(body.isPrivate).toBe(true);
  });

  it('sends no delivery when delivery is unticked, and no pickup when pickup is unticked', async () => {
    let body: Record<string, unknown> = {};
    api.on(`${API}/menu`, async (req, res) => {
      body = (await jsonBody(req)) as Record<string, unknown>;
      json(res, 201, menu);
    });
    await postForm(create.action, `${PAGE}/new`, {
      ...weekly,
      offerPickup: '',
      menuType: 'ONETIME',
      offerDelivery: 'on',
    });
    expect(body).toMatchObject({ associatedAddress: null, deliveryRadius: 5, menuType: 'ONETIME' });
    expect(body).not.toHaveProperty('occurrence');
    await postForm(create.action, `${PAGE}/new`, weekly);
    expect(body).toMatchObject({
      associatedAddress: primaryPlace.id,
      deliveryRadius: null,
      deliveryZipCodes: [],
    });
  });

  it('asks for a radius or zip codes when delivery is ticked without them, keeping the form', async () => {
    const result = dataOf<Result>(
      await postForm(create.action, `${PAGE}/new`, {
        ...weekly,
        offerDelivery: 'on',
        deliveryRadius: '',
        deliveryZipCodes: '',
      }),
    );
    expect(result.status).toBe(400);
    expect(result.data.fieldErrors.deliveryRadius).toBe(
      'Give a delivery radius or zip codes to deliver to, or untick delivery.',
    );
    expect(result.data.values.name).toBe('Friday soups');
    expect(api.requests.some((r) => r.url === `${API}/menu` && r.method === 'POST')).toBe(false);
  });

  it("puts the API's errors on nested fields (ends.endsAfterOccurrences) beside them", async () => {
    api.on(`${API}/menu/${MENU_ID}`, (req, res) =>
      req.method === 'PUT'
        ? sendProblem(res, 400, 'ends.endsAfterOccurrences must be at most 400', [
            { field: 'ends.endsAfterOccurrences', message: 'endsAfterOccurrences must be at most 400' },
          ])
        : json(res, 200, menu),
    );
    const result = dataOf<Result>(
      await postForm(edit.action, `${PAGE}/${MENU_ID}/edit`, {
        ...weekly,
        'ends.endsAfterOccurrences': '999',
      }),
    );
    expect(result.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      'ends.endsAfterOccurrences': 'endsAfterOccurrences must be at most 400',
    });
  });

  it('edits a menu with PUT and shows another chef’s menu as not found', async () => {
    api.on(`${API}/menu/${MENU_ID}`, (_req, res) => json(res, 200, menu));
    const loaded = await edit.loader({
      request: pageRequest(`${PAGE}/${MENU_ID}/edit`, 'chef'),
      params: { id: MENU_ID },
      context: {},
    });
    expect(loaded.menu.name).toBe('Friday soups');
    const response = (await postForm(edit.action, `${PAGE}/${MENU_ID}/edit`, weekly)) as Response;
    expect(response.status).toBe(302);
    expect(api.requests.some((r) => r.url === `${API}/menu/${MENU_ID}` && r.method === 'PUT')).toBe(true);

    api.on(`${API}/menu/other`, (_req, res) => sendProblem(res, 404, 'Menu other was not found.'));
    const thrown = await thrownBy(
      edit.loader({
        request: pageRequest(`${PAGE}/other/edit`, 'chef'),
        params: { id: 'other' },
        context: {},
      }),
    );
    expect(thrown.status).toBe(404);
  });
});
