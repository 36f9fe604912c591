import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import { json, readBody, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let route: typeof import('./_default.l.orders.kitchen_.enquiries.$id');

const API = '/services/publisher/api';
const ID = '0b8e2a52-7a59-4d9e-8f0f-3d3a8d2f0c11';
const PAGE = `/l/orders/kitchen/enquiries/${ID}`;

const post = (form: Record<string, string>) =>
  route.action({
    request: pageRequest(PAGE, 'chef', { method: 'POST', body: new URLSearchParams(form) }),
    params: { id: ID },
    context: {},
  });

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.orders.kitchen_.enquiries.$id');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
});

describe('/l/orders/kitchen/enquiries/:id', () => {
  it('another kitchen’s question (the API’s 404) is "Page not found"', async () => {
    const { status } = await thrownBy(
      route.loader({ request: pageRequest(PAGE, 'chef'), params: { id: ID }, context: {} }),
    );
    expect(status).toBe(404);
  });

  it('sends the answer and comes back to the conversation with a notice', async () => {
    let sent: unknown = null;
    api.on(`${API}/enquiries/${ID}/response`, async (req, res) => {
      sent = JSON.parse((await readBody(req)).toString());
      json(res, 200, {});
    });
    const response = (await post({ intent: 'answer', response: 'Yes, no peanuts.' })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(PAGE);
    expect(sent).toEqual({ response: 'Yes, no peanuts.' });
  });

  it('a refused answer comes back with what was typed and the reason beside the field', async () => {
    api.on(`${API}/enquiries/${ID}/response`, (_req, res) =>
      json(res, 400, {
        type: 'https://hearth.test/problems/validation',
        title: 'Bad Request',
        status: 400,
        detail: 'response must be between 2 and 5000 characters',
        message: 'error.validation',
        fieldErrors: [{ field: 'response', message: 'response must be between 2 and 5000 characters' }],
      }),
    );
    const result = await post({ intent: 'answer', response: 'x' });
    const body = (result as { data: unknown }).data;
    expect(body).toMatchObject({
      intent: 'answer',
      values: { response: 'x' },
      fieldErrors: { response: 'response must be between 2 and 5000 characters' },
    });
  });

  it('closes through the API’s close endpoint; an unknown form is refused without a call', async () => {
    api.on(`${API}/enquiries/${ID}/close`, (_req, res) => json(res, 200, {}));
    expect(((await post({ intent: 'close' })) as Response).status).toBe(303);
    const unknown = await post({ intent: 'delete' });
    expect((unknown as { init: ResponseInit }).init.status).toBe(400);
    expect(api.requests.filter((r) => r.url.includes('/delete'))).toEqual([]);
  });
});
