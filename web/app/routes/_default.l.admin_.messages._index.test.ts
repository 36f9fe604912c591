import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { API, dataOf, jsonBody, postForm, sendProblem } from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';
import type { ComposeResult } from './_default.l.admin_.messages._index';

let api: FakeApi;
let route: typeof import('./_default.l.admin_.messages._index');

const ID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const USER_ID = '8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d';
const message = {
  id: ID,
  kind: 'ANNOUNCEMENT',
  targetGroup: 'TEST_EMAIL',
  targetChef: null,
  to: 'admin@hearth.test',
  subject: 'Spring menus',
  templateType: null,
  contentFormat: 'MARKDOWN',
  status: 'SENDING',
  pausedReason: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  startedAt: '2026-11-24T10:00:01.000Z',
  finishedAt: null,
  createdByName: 'Ada Admin',
  progress: {
    total: 1,
    sent: 0,
    failed: 0,
    skipped: 0,
    pending: 1,
    percent: 0,
    ratePerSecond: 0,
    secondsLeft: null,
    fanoutDone: true,
  },
};
const preview = {
  subject: 'Spring menus',
  html: '<p>Hello <strong>there</strong></p>',
  text: 'Hello there',
  recipientCount: 1,
  sample: ['admin@hearth.test'],
};

const PAGE = '/l/admin/messages';
const load = (url: string, session: 'chef' | 'admin') =>
  route.loader({ request: pageRequest(url, session), params: {}, context: {} });
const post = (fields: Record<string, string | string[]>) => postForm(route.action, PAGE, fields, 'admin');
const bodies: unknown[] = [];

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.admin_.messages._index');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  bodies.length = 0;
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/admin/bulk-messages`, (_req, res) => json(res, 200, [message], { 'X-Total-Count': '23' }));
  api.on(`${API}/admin/bulk-messages/preview`, async (req, res) => {
    bodies.push(await jsonBody(req));
    json(res, 200, preview);
  });
  api.on(`${API}/admin`, async (req, res) => {
    bodies.push(await jsonBody(req));
    json(res, 201, message);
  });
  api.on(`${API}/admin/bulk-messages/users`, (_req, res) =>
    json(res, 200, [{ id: USER_ID, name: 'Casey Jones', email: 'casey@example.test' }]),
  );
});

const compose = {
  target_group: 'TEST_EMAIL',
  to: '',
  template_type: '',
  content_format: 'MARKDOWN',
  subject: 'Spring menus',
  content: 'Hello **there**',
  user_query: '',
  kitchen_query: '',
  item_query: '',
};

describe('/l/admin/messages', () => {
  it('is for admins', async () => {
    expect(await thrownBy(load(PAGE, 'chef'))).toMatchObject({ status: 403 });
  });

  it('lists the past sends a page at a time (?page=)', async () => {
    expect(await load(`${PAGE}?page=2`, 'admin')).toMatchObject({
      page: 2,
      messages: [message],
      total: 23,
      historyError: null,
    });
    expect(api.requests.some((r) => r.url === `${API}/admin/bulk-messages?page=2&size=10`)).toBe(true);
  });

  it('previews: a TEST_EMAIL without an address goes to the admin, and the form comes back as typed', async () => {
    const { data, status } = dataOf<ComposeResult>(await post({ ...compose, intent: 'preview' }));
    expect(status).toBe(200);
    expect(bodies[0]).toEqual({
      target_group: 'TEST_EMAIL',
      to: 'admin@hearth.test',
      subject: 'Spring menus',
      content: 'Hello **there**',
      content_format: 'MARKDOWN',
    });
    expect(data.preview).toEqual(preview);
    expect(data.values).toMatchObject({ subject: 'Spring menus', content: 'Hello **there**' });
  });

  it('sends EXTERNAL addresses as typed, and leaves out what does not apply to the group', async () => {
    await post({
      ...compose,
      target_group: 'EXTERNAL',
      to: 'a@example.test\nb@example.test',
      target_chef: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
      intent: 'preview',
    });
    expect(bodies[0]).toMatchObject({ target_group: 'EXTERNAL', to: 'a@example.test\nb@example.test' });
    expect(bodies[0]).not.toHaveProperty('target_chef');
  });

  it('sends ONE_USER to the person picked, and CUSTOMERS of the kitchen picked, with ITEM_DETAILS items', async () => {
    await post({ ...compose, target_group: 'ONE_USER', one_user: USER_ID, intent: 'preview' });
    expect(bodies[0]).toMatchObject({ target_group: 'ONE_USER', to: USER_ID });
    await post({
      ...compose,
      target_group: 'CUSTOMERS',
      target_chef: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
      template_type: 'ITEM_DETAILS',
      item_ids: ['7a1f0c2b-1111-4e4e-9a9a-000000000201', '7a1f0c2b-1111-4e4e-9a9a-000000000202'],
      intent: 'preview',
    });
    expect(bodies[1]).toMatchObject({
      target_group: 'CUSTOMERS',
      target_chef: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
      template_type: 'ITEM_DETAILS',
      item_ids: ['7a1f0c2b-1111-4e4e-9a9a-000000000201', '7a1f0c2b-1111-4e4e-9a9a-000000000202'],
    });
  });

  it('finds people for ONE_USER without losing what was typed', async () => {
    const { data } = dataOf<ComposeResult>(
      await post({ ...compose, target_group: 'ONE_USER', user_query: 'casey', intent: 'find-user' }),
    );
    expect(data.users).toEqual([{ id: USER_ID, name: 'Casey Jones', email: 'casey@example.test' }]);
    expect(data.values).toMatchObject({ subject: 'Spring menus', user_query: 'casey' });
    expect(api.requests.some((r) => r.url === `${API}/admin/bulk-messages/users?query=casey`)).toBe(true);
    expect(bodies).toEqual([]);
  });

  it('sends, then goes to the progress page (303)', async () => {
    const res = (await post({ ...compose, intent: 'send' })) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${PAGE}/${ID}`);
    expect(bodies[0]).toMatchObject({ target_group: 'TEST_EMAIL', subject: 'Spring menus' });
  });

  it("shows the API's field errors beside the fields and keeps what was typed", async () => {
    api.on(`${API}/admin/bulk-messages/preview`, (_req, res) =>
      sendProblem(res, 400, 'Validation failed', [
        { field: 'subject', message: 'subject must not be empty' },
        { field: 'to', message: 'not-an-address is not an e-mail address' },
      ]),
    );
    const { data, status } = dataOf<ComposeResult>(
      await post({
        ...compose,
        subject: '',
        target_group: 'EXTERNAL',
        to: 'not-an-address',
        intent: 'preview',
      }),
    );
    expect(status).toBe(400);
    expect(data.fieldErrors).toEqual({
      subject: 'subject must not be empty',
      to: 'not-an-address is not an e-mail address',
    });
    expect(data.values).toMatchObject({ to: 'not-an-address', content: 'Hello **there**' });
    expect(data.preview).toBeNull();
  });

  it('says the generic failure of spec §8 when the API fails', async () => {
    api.on(`${API}/admin`, (_req, res) => sendProblem(res, 500, 'boom'));
    const { data, status } = dataOf<ComposeResult>(await post({ ...compose, intent: 'send' }));
    expect(status).toBe(500);
    expect(data.formErrors).toHaveLength(1);
    expect(data.formErrors[0]).not.toContain('boom');
    expect(data.values).toMatchObject({ subject: 'Spring menus' });
  });
});
