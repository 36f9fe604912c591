import type { ActionFunctionArgs } from '@remix-run/node';
import type {
  ChefItem,
  ChefMenu,
  ChefSettings,
  KitchenPage,
  PublisherDetail,
  PublisherReview,
} from '~/lib/chef/chef-types';
import { NUTRIENTS } from '@hearth/shared';
import { pageRequest } from './auth-fixtures';
import type { DemoUser } from './auth-fixtures';

/** The API prefix the fake API answers under. */
export const API = '/services/publisher/api';

/** A tiny valid PNG (1×1, transparent): real picture bytes for upload tests. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

type Action = (args: ActionFunctionArgs) => Promise<unknown>;

/** Posts a urlencoded form to an action as the browser would, with a demo session. */
export function postForm(
  action: Action,
  url: string,
  fields: Record<string, string | string[]>,
  session: DemoUser | undefined = 'chef',
) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  const request = pageRequest(url, session, { method: 'POST', body });
  return action({ request, params: paramsOf(url), context: {} });
}

/** Posts a multipart form (files included) to an action, as a browser's upload form does. */
export async function postMultipart(
  action: Action,
  url: string,
  fields: Record<string, string>,
  files: { name: string; filename: string; type: string; bytes: Uint8Array }[],
  session: DemoUser = 'chef',
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const f of files) form.append(f.name, new File([Buffer.from(f.bytes)], f.filename, { type: f.type }));
  // Let Request write the multipart body and its boundary, then hand the action a browser-like request.
  const encoded = new Request('http://hearth.test/', { method: 'POST', body: form });
  const headers = { 'Content-Type': encoded.headers.get('Content-Type') ?? '' };
  const request = pageRequest(url, session, { method: 'POST', body: await encoded.arrayBuffer(), headers });
  return action({ request, params: paramsOf(url), context: {} });
}

/** Route params of the chef pages' URLs (`/l/manage-menus/items/{id}[/delete]`, `/l/manage-menus/{id}/edit|confirm`). */
function paramsOf(url: string): Record<string, string> {
  const path = new URL(url, 'http://hearth.test').pathname;
  const item = /^\/l\/manage-menus\/items\/([^/]+)(?:\/delete)?$/.exec(path);
  if (item && item[1] !== 'new') return { id: decodeURIComponent(item[1]) };
  const menu = /^\/l\/manage-menus\/([^/]+)\/(?:edit|confirm|records)$/.exec(path);
  if (menu) return { id: decodeURIComponent(menu[1]) };
  const kitchen = /^\/kitchen\/([^/]+)$/.exec(path);
  if (kitchen) return { id: decodeURIComponent(kitchen[1]) };
  return {};
}

/** What an action returned with `data()`: its body and status. */
export function dataOf<T = Record<string, unknown>>(
  result: unknown,
): { data: T; status: number | undefined } {
  const { data, init } = result as { data: T; init?: ResponseInit | null };
  return { data, status: init?.status ?? 200 };
}

export const primaryPlace = {
  id: '5d0c1a36-8f7b-4c55-9a1a-000000000001',
  isPrimary: true,
  name: 'Kitchen',
  address: null,
  addressLine1: '77 Hudson St',
  addressLine2: null,
  city: 'Jersey City',
  state: 'NJ',
  country: 'United States',
  locality: null,
  district: null,
  zipcode: '07302',
  locationType: '' as const,
  deliveryNote: null,
  lat: 40.7168,
  lng: -74.0335,
  isUnderUse: true,
};

