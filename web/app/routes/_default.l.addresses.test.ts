import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { json, readBody, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';

let api: FakeApi;
let route: typeof import('./_default.l.addresses');
let getToast: typeof import('~/lib/ui/toast.server').getToast;

const API = '/services/publisher/api';
const ADDRESSES = `${API}/consumer/delivery/address`;

const saved = {
  id: 'a1',
  name: 'Home',
  address: null,
  addressLine1: '12 Main St',
  addressLine2: null,
  city: 'Austin',
  state: 'TX',
  country: 'United States',
  locality: null,
  district: null,
  zipcode: '78701',
  locationType: 'RESIDENTIAL',
  deliveryNote: 'Ring twice',
  lat: 30.2672,
  lng: -97.7431,
  isUnderUse: false,
};

interface Result {
  data: {
    intent: string;
    id: string | null;
    values: Record<string, string> | null;
    fieldErrors: Record<string, string>;
    formErrors: string[];
  };
  init: ResponseInit;
}

function post(fields: Record<string, string>, session: 'customer' | undefined = 'customer') {
  const request = pageRequest('/l/addresses', session, { method: 'POST', body: new URLSearchParams(fields) });
  return route.action({ request, params: {}, context: {} });
}

async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return (await getToast(new Request('http://hearth.test/', { headers: { Cookie: cookie } }))).toast;
}

const form = {
  intent: 'create',
  name: 'Work',
  address: '',
  addressLine1: '1 Congress Ave',
  addressLine2: 'Floor 3',
  city: 'Austin',
  state: 'TX',
  zipcode: '7870',
  country: 'United States',
  locality: '',
  district: '',
  locationType: 'BUSINESS',
  deliveryNote: '',
  lat: '30.27',
  lng: '',
  isUnderUse: 'on',
};

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.addresses');
  ({ getToast } = await import('~/lib/ui/toast.server'));
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
});

describe('/l/addresses', () => {
  it('sends an anonymous visitor to sign in', async () => {
    const thrown = await route
      .loader({ request: pageRequest('/l/addresses'), params: {}, context: {} })
      .catch((e: unknown) => e);
    expect((thrown as Response).headers.get('Location')).toBe(
      '/services/publisher/api/auth/login?redirect=%2Fl%2Faddresses',
    );
  });

  it('lists the saved addresses', async () => {
    api.on(ADDRESSES, (_req, res) => json(res, 200, [saved]));
    const result = await route.loader({
      request: pageRequest('/l/addresses?edit=a1', 'customer'),
      params: {},
      context: {},
    });
    expect(result).toMatchObject({
      addresses: [saved],
      editId: 'a1',
      loadError: null,
      user: { name: 'Casey Customer' },
    });
  });

  it('adds an address as JSON with numbers for coordinates, then redirects saying it was added', async () => {
    let body: unknown;
    api.on(ADDRESSES, async (req, res) => {
      body = JSON.parse((await readBody(req)).toString());
      json(res, 201, { ...saved, id: 'a2' });
    });
    const response = (await post(form)) as Response;
    expect(api.requests.find((r) => r.url === ADDRESSES)?.method).toBe('POST');
    expect(body).toEqual({
      name: 'Work',
      address: null,
      addressLine1: '1 Congress Ave',
      addressLine2: 'Floor 3',
      city: 'Austin',
      state: 'TX',
      country: 'United States',
      locality: null,
      district: null,
      zipcode: '7870',
      locationType: 'BUSINESS',
      deliveryNote: null,
      lat: 30.27,
      lng: null,
      isUnderUse: true,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/l/addresses');
    expect(await toastOf(response)).toMatchObject({ kind: 'positive', text: 'Address “Work” added' });
  });

  it("answers 400 with the API's field errors beside the fields, keeping what was typed", async () => {
    api.on(ADDRESSES, (_req, res) =>
      json(
        res,
        400,
        {
          type: 'https://hearth.example/problems/validation',
          title: 'Bad Request',
          status: 400,
          detail: 'zipcode must be a 5-digit US zip code',
          message: 'error.validation',
          path: ADDRESSES,
          fieldErrors: [{ field: 'zipcode', message: 'zipcode must be a 5-digit US zip code' }],
        },
        { 'Content-Type': 'application/problem+json' },
      ),
    );
    const result = (await post(form)) as unknown as Result;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ zipcode: 'zipcode must be a 5-digit US zip code' });
    expect(result.data.values).toMatchObject({
      name: 'Work',
      zipcode: '7870',
      addressLine2: 'Floor 3',
      lat: '30.27',
    });
    expect(result.data.intent).toBe('create');
  });

  it('rejects a latitude that is not a number without calling the API', async () => {
    const result = (await post({ ...form, lat: 'north' })) as unknown as Result;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors.lat).toBe('Latitude must be a number between -90 and 90, or left empty.');
    expect(api.requests.some((r) => r.url === ADDRESSES)).toBe(false);
  });

  it('updates an address with PUT and deletes one with DELETE', async () => {
    api.on(`${ADDRESSES}/a1`, (req, res) => {
      if (req.method === 'DELETE') {
        res.writeHead(204);
        res.end();
        return;
      }
      json(res, 200, saved);
    });
    const updated = (await post({ ...form, intent: 'update', id: 'a1' })) as Response;
    expect(updated.status).toBe(302);
    expect(await toastOf(updated)).toMatchObject({ text: 'Address “Work” saved' });
    const deleted = (await post({ intent: 'delete', id: 'a1' })) as Response;
    expect(deleted.status).toBe(302);
    expect(await toastOf(deleted)).toMatchObject({ text: 'Address deleted' });
    expect(api.requests.filter((r) => r.url === `${ADDRESSES}/a1`).map((r) => r.method)).toEqual([
      'PUT',
      'DELETE',
    ]);
  });

  it('says what went wrong when a delete fails, on the page', async () => {
    api.on(`${ADDRESSES}/a1`, (_req, res) =>
      json(
        res,
        404,
        {
          type: 'about:blank',
          title: 'Not Found',
          status: 404,
          message: 'error.http.404',
          path: `${ADDRESSES}/a1`,
        },
        { 'Content-Type': 'application/problem+json' },
      ),
    );
    const result = (await post({ intent: 'delete', id: 'a1' })) as unknown as Result;
    expect(result.init.status).toBe(404);
    expect(result.data.formErrors).toEqual([
      'Error: Not Found - 404 - Logout and Login Again, If Required. Or Contact Support.',
    ]);
  });
});
