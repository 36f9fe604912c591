import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { API, postForm } from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let route: typeof import('./_default.l.admin_.migrations');

const migrations = {
  applied: [{ name: 'InitialSchema1795318642767', timestamp: 1795318642767, appliedAt: null }],
  pending: [{ name: 'MigrationAppliedAt1795730000000', timestamp: 1795730000000 }],
};

const load = (session: 'chef' | 'admin') =>
  route.loader({ request: pageRequest('/l/admin/migrations', session), params: {}, context: {} });

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.admin_.migrations');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/admin/migrateDB`, (req, res) =>
    req.method === 'POST'
      ? json(res, 200, {
          applied: ['MigrationAppliedAt1795730000000'],
          migrations: {
            applied: [...migrations.applied, { ...migrations.pending[0], appliedAt: null }],
            pending: [],
          },
        })
      : json(res, 200, migrations),
  );
});

describe('/l/admin/migrations', () => {
  it('is for admins', async () => {
    expect(((await thrownBy(load('chef'))) as { status: number }).status).toBe(403);
  });

  it('lists the applied and pending migrations', async () => {
    expect(await load('admin')).toMatchObject({ migrations, loadError: null });
  });

  it('runs the pending ones with a plain form post and says what it applied', async () => {
    const res = (await postForm(
      route.action,
      '/l/admin/migrations',
      { intent: 'migrate' },
      'admin',
    )) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/l/admin/migrations');
    expect(api.requests.some((r) => r.method === 'POST' && r.url === `${API}/admin/migrateDB`)).toBe(true);
  });

  it('says so when there was nothing to apply', () => {
    expect(route.runSummary([])).toBe('Nothing to apply: the database is up to date.');
    expect(route.runSummary(['A1', 'B2'])).toBe('Applied 2 migrations: A1, B2.');
  });
});
