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
  publisherDetail,
  sendProblem,
} from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';

let api: FakeApi;
let route: typeof import('./_default.l.chef-registration');
let getToast: typeof import('~/lib/ui/toast.server').getToast;

const PAGE = '/l/chef-registration';

const form = {
  intent: 'register',
  kitchenName: 'robins-kitchen',
  brandDisplayName: "Robin's Kitchen",
  brandType: 'HOME_KITCHEN',
  speciality: 'Soups',
  profileDescription: '',
  phoneCountryCode: '+1',
  phoneNumber: '201 555 0123',
  whatsAppCountryCode: '+1',
  whatsAppNumber: '',
  country: 'United States',
  timeZone: 'America/New_York',
  addressLine1: '77 Hudson St',
  addressLine2: '',
  city: 'Jersey City',
  state: 'NJ',
  zipcode: '07302',
  locality: '',
  district: '',
  locationType: '',
  deliveryNote: '',
  lat: '40.7168',
  lng: '-74.0335',
  acceptAgreement: 'on',
};

async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return (await getToast(new Request('http://hearth.test/', { headers: { Cookie: cookie } }))).toast;
}

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.chef-registration');
  ({ getToast } = await import('~/lib/ui/toast.server'));
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
});

describe('/l/chef-registration', () => {
  it('shows an anonymous visitor the landing page (no sign-in redirect), whose ways in come back here', async () => {
    const result = await route.loader({ request: pageRequest(PAGE), params: {}, context: {} });
    expect(result).toEqual({ guest: true, returnTo: PAGE });
    expect(api.requests.some((r) => r.url.startsWith(`${API}/publisher`))).toBe(false);
  });

  it('still sends an anonymous form post to sign in and back here', async () => {
    const request = pageRequest(PAGE, undefined, { method: 'POST', body: new URLSearchParams(form) });
    const thrown = await route.action({ request, params: {}, context: {} }).catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('Location')).toBe(
      '/services/publisher/api/auth/login?redirect=%2Fl%2Fchef-registration',
    );
  });

  it('offers the registration form to a signed-in user without a kitchen (the API says 404)', async () => {
    api.on(`${API}/publisher`, (_req, res) =>
      sendProblem(res, 404, 'You have not registered a kitchen yet.'),
    );
    const result = await route.loader({ request: pageRequest(PAGE, 'customer'), params: {}, context: {} });
    expect(result).toMatchObject({
      guest: false,
      publisher: null,
      loadError: null,
      origin: 'http://hearth.test',
    });
  });

  it('shows the registered kitchen in any state', async () => {
    api.on(`${API}/publisher`, (_req, res) => json(res, 200, publisherDetail));
    const result = await route.loader({ request: pageRequest(PAGE, 'customer'), params: {}, context: {} });
    expect(result).toMatchObject({ publisher: { status: 'PENDING', kitchenName: 'robins-kitchen' } });
  });

  it('registers the kitchen with the address nested and coordinates as numbers, then says so', async () => {
    let body: unknown;
    api.on(`${API}/publisher`, async (req, res) => {
      body = await jsonBody(req);
      json(res, 201, publisherDetail);
    });
    const response = (await postForm(route.action, PAGE, form, 'customer')) as Response;
    expect(api.requests.find((r) => r.url === `${API}/publisher`)?.method).toBe('POST');
    expect(body).toEqual({
      kitchenName: 'robins-kitchen',
      brandDisplayName: "Robin's Kitchen",
      brandType: 'HOME_KITCHEN',
      speciality: 'Soups',
      phoneCountryCode: '+1',
      phoneNumber: '201 555 0123',
      timeZone: 'America/New_York',
      country: 'United States',
      acceptAgreement: true,
      address: {
        addressLine1: '77 Hudson St',
        city: 'Jersey City',
        state: 'NJ',
        zipcode: '07302',
        locationType: '',
        lat: 40.7168,
        lng: -74.0335,
      },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(PAGE);
    expect(await toastOf(response)).toMatchObject({
      kind: 'positive',
      text: 'Your kitchen is submitted for review.',
    });
  });

  it("puts the API's field errors beside the fields (address.city → city), status 400, keeping what was typed", async () => {
    api.on(`${API}/publisher`, (_req, res) =>
      sendProblem(res, 400, '2 fields are invalid', [
        { field: 'address.city', message: 'city is required' },
        {
          field: 'acceptAgreement',
          message: 'acceptAgreement must be true: accept the chef agreement to register',
        },
      ]),
    );
    const result = dataOf<{
      fieldErrors: Record<string, string>;
      values: Record<string, string>;
      intent: string;
    }>(await postForm(route.action, PAGE, { ...form, city: '', acceptAgreement: '' }, 'customer'));
    expect(result.status).toBe(400);
    expect(result.data.intent).toBe('register');
    expect(result.data.fieldErrors).toEqual({
      city: 'city is required',
      acceptAgreement: 'acceptAgreement must be true: accept the chef agreement to register',
    });
    expect(result.data.values).toMatchObject({
      kitchenName: 'robins-kitchen',
      phoneNumber: '201 555 0123',
      lat: '40.7168',
    });
  });

  it('shows a taken kitchen name (409 with a field error) beside the kitchen name', async () => {
    api.on(`${API}/publisher`, (_req, res) =>
      sendProblem(res, 409, 'The kitchen name "robins-kitchen" is taken; choose another.', [
        { field: 'kitchenName', message: 'kitchenName "robins-kitchen" is taken; choose another' },
      ]),
    );
    const result = dataOf<{ fieldErrors: Record<string, string> }>(
      await postForm(route.action, PAGE, form, 'customer'),
    );
    expect(result.status).toBe(409);
    expect(result.data.fieldErrors.kitchenName).toBe('kitchenName "robins-kitchen" is taken; choose another');
  });

  it('refuses coordinates that are not numbers without calling the API', async () => {
    const result = dataOf<{ fieldErrors: Record<string, string> }>(
      await postForm(route.action, PAGE, { ...form, lat: 'north' }, 'customer'),
    );
    expect(result.status).toBe(400);
    expect(result.data.fieldErrors.lat).toBe('Latitude must be a number between -90 and 90.');
    expect(api.requests.some((r) => r.url.startsWith(`${API}/publisher`))).toBe(false);
  });

  it('forwards an uploaded logo to publisher/upload-logo as multipart "file", bytes unchanged', async () => {
    let received: FormData | undefined;
    api.on(`${API}/publisher/upload-logo`, async (req, res) => {
      received = await multipartBody(req);
      json(res, 200, publisherDetail);
    });
    const response = (await postMultipart(route.action, PAGE, { intent: 'upload-logo' }, [
      { name: 'files', filename: 'logo.png', type: 'image/png', bytes: TINY_PNG },
    ])) as Response;
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toMatchObject({ kind: 'positive', text: 'Logo uploaded.' });
    const file = received?.get('file') as File;
    expect(file.name).toBe('logo.png');
    expect(Buffer.from(await file.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    expect(api.requests.find((r) => r.url === `${API}/publisher/upload-logo`)?.headers.cookie).toContain(
      'hearth_session=chef',
    );
  });

  it('forwards several licences as multipart "files"', async () => {
    let received: FormData | undefined;
    api.on(`${API}/publisher/upload-licenses`, async (req, res) => {
      received = await multipartBody(req);
      json(res, 200, publisherDetail);
    });
    await postMultipart(route.action, PAGE, { intent: 'upload-licenses' }, [
      { name: 'files', filename: 'a.png', type: 'image/png', bytes: TINY_PNG },
      { name: 'files', filename: 'b.png', type: 'image/png', bytes: TINY_PNG },
    ]);
    expect((received?.getAll('files') as File[]).map((f) => f.name)).toEqual(['a.png', 'b.png']);
  });

  it('refuses a file over 5 MB before sending it on, naming it beside the file input', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    const result = dataOf<{ intent: string; fieldErrors: Record<string, string> }>(
      await postMultipart(route.action, PAGE, { intent: 'upload-logo' }, [
        { name: 'files', filename: 'huge.png', type: 'image/png', bytes: big },
      ]),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      intent: 'upload-logo',
      fieldErrors: { files: 'huge.png is larger than 5 MB; choose a smaller file.' },
    });
    expect(api.requests.some((r) => r.url.includes('upload-logo'))).toBe(false);
  });

  it("shows the API's refusal of a file that is not a picture", async () => {
    api.on(`${API}/publisher/upload-logo`, (_req, res) =>
      sendProblem(res, 415, 'The file is not a JPEG, PNG, WebP, GIF or AVIF picture.'),
    );
    const result = dataOf<{ formErrors: string[] }>(
      await postMultipart(route.action, PAGE, { intent: 'upload-logo' }, [
        {
          name: 'files',
          filename: 'notes.png',
          type: 'image/png',
          bytes: new TextEncoder().encode('not a picture'),
        },
      ]),
    );
    expect(result.status).toBe(415);
    expect(result.data.formErrors).toEqual(['The file is not a JPEG, PNG, WebP, GIF or AVIF picture.']);
  });
});
