import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest } from '~/test/auth-fixtures';
import {
  API,
  TINY_PNG,
  dataOf,
  jsonBody,
  multipartBody,
  postForm,
  postMultipart,
  primaryPlace,
  sendProblem,
  settings,
} from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let route: typeof import('./_default.l.settings');

const PAGE = '/l/settings';

/** Records the JSON bodies sent to `path` and answers `answer`. */
function capture(path: string, answer: unknown, status = 200) {
  const bodies: unknown[] = [];
  api.on(path, async (req, res) => {
    bodies.push(await jsonBody(req));
    json(res, status, answer);
  });
  return bodies;
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.settings');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/settings`, (_req, res) => json(res, 200, settings));
});

describe('/l/settings', () => {
  it('is for chefs: a customer gets the 403 page', async () => {
    const thrown = await thrownBy(
      route.loader({ request: pageRequest(PAGE, 'customer'), params: {}, context: {} }),
    );
    expect(thrown.status).toBe(403);
  });

  it('reads every setting of the chef', async () => {
    const result = await route.loader({
      request: pageRequest(`${PAGE}?pickup=${primaryPlace.id}`, 'chef'),
      params: {},
      context: {},
    });
    expect(result).toMatchObject({
      settings: { SECRET_CODE: 'K7M2XQ9P', RADIUS: 5 },
      editPickup: primaryPlace.id,
    });
  });

  it('saves the delivery settings: zip codes as a list, the radius as a number', async () => {
    const bodies = capture(`${API}/settings/save-settings`, settings);
    const response = (await postForm(route.action, PAGE, {
      intent: 'delivery',
      ZIPCODES: '07302, 07310 07311',
      RADIUS: '7.5',
      DELIVERY_MEASUREMENT: 'km',
      DELIVERY_FEES: '4.99',
      DEFAULT_FULFILLMENT: 'DELIVERY',
    })) as Response;
    expect(bodies).toEqual([
      {
        ZIPCODES: ['07302', '07310', '07311'],
        RADIUS: 7.5,
        DELIVERY_MEASUREMENT: 'km',
        DELIVERY_FEES: '4.99',
        DEFAULT_FULFILLMENT: 'DELIVERY',
      },
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(PAGE);
  });

  it("puts the API's message for a settings key beside its field, keeping what was typed", async () => {
    api.on(`${API}/settings/save-settings`, (_req, res) =>
      sendProblem(res, 400, 'PRE_ORDER_NUMBER must be at most 720', [
        { field: 'PRE_ORDER_NUMBER', message: 'PRE_ORDER_NUMBER must be at most 720' },
      ]),
    );
    const result = dataOf<{
      intent: string;
      fieldErrors: Record<string, string>;
      values: Record<string, string>;
    }>(
      await postForm(route.action, PAGE, {
        intent: 'ordering',
        PRE_ORDER_NUMBER: '9999',
        PRE_ORDER_DAYS_HOURS: 'Hours',
      }),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      intent: 'ordering',
      fieldErrors: { PRE_ORDER_NUMBER: 'PRE_ORDER_NUMBER must be at most 720' },
      values: { PRE_ORDER_NUMBER: '9999' },
    });
  });

  it('saves the accepted payment methods as a list', async () => {
    const bodies = capture(`${API}/settings/save-settings`, settings);
    await postForm(route.action, PAGE, {
      intent: 'payments',
      PAYMENT_PREFERENCES: ['CASH_ON_PICKUP_DELIVERY'],
    });
    expect(bodies).toEqual([{ PAYMENT_PREFERENCES: ['CASH_ON_PICKUP_DELIVERY'], CASH_MAX_ORDER_VALUE: '' }]);
  });

  it('saves the card option and the cash limit with the payment methods', async () => {
    const bodies = capture(`${API}/settings/save-settings`, settings);
    await postForm(route.action, PAGE, {
      intent: 'payments',
      PAYMENT_PREFERENCES: ['STRIPE_CARD', 'CASH_ON_PICKUP_DELIVERY'],
      CASH_MAX_ORDER_VALUE: ' 150.00 ',
    });
    expect(bodies).toEqual([
      { PAYMENT_PREFERENCES: ['STRIPE_CARD', 'CASH_ON_PICKUP_DELIVERY'], CASH_MAX_ORDER_VALUE: '150.00' },
    ]);
  });

  it('reads the Stripe account for a kitchen outside India', async () => {
    const stripe = {
      state: 'ONBOARDING',
      accountId: 'acct_1',
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
    };
    api.on(`${API}/settings/stripe-account`, (_req, res) => json(res, 200, stripe));
    const result = await route.loader({ request: pageRequest(PAGE, 'chef'), params: {}, context: {} });
    expect(result).toMatchObject({ stripe });
  });

  it('sends the chef to Stripe onboarding with a 303 (no JavaScript needed)', async () => {
    api.on(`${API}/settings/setup-stripe-account`, (req, res) =>
      json(res, req.method === 'POST' ? 200 : 405, {
        account: { state: 'NOT_SET_UP', accountId: 'acct_1' },
        url: 'http://127.0.0.1:8190/stripe/connect/onboarding/link_1',
      }),
    );
    const response = (await postForm(route.action, PAGE, { intent: 'stripe-setup' })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('http://127.0.0.1:8190/stripe/connect/onboarding/link_1');
  });

  it('asks for a fresh sign-in before Stripe set-up when the API wants one, and shows other refusals', async () => {
    api.on(`${API}/settings/setup-stripe-account`, (_req, res) => {
      res.writeHead(403, { 'Content-Type': 'application/problem+json' });
      res.end(
        JSON.stringify({
          type: 'https://hearth.example/problems/forbidden',
          title: 'Forbidden',
          status: 403,
          detail: 'For your safety, sign in again to change the bank account your payouts go to.',
          message: 'error.auth.stepUp',
          path: '/settings/setup-stripe-account',
        }),
      );
    });
    const response = (await postForm(route.action, PAGE, { intent: 'stripe-setup' })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(
      '/services/publisher/api/auth/login?redirect=%2Fl%2Fsettings%3Freauthenticated%3D1%23getting-paid&reauth=1',
    );

    api.reset();
    api.on(`${API}/auth/me`, fakeMe);
    api.on(`${API}/settings/setup-stripe-account`, (_req, res) =>
      sendProblem(res, 409, 'Card payments are not available on this Hearth: Stripe is not configured.'),
    );
    const refused = dataOf<{ intent: string; formErrors: string[] }>(
      await postForm(route.action, PAGE, { intent: 'stripe-setup' }),
    );
    expect(refused.status).toBe(409);
    expect(refused.data.intent).toBe('stripe-setup');
    expect(refused.data.formErrors.join(' ')).toContain('Stripe is not configured');
  });

  it('regenerates the secret code', async () => {
    api.on(`${API}/secret-code`, (_req, res) => json(res, 200, { secretCode: 'NEWCODE1' }));
    const response = (await postForm(route.action, PAGE, { intent: 'secret-code' })) as Response;
    expect(response.status).toBe(302);
    expect(api.requests.find((r) => r.url === `${API}/secret-code`)?.method).toBe('POST');
  });

  it('registers the Cashfree bank account', async () => {
    const bodies = capture(`${API}/settings/add-cashfree-beneficiary`, {}, 201);
    await postForm(route.action, PAGE, {
      intent: 'beneficiary',
      name: 'Priya Raman',
      accountNumber: '123456789012',
      ifsc: 'HDFC0001234',
      email: 'priya@example.com',
      phone: '9876543210',
      address1: '12 MG Road',
      city: 'Hyderabad',
      state: 'Telangana',
      pincode: '500081',
    });
    expect(bodies[0]).toMatchObject({
      accountNumber: '123456789012',
      ifsc: 'HDFC0001234',
      pincode: '500081',
    });
  });

  it('sends the chef to sign in again when the API asks for a recent sign-in (step-up, S-09)', async () => {
    api.on(`${API}/settings/add-cashfree-beneficiary`, (_req, res) => {
      res.writeHead(403, { 'Content-Type': 'application/problem+json' });
      res.end(
        JSON.stringify({
          type: 'https://hearth.example/problems/forbidden',
          title: 'Forbidden',
          status: 403,
          detail: 'For your safety, sign in again to change the bank account your payouts go to.',
          message: 'error.auth.stepUp',
          path: '/settings/add-cashfree-beneficiary',
        }),
      );
    });
    const response = await postForm(route.action, PAGE, {
      intent: 'beneficiary',
      name: 'Priya Raman',
      accountNumber: '123456789012',
      ifsc: 'HDFC0001234',
    });
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(302);
    expect((response as Response).headers.get('Location')).toBe(
      '/services/publisher/api/auth/login?redirect=%2Fl%2Fsettings%3Freauthenticated%3D1%23payouts&reauth=1',
    );
  });

  it('adds a pickup location with its name, country and coordinates', async () => {
    const bodies = capture(`${API}/settings/pickup-locations`, primaryPlace, 201);
    await postForm(route.action, PAGE, {
      intent: 'add-pickup',
      name: 'Market stall',
      country: 'United States',
      addressLine1: '1 Newark Ave',
      addressLine2: '',
      city: 'Jersey City',
      state: 'NJ',
      zipcode: '07302',
      locationType: 'BUSINESS',
      locality: '',
      district: '',
      deliveryNote: '',
      lat: '40.72',
      lng: '-74.04',
    });
    expect(bodies).toEqual([
      {
        name: 'Market stall',
        country: 'United States',
        addressLine1: '1 Newark Ave',
        city: 'Jersey City',
        state: 'NJ',
        zipcode: '07302',
        locationType: 'BUSINESS',
        lat: 40.72,
        lng: -74.04,
      },
    ]);
  });

  it("refuses to delete the kitchen address with the API's sentence, on that location", async () => {
    api.on(`${API}/settings/pickup-locations/${primaryPlace.id}`, (_req, res) =>
      sendProblem(res, 409, 'The kitchen address cannot be deleted; change it instead.'),
    );
    const result = dataOf<{ target: string; formErrors: string[] }>(
      await postForm(route.action, PAGE, { intent: 'delete-pickup', target: primaryPlace.id }),
    );
    expect(result.status).toBe(409);
    expect(result.data).toEqual(
      expect.objectContaining({
        target: primaryPlace.id,
        formErrors: ['The kitchen address cannot be deleted; change it instead.'],
      }),
    );
  });

  it('forwards the food handler permit to settings/upload-file as "file"', async () => {
    let received: FormData | undefined;
    api.on(`${API}/settings/upload-file`, async (req, res) => {
      received = await multipartBody(req);
      json(res, 200, settings);
    });
    const response = (await postMultipart(route.action, PAGE, { intent: 'upload-permit' }, [
      { name: 'files', filename: 'permit.png', type: 'image/png', bytes: TINY_PNG },
    ])) as Response;
    expect(response.status).toBe(302);
    expect((received?.get('file') as File).name).toBe('permit.png');
  });

  it('asks for a file when none was chosen, without calling the API', async () => {
    const result = dataOf<{ fieldErrors: Record<string, string> }>(
      await postMultipart(route.action, PAGE, { intent: 'upload-permit' }, [
        { name: 'files', filename: '', type: 'application/octet-stream', bytes: new Uint8Array() },
      ]),
    );
    expect(result.status).toBe(400);
    expect(result.data.fieldErrors.files).toBe('Choose a file first.');
    expect(api.requests.some((r) => r.url.includes('upload-file'))).toBe(false);
  });
});