export const publisherDetail: PublisherDetail = {
  id: '0b7c1d2e-3f40-4a5b-8c6d-000000000101',
  kitchenName: 'robins-kitchen',
  storefrontPath: '/robins-kitchen',
  brandDisplayName: "Robin's Kitchen",
  brandType: 'HOME_KITCHEN',
  status: 'PENDING',
  statusReviewComments: null,
  speciality: 'Soups',
  profileDescription: 'Slow-cooked soups.',
  logo: null,
  profilePicLocation: null,
  kitchenPictures: [],
  blockedPictures: [],
  identityPictures: [],
  licensesAndCertifications: [
    {
      key: 'private/publishers/x/licenses/a.pdf',
      url: `${API}/publisher/files/private/publishers/x/licenses/a.pdf`,
    },
  ],
  phoneCountryCode: '+1',
  phoneNumber: '2015550123',
  fullPhoneNumber: '+12015550123',
  whatsAppCountryCode: null,
  whatsAppNumber: null,
  fullWhatsAppNumber: null,
  acceptAgreement: true,
  rating: { value: 5, count: 1 },
  ordersServed: 0,
  userName: 'robin',
  userEmail: 'robin@hearth.test',
  country: 'United States',
  currencyCode: 'USD',
  timeZone: {
    timeZoneId: 'America/New_York',
    timeZoneName: 'Eastern Standard Time',
    rawOffset: -18000,
    dstOffset: 0,
  },
  location: primaryPlace,
  pickupLocations: [primaryPlace],
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
};

export const review: PublisherReview = {
  id: publisherDetail.id,
  kitchenName: 'robins-kitchen',
  brandDisplayName: "Robin's Kitchen",
  brandType: 'HOME_KITCHEN',
  status: 'PENDING',
  speciality: 'Soups',
  profileDescription: 'Slow-cooked soups.',
  logo: null,
  rating: { value: 5, count: 1 },
  timeZoneId: 'America/New_York',
  city: 'Jersey City',
  state: 'NJ',
  country: 'United States',
  currencyCode: 'USD',
  owner: { consumerId: 'c-1', name: 'Robin Newcomer', email: 'robin@hearth.test' },
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  statusReviewComments: null,
  fullPhoneNumber: '+12015550123',
  fullWhatsAppNumber: null,
  acceptAgreement: true,
  identityPictures: [],
  licensesAndCertifications: [],
};

export const settings: ChefSettings = {
  ZIPCODES: ['07302'],
  RADIUS: 5,
  DELIVERY_FEES: '3.50',
  DELIVERY_MEASUREMENT: 'miles',
  PRE_ORDER_NUMBER: 12,
  PRE_ORDER_DAYS_HOURS: 'Hours',
  DEFAULT_FULFILLMENT: 'PICKUP',
  FOOD_HANDLER_PERMIT: null,
  TIME_ZONE: {
    timeZoneId: 'America/New_York',
    timeZoneName: 'Eastern Standard Time',
    rawOffset: -18000,
    dstOffset: 0,
  },
  SECRET_CODE: 'K7M2XQ9P',
  PICKUP_LOCATIONS: [primaryPlace],
  PAYMENT_PREFERENCES: ['CASH_ON_PICKUP_DELIVERY'],
  CASH_FREE_ACCOUNT_NUMBER: null,
  CASH_FREE_IFSC: null,
  CASH_MAX_ORDER_VALUE: null,
  CASH_FREE: null,
};

export const ITEM_ID = '7a1f0c2b-1111-4e4e-9a9a-000000000201';

function noNutrition(): ChefItem['nutrition'] {
  return Object.fromEntries(
    NUTRIENTS.flatMap((n) => [
      [n, 0],
      [`${n}_percent`, 0],
    ]),
  ) as ChefItem['nutrition'];
}

export const item: ChefItem = {
  id: ITEM_ID,
  publisherId: publisherDetail.id,
  publishedBy: 'robins-kitchen',
  name: 'Tomato soup',
  description: 'Roasted tomatoes.',
  ingredients: null,
  organicIngredients: null,
  sideEffects: null,
  healthBenefits: null,
  searchTags: ['soup'],
  medicalFriendly: ['General Wellness'],
  foodType: ['VEG'],
  deliveryTimeSlots: ['PM_5_7'],
  deliveryOptions: ['PICKUP', 'DELIVERY'],
  bestBefore: 3,
  serves: 2,
  maxAllowedOrders: 10,
  deliveryFees: '0.00',
  deliveryMinimumAmount: '0.00',
  zipcodesServed: [],
  measurement: 'Bowl',
  quantity: 1,
  chefPrice: '6.50',
  pricingOptions: [
    {
      id: 'p-1',
      measurement: 'Bowl',
      quantity: 1,
      chefPrice: '6.50',
      serves: 1,
      currencyCode: 'USD',
      formattedPrice: '$6.50',
    },
    {
      id: 'p-2',
      measurement: 'Pot',
      quantity: 1,
      chefPrice: '18.00',
      serves: 4,
      currencyCode: 'USD',
      formattedPrice: '$18.00',
    },
  ],
  // The API answers every nutrient (0 when not given).
  nutrition: { ...noNutrition(), calories: 120 },
  itemPictures: [],
  blockImage: false,
  blockImageReason: null,
  itemStatus: 'ACTIVE',
  soldOut: false,
  soldOutDates: [],
  isChefBlocked: false,
  orderCount: 0,
  location: null,
  currencyCode: 'USD',
  menuId: null,
  menuDates: [],
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
};

