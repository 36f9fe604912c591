import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let route: typeof import('./_default.l.admin_.users.$id');

const API = '/services/publisher/api';
const ID = '6b1f7c3e-2d4a-4c8e-9a1b-3c5d7e9f1a2b';
const KITCHEN = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const PAGE = `/l/admin/users/${ID}`;

const person = {
  id: ID,
  name: 'Robin Example',
  email: 'robin@example.test',
  phone: null,
  roles: ['ROLE_USER'],
  status: 'ACTIVE',
  kitchenName: null,
  kitchenStatus: null,
  lastLoginAt: null,
  userName: 'robin@example.test',
  disabledReason: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  kitchens: [],
  orders: { count: 0, latest: [] },
  sessionsCount: 1,
  addresses: [],
};

const post = (fields: Record<string, string>) =>
  route.action({
    request: pageRequest(PAGE, 'admin', { method: 'POST', body: new URLSearchParams(fields) }),
    params: { id: ID },
    context: {},
  });
const calls = (suffix: string) => api.requests.filter((r) => r.url === `${API}/admin/users/${ID}${suffix}`);

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.admin_.users.$id');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/admin/users/${ID}`, (_req, res) => json(res, 200, person));
  api.on(`${API}/admin/users/${ID}/disable`, (_req, res) =>
    json(res, 200, { ...person, status: 'DISABLED' }),
  );
});

describe('/l/admin/users/:id', () => {
  it('is for admins', async () => {
    const request = pageRequest(PAGE, 'chef');
    expect(await thrownBy(route.loader({ request, params: { id: ID }, context: {} }))).toMatchObject({
      status: 403,
    });
  });

  it('loads the profile; an id that is not one is a 404 without calling the API', async () => {
    const loaded = await route.loader({
      request: pageRequest(PAGE, 'admin'),
      params: { id: ID },
      context: {},
    });
    expect(loaded.person).toMatchObject({ id: ID, status: 'ACTIVE' });
    const bad = await thrownBy(
      route.loader({ request: pageRequest('/l/admin/users/x', 'admin'), params: { id: 'x' }, context: {} }),
    );
    expect(bad.status).toBe(404);
  });

  it('refuses to disable without a reason, keeping what was typed, and calls nothing', async () => {
    const res = (await post({ intent: 'disable', target: ID, reason: 'no' })) as unknown as {
      data: { fieldErrors: Record<string, string>; values: Record<string, string> };
      init: { status: number };
    };
    expect(res.init.status).toBe(400);
    expect(res.data.fieldErrors).toEqual({ reason: 'Give a reason of at least 3 characters.' });
    expect(res.data.values.reason).toBe('no');
    expect(calls('/disable')).toEqual([]);
  });

  it('disables with the reason and comes back to the profile with a toast', async () => {
    const res = (await post({ intent: 'disable', target: ID, reason: 'Fraudulent orders' })) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(PAGE);
    expect(calls('/disable').map((r) => r.method)).toEqual(['POST']);
  });

  it("shows the API's refusal beside the form (an admin disabling themselves)", async () => {
    api.on(`${API}/admin/users/${ID}/disable`, (_req, res) =>
      json(res, 409, {
        type: 'https://hearth.test/problems/conflict',
        title: 'Conflict',
        status: 409,
        detail: 'You cannot disable your own account.',
        message: 'error.admin.disableSelf',
      }),
    );
    const res = (await post({ intent: 'disable', target: ID, reason: 'testing myself' })) as unknown as {
      data: { formErrors: string[]; values: Record<string, string> };
      init: { status: number };
    };
    expect(res.init.status).toBe(409);
    expect(res.data.formErrors.join(' ')).toContain('You cannot disable your own account.');
    expect(res.data.values.reason).toBe('testing myself');
  });

  it('hides a kitchen picture with its key and reason', async () => {
    let body = '';
    api.on(`${API}/admin/kitchens/${KITCHEN}/block-picture`, async (req, res) => {
      for await (const chunk of req) body += String(chunk);
      json(res, 200, []);
    });
    const res = (await post({
      intent: 'hidePicture',
      target: KITCHEN,
      key: 'public/k.webp',
      reason: 'Stock photo',
    })) as Response;
    expect(res.status).toBe(303);
    expect(JSON.parse(body)).toEqual({ key: 'public/k.webp', reason: 'Stock photo' });
  });
});
