import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, readBody, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';

let api: FakeApi;
let action: typeof import('./_default.resources.contact-us').action;
let getToast: typeof import('~/lib/ui/toast.server').getToast;

const CONTACT = '/services/publisher/api/contactus';

interface ActionData {
  data: { fieldErrors: Record<string, string>; values: Record<string, string>; formErrors: string[] };
  init: ResponseInit;
}

function post(fields: Record<string, string>) {
  const request = new Request('http://hearth.test/resources/contact-us', {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  return action({ request, params: {}, context: {} });
}

const valid = {
  legalName: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'I would love to cook for Hearth.',
};

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  ({ action } = await import('./_default.resources.contact-us'));
  ({ getToast } = await import('~/lib/ui/toast.server'));
});
afterAll(() => api.close());
beforeEach(() => api.reset());

describe('contact form', () => {
  it('answers 400 with a message for each bad field and keeps what was typed, without calling the API', async () => {
    const result = (await post({
      legalName: ' ',
      email: 'not-an-email',
      message: 'hi',
    })) as unknown as ActionData;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      legalName: 'Please enter your name.',
      email: 'Please enter a valid email address, like name@example.com.',
      message: 'Please write at least 10 characters so we can help.',
    });
    expect(result.data.values.email).toBe('not-an-email');
    expect(api.requests).toHaveLength(0);
  });

  it('reports missing fields', async () => {
    const result = (await post({})) as unknown as ActionData;
    expect(result.init.status).toBe(400);
    expect(Object.keys(result.data.fieldErrors).sort()).toEqual(['email', 'legalName', 'message']);
  });

  it('sends the message to the API and redirects back with the generic success notification', async () => {
    let sent: unknown;
    api.on(CONTACT, async (req, res) => {
      sent = JSON.parse((await readBody(req)).toString());
      json(res, 201, { id: 'c1', receivedAt: '2025-01-01T00:00:00Z' });
    });
    const response = (await post(valid)) as Response;
    expect(sent).toEqual(valid);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/resources/contact-us');
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { toast } = await getToast(
      new Request('http://hearth.test/resources/contact-us', { headers: { Cookie: cookie } }),
    );
    expect(toast).toMatchObject({ kind: 'positive', text: 'Operation Success!' });
  });

  it("shows the API's field errors beside the fields with status 400, keeping the input", async () => {
    api.on(CONTACT, (_req, res) =>
      json(
        res,
        400,
        {
          type: 'https://hearth.example/problems/validation',
          title: 'Bad Request',
          status: 400,
          detail: 'legalName must be between 2 and 120 characters',
          message: 'error.validation',
          path: CONTACT,
          fieldErrors: [{ field: 'legalName', message: 'legalName must be between 2 and 120 characters' }],
        },
        { 'Content-Type': 'application/problem+json' },
      ),
    );
    const result = (await post({ ...valid, legalName: 'A' })) as unknown as ActionData;
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ legalName: 'legalName must be between 2 and 120 characters' });
    expect(result.data.values).toMatchObject({ legalName: 'A', email: 'ada@example.com' });
  });

  it('says "Invalid Request. Check your internet connection and try again." when the API is unreachable', async () => {
    await api.close();
    const result = (await post(valid)) as unknown as ActionData;
    expect(result.init.status).toBe(503);
    expect(result.data.formErrors).toEqual([
      'Invalid Request. Check your internet connection and try again.',
    ]);
    expect(result.data.values).toMatchObject(valid);
  });
});