export const MENU_ID = '9c2e4f60-2222-4b4b-8c8c-000000000301';

export const menu: ChefMenu = {
  id: MENU_ID,
  publisherId: publisherDetail.id,
  publishedBy: 'robins-kitchen',
  name: 'Friday soups',
  description: null,
  status: 'DRAFT',
  allowedActions: ['edit', 'items', 'uploadReceipts', 'publish', 'delete'],
  menuType: 'RECURRING',
  occurrence: 'weeks',
  repeatsEvery: 1,
  repeatsOn: ['FR'],
  monthRepeatsOn: null,
  ends: { endsOnOrAfter: 'After', endsAfterOccurrences: 3, endsOnDate: null },
  autoExtend: false,
  timeZone: 'America/New_York',
  deliveryDate: '2030-01-04',
  endDateTime: null,
  deliveryTimeSlots: ['PM_5_7'],
  deliveryZipCodes: [],
  deliveryRadius: null,
  deliveryFees: null,
  deliveryMeasurment: 'miles',
  stopOrdersType: 'Hours',
  stopOrdersByDaysOrHours: 12,
  cateringEnabled: false,
  isPrivate: false,
  stopOrdersTypeForCatering: 'Days',
  stopOrdersByDaysOrHoursForCatering: 2,
  eventDate: null,
  eventTime: null,
  associatedAddress: primaryPlace,
  delivery_order_minimum_amount: '0.00',
  countryName: 'United States',
  currencyCode: 'USD',
  receipts: [],
  items: [],
  menuDates: [],
  draftCreatedDate: null,
  draftModifiedDate: null,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
};

