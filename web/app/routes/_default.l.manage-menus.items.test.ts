import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import {
  API,
  ITEM_ID,
  TINY_PNG,
  dataOf,
  item,
  jsonBody,
  multipartBody,
  postForm,
  postMultipart,
  sendProblem,
} from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let newItem: typeof import('./_default.l.manage-menus.items.new');
let editItem: typeof import('./_default.l.manage-menus.items.$id');

const NEW = '/l/manage-menus/items/new';
const EDIT = `/l/manage-menus/items/${ITEM_ID}`;

type Result = {
  intent: string;
  values: Record<string, string | string[]>;
  fieldErrors: Record<string, string>;
  formErrors: string[];
};

/** The new-item form as a chef fills it: two pricing options, some nutrition, lists as checkboxes. */
const typed: Record<string, string | string[]> = {
  name: 'Tomato soup',
  description: 'Roasted tomatoes.',
  ingredients: '',
  organicIngredients: '',
  sideEffects: '',
  healthBenefits: '',
  searchTags: 'soup, tomato',
  zipcodesServed: '',
  bestBefore: '3',
  serves: '2',
  maxAllowedOrders: '10',
  deliveryFees: '',
  deliveryMinimumAmount: '0',
  medicalFriendly: ['General Wellness', 'Gluten Free'],
  foodType: ['VEG'],
  deliveryTimeSlots: ['PM_5_7'],
  deliveryOptions: ['PICKUP', 'DELIVERY'],
  'pricingOptions[0].id': '',
  'pricingOptions[0].measurement': 'Bowl',
  'pricingOptions[0].quantity': '1',
  'pricingOptions[0].chefPrice': '6.50',
  'pricingOptions[0].serves': '1',
  'pricingOptions[1].id': '',
  'pricingOptions[1].measurement': 'Pot',
  'pricingOptions[1].quantity': '1',
  'pricingOptions[1].chefPrice': '18',
  'pricingOptions[1].serves': '4',
  'nutrition.calories': '120',
  'nutrition.calories_percent': '6',
  'nutrition.sodium': '',
};

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  newItem = await import('./_default.l.manage-menus.items.new');
  editItem = await import('./_default.l.manage-menus.items.$id');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
});

describe('/l/manage-menus/items/new', () => {
  it('is for chefs', async () => {
    expect(
      (await thrownBy(newItem.loader({ request: pageRequest(NEW, 'customer'), params: {}, context: {} })))
        .status,
    ).toBe(403);
  });

  it('"Add another pricing option" without JavaScript: the same form with one more row, what was typed kept, nothing saved', async () => {
    const result = dataOf<Result>(await postForm(newItem.action, NEW, { ...typed, intent: 'add-option' }));
    expect(result.status).toBe(200);
    expect(result.data.intent).toBe('save');
    expect(result.data.fieldErrors).toEqual({});
    expect(result.data.values).toMatchObject({
      name: 'Tomato soup',
      'nutrition.calories': '120',
      foodType: ['VEG'],
      'pricingOptions[1].chefPrice': '18',
      'pricingOptions[2].measurement': 'Kgs',
      'pricingOptions[2].quantity': '1',
      'pricingOptions[2].serves': '3',
      'pricingOptions[2].chefPrice': '',
    });
    expect(api.requests.filter((r) => !r.url.endsWith('/auth/me'))).toHaveLength(0);
  });

  it('"Remove" of a row without JavaScript renumbers the rows that stay', async () => {
    const result = dataOf<Result>(
      await postForm(newItem.action, NEW, { ...typed, intent: 'remove-option:0' }),
    );
    expect(result.data.values['pricingOptions[0].measurement']).toBe('Pot');
    expect(result.data.values['pricingOptions[1].measurement']).toBeUndefined();
  });

  it('creates the item with both pricing options, numbers as numbers, and opens it to add pictures', async () => {
    let body: Record<string, unknown> = {};
    api.on(`${API}/item`, async (req, res) => {
      body = (await jsonBody(req)) as Record<string, unknown>;
      json(res, 201, item);
    });
    const response = (await postForm(newItem.action, NEW, { ...typed, intent: 'save' })) as Response;
    expect(body).toMatchObject({
      name: 'Tomato soup',
      description: 'Roasted tomatoes.',
      searchTags: ['soup', 'tomato'],
      medicalFriendly: ['General Wellness', 'Gluten Free'],
      foodType: ['VEG'],
      deliveryTimeSlots: ['PM_5_7'],
      deliveryOptions: ['PICKUP', 'DELIVERY'],
      bestBefore: 3,
      serves: 2,
      maxAllowedOrders: 10,
      deliveryMinimumAmount: '0',
      nutrition: { calories: 120, calories_percent: 6 },
      pricingOptions: [
        { measurement: 'Bowl', quantity: '1', chefPrice: '6.50', serves: 1 },
        { measurement: 'Pot', quantity: '1', chefPrice: '18', serves: 4 },
      ],
    });
    expect(body).not.toHaveProperty('ingredients');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(EDIT);
  });

  it("puts a pricing option's field error on its own row, even after a blank row that is not sent", async () => {
    let sent: Record<string, unknown> = {};
    api.on(`${API}/item`, async (req, res) => {
      sent = (await jsonBody(req)) as Record<string, unknown>;
      sendProblem(
        res,
        400,
        'pricingOptions[1].chefPrice must be an amount such as 8.99 (not negative, at most 2 decimals)',
        [
          {
            field: 'pricingOptions[1].chefPrice',
            message: 'chefPrice must be an amount such as 8.99 (not negative, at most 2 decimals)',
          },
        ],
      );
    });
    const withBlankRow = {
      ...typed,
      'pricingOptions[1].measurement': '',
      'pricingOptions[1].quantity': '',
      'pricingOptions[1].chefPrice': '',
      'pricingOptions[1].serves': '',
      'pricingOptions[2].id': '',
      'pricingOptions[2].measurement': 'Pot',
      'pricingOptions[2].quantity': '1',
      'pricingOptions[2].chefPrice': '-3',
      'pricingOptions[2].serves': '4',
      intent: 'save',
    };
    const result = dataOf<Result>(await postForm(newItem.action, NEW, withBlankRow));
    expect((sent.pricingOptions as unknown[]).length).toBe(2);
    expect(result.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      'pricingOptions[2].chefPrice':
        'chefPrice must be an amount such as 8.99 (not negative, at most 2 decimals)',
    });
    expect(result.data.values['pricingOptions[2].chefPrice']).toBe('-3');
  });

  it('puts list and nutrition errors beside their fields (foodTypes is the API alias of foodType)', async () => {
    api.on(`${API}/item`, (_req, res) =>
      sendProblem(res, 400, '2 fields are invalid', [
        { field: 'deliveryTimeSlots', message: 'deliveryTimeSlots must have at least 1 value' },
        { field: 'nutrition.calories', message: 'calories must not be negative' },
      ]),
    );
    const result = dataOf<Result>(
      await postForm(newItem.action, NEW, {
        ...typed,
        deliveryTimeSlots: [],
        'nutrition.calories': '-1',
        intent: 'save',
      }),
    );
    expect(result.data.fieldErrors).toEqual({
      deliveryTimeSlots: 'deliveryTimeSlots must have at least 1 value',
      'nutrition.calories': 'calories must not be negative',
    });
  });
});

