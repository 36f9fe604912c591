import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { API, sendProblem } from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let route: typeof import('./_default.l.admin_.messages.$id');

const ID = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const PAGE = `/l/admin/messages/${ID}`;
const message = {
  id: ID,
  kind: 'ANNOUNCEMENT',
  targetGroup: 'ALL_USERS',
  targetChef: null,
  to: null,
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
    total: 40,
    sent: 12,
    failed: 1,
    skipped: 2,
    pending: 25,
    percent: 37,
    ratePerSecond: 4,
    secondsLeft: 7,
    fanoutDone: true,
  },
};
const failed = {
  email: 'gone@example.test',
  name: null,
  state: 'FAILED',
  error: '550 5.1.1 No such user',
  sentAt: null,
};

const load = (url: string, id = ID) =>
  route.loader({ request: pageRequest(url, 'admin'), params: { id }, context: {} });
const post = (intent: string) =>
  route.action({
    request: pageRequest(PAGE, 'admin', { method: 'POST', body: new URLSearchParams({ intent }) }),
    params: { id: ID },
    context: {},
  });

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.admin_.messages.$id');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/admin/bulk-messages/${ID}`, (_req, res) => json(res, 200, message));
  api.on(`${API}/admin/bulk-messages/${ID}/recipients`, (_req, res) =>
    json(res, 200, [failed], { 'X-Total-Count': '1' }),
  );
  for (const control of ['pause', 'resume', 'cancel'])
    api.on(`${API}/admin/bulk-messages/${ID}/${control}`, (_req, res) => json(res, 200, message));
});

describe('/l/admin/messages/:id', () => {
  it('is for admins', async () => {
    const request = pageRequest(PAGE, 'chef');
    expect(await thrownBy(route.loader({ request, params: { id: ID }, context: {} }))).toMatchObject({
      status: 403,
    });
  });

  it('shows the progress and the recipients in the state asked for, a page at a time', async () => {
    expect(await load(`${PAGE}?state=failed&page=2`)).toMatchObject({
      message,
      recipients: [failed],
      recipientTotal: 1,
      filter: { state: 'FAILED', page: 2 },
      confirmCancel: false,
    });
    expect(
      api.requests.some(
        (r) => r.url === `${API}/admin/bulk-messages/${ID}/recipients?state=FAILED&page=2&size=25`,
      ),
    ).toBe(true);
  });

  it('asks before cancelling (?confirm=cancel)', async () => {
    expect(await load(`${PAGE}?confirm=cancel`)).toMatchObject({ confirmCancel: true });
  });

  it('is "Page Not Found" for an id that is not one, or a message that does not exist', async () => {
    expect(await thrownBy(load('/l/admin/messages/nope', 'nope'))).toMatchObject({ status: 404 });
    api.on(`${API}/admin/bulk-messages/${ID}`, (_req, res) => sendProblem(res, 404, 'No such message.'));
    expect(await thrownBy(load(PAGE))).toMatchObject({ status: 404 });
  });

  it.each(['pause', 'resume', 'cancel'])(
    '%s is a form post that comes back to the page (303)',
    async (intent) => {
      const res = (await post(intent)) as Response;
      expect(res.status).toBe(303);
      expect(res.headers.get('Location')).toBe(PAGE);
      expect(
        api.requests.some(
          (r) => r.method === 'POST' && r.url === `${API}/admin/bulk-messages/${ID}/${intent}`,
        ),
      ).toBe(true);
    },
  );

  it("shows the API's refusal when the message cannot be paused any more (409)", async () => {
    api.on(`${API}/admin/bulk-messages/${ID}/pause`, (_req, res) =>
      sendProblem(res, 409, 'This message is already completed.'),
    );
    const result = (await post('pause')) as { data: { formErrors: string[] }; init: ResponseInit };
    expect(result.init.status).toBe(409);
    expect(result.data.formErrors).toEqual(['This message is already completed.']);
  });
});