/** A kitchen page with one date: an orderable item, a sold-out one, and a date whose cut-off passed. */
export const kitchenPage: KitchenPage = {
  id: publisherDetail.id,
  kitchenName: 'robins-kitchen',
  brandDisplayName: "Robin's Kitchen",
  brandType: 'HOME_KITCHEN',
  speciality: 'Soups',
  profileDescription: 'Slow-cooked soups.',
  logo: `${API}/files/public/publishers/x/logo/400.webp`,
  rating: { value: 4.75, count: 12 },
  about: {
    profilePicture: `${API}/files/public/publishers/x/chef.webp`,
    kitchenPictures: [`${API}/files/public/publishers/x/kitchen-1.webp`],
    ordersServed: 340,
    memberSince: '2028-05-02',
  },
  pickupLocations: [primaryPlace],
  currencyCode: 'USD',
  timeZone: 'America/New_York',
  today: '2030-01-01',
  hasSecretCode: false,
  privateMenusUnlocked: false,
  dates: [
    {
      date: '2030-01-04',
      label: 'Friday 4 Jan',
      menus: [
        {
          menuId: MENU_ID,
          name: 'Friday soups',
          isPrivate: false,
          description: null,
          timeSlots: [
            {
              slot: 'PM_5_7',
              label: '5 PM – 7 PM',
              startsAt: '2030-01-04T22:00:00.000Z',
              endsAt: '2030-01-05T00:00:00.000Z',
              startLabel: '5:00 PM',
              endLabel: '7:00 PM',
            },
          ],
          // 10:00 UTC is 5 AM in New York, on Friday.
          cutoffAt: '2030-01-04T10:00:00.000Z',
          orderable: true,
          fulfilmentOptions: ['PICKUP', 'DELIVERY'],
          pickupLocation: primaryPlace,
          deliveryFees: '3.50',
          delivery_order_minimum_amount: '0.00',
          deliveryZipCodes: ['07302'],
          deliveryRadius: 5,
          deliveryMeasurment: 'miles',
          catering: { enabled: false, cutoffAt: null, eventDate: null, eventTime: null },
          items: [
            {
              id: ITEM_ID,
              name: 'Tomato soup',
              description: 'Roasted tomatoes.',
              foodType: ['VEG'],
              medicalFriendly: [],
              serves: 2,
              pictures: [
                {
                  id: 'pic-1',
                  url: `${API}/files/public/items/x/800.webp`,
                  sizes: [{ width: 400, url: `${API}/files/public/items/x/400.webp` }],
                },
              ],
              pricingOptions: item.pricingOptions,
              deliveryFees: '3.50',
              deliveryMinimumAmount: '0.00',
              fulfilmentOptions: ['PICKUP', 'DELIVERY'],
              itemStatus: 'ACTIVE',
              soldOut: false,
              remaining: 8,
              orderable: true,
            },
            {
              id: 'other-item',
              name: 'Lentil soup',
              description: null,
              foodType: ['VEGAN'],
              medicalFriendly: [],
              serves: 1,
              pictures: [],
              pricingOptions: [
                {
                  id: 'p-9',
                  measurement: 'Bowl',
                  quantity: 1,
                  chefPrice: '5',
                  serves: 1,
                  currencyCode: 'USD',
                  formattedPrice: '$5.00',
                },
              ],
              deliveryFees: '3.50',
              deliveryMinimumAmount: '0.00',
              fulfilmentOptions: ['PICKUP'],
              itemStatus: 'SOLD_OUT',
              soldOut: true,
              remaining: 0,
              orderable: false,
            },
          ],
        },
      ],
    },
    {
      date: '2030-01-02',
      label: 'Wednesday 2 Jan',
      menus: [
        {
          menuId: 'menu-closed',
          name: 'Midweek',
          isPrivate: false,
          description: null,
          timeSlots: [],
          cutoffAt: '2030-01-01T10:00:00.000Z',
          orderable: false,
          fulfilmentOptions: ['PICKUP'],
          pickupLocation: primaryPlace,
          deliveryFees: null,
          delivery_order_minimum_amount: '0.00',
          deliveryZipCodes: [],
          deliveryRadius: null,
          deliveryMeasurment: null,
          catering: { enabled: false, cutoffAt: null, eventDate: null, eventTime: null },
          items: [
            {
              id: 'late-item',
              name: 'Pea soup',
              description: null,
              foodType: [],
              medicalFriendly: [],
              serves: 1,
              pictures: [],
              pricingOptions: [
                {
                  id: 'p-8',
                  measurement: 'Bowl',
                  quantity: 1,
                  chefPrice: '4.25',
                  serves: 1,
                  currencyCode: 'USD',
                  formattedPrice: '$4.25',
                },
              ],
              deliveryFees: '3.50',
              deliveryMinimumAmount: '0.00',
              fulfilmentOptions: ['PICKUP'],
              itemStatus: 'ACTIVE',
              soldOut: false,
              remaining: null,
              orderable: false,
            },
          ],
        },
      ],
    },
  ],
};

/** Sends an `application/problem+json` error as the API does, with field errors when given. */
export function sendProblem(
  res: import('node:http').ServerResponse,
  status: number,
  detail: string,
  fieldErrors?: { field: string; message: string }[],
) {
  const title =
    {
      400: 'Bad Request',
      404: 'Not Found',
      409: 'Conflict',
      413: 'Payload Too Large',
      415: 'Unsupported Media Type',
    }[status] ?? 'Error';
  res.writeHead(status, { 'Content-Type': 'application/problem+json' });
  res.end(
    JSON.stringify({
      type: 'about:blank',
      title,
      status,
      detail,
      message: `error.http.${status}`,
      path: '/x',
      fieldErrors,
    }),
  );
}

/** The JSON body a request to the fake API carried. */
export async function jsonBody(req: import('node:http').IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString() || 'null');
}

/** The multipart form a request to the fake API carried, decoded. */
export async function multipartBody(req: import('node:http').IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Request('http://fake/', {
    method: 'POST',
    headers: { 'Content-Type': String(req.headers['content-type']) },
    body: Buffer.concat(chunks),
  }).formData();
}