describe('/l/manage-menus/items/{id}', () => {
  it("shows the chef's item, and another chef's item as not found", async () => {
    api.on(`${API}/item/${ITEM_ID}`, (_req, res) => json(res, 200, item));
    const result = await editItem.loader({
      request: pageRequest(EDIT, 'chef'),
      params: { id: ITEM_ID },
      context: {},
    });
    expect(result.item.name).toBe('Tomato soup');
    api.on(`${API}/item/${ITEM_ID}`, (_req, res) => sendProblem(res, 404, 'Item not found'));
    expect(
      await thrownBy(
        editItem.loader({ request: pageRequest(EDIT, 'chef'), params: { id: ITEM_ID }, context: {} }),
      ),
    ).toEqual({
      status: 404,
      data: `Page not found: ${EDIT}`,
    });
  });

  it('updates with PUT, keeping the ids of the pricing options and clearing emptied texts', async () => {
    let body: Record<string, unknown> = {};
    api.on(`${API}/item/${ITEM_ID}`, async (req, res) => {
      body = (await jsonBody(req)) as Record<string, unknown>;
      json(res, 200, item);
    });
    const response = (await postForm(editItem.action, EDIT, {
      ...typed,
      'pricingOptions[0].id': 'p-1',
      'pricingOptions[1].id': 'p-2',
      description: '',
      intent: 'save',
    })) as Response;
    expect(api.requests.find((r) => r.url === `${API}/item/${ITEM_ID}`)?.method).toBe('PUT');
    expect(body).toMatchObject({ description: null, pricingOptions: [{ id: 'p-1' }, { id: 'p-2' }] });
    expect(response.headers.get('Location')).toBe(EDIT);
  });

  it('forwards uploaded pictures to item/{id}/pictures as multipart "files"', async () => {
    let received: FormData | undefined;
    api.on(`${API}/item/${ITEM_ID}/pictures`, async (req, res) => {
      received = await multipartBody(req);
      json(res, 201, item);
    });
    const response = (await postMultipart(editItem.action, EDIT, { intent: 'upload-pictures' }, [
      { name: 'files', filename: 'soup.png', type: 'image/png', bytes: TINY_PNG },
      { name: 'files', filename: 'pot.png', type: 'image/png', bytes: TINY_PNG },
    ])) as Response;
    expect(response.status).toBe(302);
    const files = received?.getAll('files') as File[];
    expect(files.map((f) => [f.name, f.type, f.size])).toEqual([
      ['soup.png', 'image/png', TINY_PNG.length],
      ['pot.png', 'image/png', TINY_PNG.length],
    ]);
  });

  it('deletes a picture', async () => {
    api.on(`${API}/item/${ITEM_ID}/pictures/pic-1`, (_req, res) => json(res, 200, item));
    const response = (await postForm(editItem.action, EDIT, {
      intent: 'delete-picture',
      target: 'pic-1',
    })) as Response;
    expect(response.status).toBe(302);
    expect(api.requests.find((r) => r.url === `${API}/item/${ITEM_ID}/pictures/pic-1`)?.method).toBe(
      'DELETE',
    );
  });
});
