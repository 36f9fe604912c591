import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { API, postForm } from '~/test/chef-fixtures';
import { json, readBody, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let route: typeof import('./_default.l.admin_.clean');

const RUN_ID = '2b7c9d1e-3f4a-4b5c-8d6e-7f8091a2b3c4';
const report = {
  checkedAt: '2026-11-25T06:00:00.000Z',
  categories: [
    { category: 'GUEST_CARTS', count: 3, cutoff: '2026-10-26T06:00:00.000Z' },
    { category: 'LOGIN_SESSIONS', count: 12, cutoff: '2026-11-25T06:00:00.000Z' },
    { category: 'ORPHANED_UPLOADS', count: 0, cutoff: '2026-11-24T06:00:00.000Z' },
    { category: 'SENT_EMAILS', count: 40, cutoff: '2026-10-26T06:00:00.000Z' },
    { category: 'UNCONFIRMED_SUBSCRIPTIONS', count: 1, cutoff: '2026-11-18T06:00:00.000Z' },
  ],
};
const run = {
  id: RUN_ID,
  state: 'RUNNING',
  requestedAt: '2026-11-25T06:00:01.000Z',
  finishedAt: null,
  categories: [
    { category: 'GUEST_CARTS', expected: 3, removed: 1, cutoff: report.categories[0].cutoff, done: false },
  ],
  removed: 1,
  expected: 3,
  error: null,
};
const problem400 = {
  type: 'https://hearth.example/problems/validation',
  title: 'Bad Request',
  status: 400,
  detail: 'Confirm the clean: the data it removes cannot be brought back.',
  fieldErrors: [
    { field: 'confirm', message: 'Confirm the clean: the data it removes cannot be brought back.' },
  ],
};

const load = (url: string, session: 'chef' | 'admin') =>
  route.loader({ request: pageRequest(url, session), params: {}, context: {} });

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.admin_.clean');
});
afterAll(() => api.close());
let posted: unknown[] = [];
beforeEach(() => {
  api.reset();
  posted = [];
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/admin/clean`, async (req, res) => {
    if (req.method !== 'POST') return json(res, 200, report);
    const body = JSON.parse((await readBody(req)).toString()) as { confirm: boolean };
    posted.push(body);
    if (!body.confirm) return json(res, 400, problem400, { 'Content-Type': 'application/problem+json' });
    return json(res, 202, { ...run, state: 'QUEUED', removed: 0 });
  });
  api.on(`${API}/admin/clean/${RUN_ID}`, (_req, res) => json(res, 200, run));
});

describe('/l/admin/clean', () => {
  it('is for admins', async () => {
    expect((await thrownBy(load('/l/admin/clean', 'chef'))) as { status: number }).toMatchObject({
      status: 403,
    });
  });

  it('shows the dry run, and a clean in progress on ?run=<id>; an id that is not one is not found', async () => {
    expect(await load('/l/admin/clean', 'admin')).toMatchObject({ report, run: null, loadError: null });
    expect(await load(`/l/admin/clean?run=${RUN_ID}`, 'admin')).toMatchObject({ run, report: null });
    expect(((await thrownBy(load('/l/admin/clean?run=nope', 'admin'))) as { status: number }).status).toBe(
      404,
    );
  });

  it('starts the clean of the ticked kinds with a plain form post and goes to its progress', async () => {
    const res = (await postForm(
      route.action,
      '/l/admin/clean',
      { intent: 'clean', categories: ['SENT_EMAILS', 'GUEST_CARTS', 'ORDERS'], confirm: 'on' },
      'admin',
    )) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`/l/admin/clean?run=${RUN_ID}`);
    expect(posted).toEqual([{ confirm: true, categories: ['GUEST_CARTS', 'SENT_EMAILS'] }]);
  });

  it('without the confirmation: the API’s sentence beside the box, and the ticked kinds kept', async () => {
    const res = (await postForm(
      route.action,
      '/l/admin/clean',
      { intent: 'clean', categories: ['LOGIN_SESSIONS'] },
      'admin',
    )) as { data: unknown; init: { status: number } };
    expect(res.init.status).toBe(400);
    expect(res.data).toMatchObject({
      fieldErrors: { confirm: 'Confirm the clean: the data it removes cannot be brought back.' },
      values: { categories: ['LOGIN_SESSIONS'] },
    });
    expect(posted).toEqual([{ confirm: false, categories: ['LOGIN_SESSIONS'] }]);
  });
});
