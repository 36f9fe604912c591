import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMe, pageRequest, ME } from '~/test/auth-fixtures';
import {
  API,
  MENU_ID,
  TINY_PNG,
  dataOf,
  menu,
  multipartBody,
  postForm,
  postMultipart,
  sendProblem,
} from '~/test/chef-fixtures';
import { json, startFakeApi } from '~/test/fake-api';
import type { FakeApi } from '~/test/fake-api';
import { thrownBy } from '~/test/thrown';

let api: FakeApi;
let route: typeof import('./_default.l.manage-menus.$id.records');

const PAGE = `/l/manage-menus/${MENU_ID}/records`;
const RECEIPT_ID = '3f1c2d4e-5555-4a4a-9b9b-000000000401';
const receipt = {
  id: RECEIPT_ID,
  url: `${API}/menu/${MENU_ID}/receipts/${RECEIPT_ID}`,
  menuId: MENU_ID,
  menuName: menu.name,
  date: '2030-01-04',
  name: 'market.pdf',
  contentType: 'application/pdf',
  size: 2048,
  uploadedAt: '2030-01-03T15:00:00.000Z',
};
const history = [
  {
    id: 'h1',
    event: 'EDITED',
    actorId: ME.chef.consumerId,
    details: { mode: 'CREATE' },
    at: '2030-01-01T10:00:00Z',
  },
  {
    id: 'h2',
    event: 'EDITED',
    actorId: ME.chef.consumerId,
    details: { action: 'UPLOAD_RECEIPTS', receipts: [RECEIPT_ID], date: '2030-01-04' },
    at: '2030-01-03T15:00:00Z',
  },
];

type Result = { intent: string; fieldErrors: Record<string, string>; formErrors: string[]; values: unknown };

const load = (path = PAGE, who: 'chef' | 'customer' = 'chef') =>
  route.loader({ request: pageRequest(path, who), params: { id: MENU_ID }, context: {} });

beforeAll(async () => {
  api = await startFakeApi();
  process.env.API_URL = api.url;
  route = await import('./_default.l.manage-menus.$id.records');
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`${API}/auth/me`, fakeMe);
  api.on(`${API}/menu/${MENU_ID}`, (_req, res) => json(res, 200, menu));
  api.on(`${API}/menu/${MENU_ID}/receipts`, (_req, res) =>
    json(res, 200, { dates: ['2030-01-04', '2030-01-11'], receipts: [receipt] }),
  );
  api.on(`${API}/menu/${MENU_ID}/history`, (_req, res) => json(res, 200, history));
});

describe('/l/manage-menus/{id}/records', () => {
  it('is for chefs only', async () => {
    expect((await thrownBy(load(PAGE, 'customer'))).status).toBe(403);
  });

  it("shows the menu's receipts, the dates to pick and the history newest first", async () => {
    const page = await load();
    expect(page.menu).toMatchObject({ id: MENU_ID, name: 'Friday soups', timeZone: 'America/New_York' });
    expect(page.dates).toEqual(['2030-01-04', '2030-01-11']);
    expect(page.receipts).toEqual([receipt]);
    expect(page.history.map((h) => h.id)).toEqual(['h2', 'h1']);
    expect(page.me).toBe(ME.chef.consumerId);
    expect(page.confirming).toBeNull();
  });

  it('asks to confirm a delete only for a receipt of this menu', async () => {
    expect((await load(`${PAGE}?delete=${RECEIPT_ID}`)).confirming).toEqual(receipt);
    expect((await load(`${PAGE}?delete=someone-elses`)).confirming).toBeNull();
  });

  it("is not found for another chef's menu", async () => {
    api.on(`${API}/menu/${MENU_ID}`, (_req, res) => sendProblem(res, 404, 'No such menu'));
    api.on(`${API}/menu/${MENU_ID}/receipts`, (_req, res) => sendProblem(res, 404, 'No such menu'));
    expect((await thrownBy(load())).status).toBe(404);
  });

  it('forwards the chosen files and the cook date to upload_receipts', async () => {
    let received: FormData | undefined;
    api.on(`${API}/menu/${MENU_ID}/upload_receipts`, async (req, res) => {
      received = await multipartBody(req);
      json(res, 200, menu);
    });
    const response = (await postMultipart(
      route.action,
      PAGE,
      { intent: 'upload-receipts', date: '2030-01-04' },
      [{ name: 'files', filename: 'till.png', type: 'image/png', bytes: TINY_PNG }],
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`${PAGE}#receipts`);
    expect(received?.get('date')).toBe('2030-01-04');
    const file = received?.get('files') as File;
    expect(file.name).toBe('till.png');
    expect(Buffer.from(await file.arrayBuffer()).equals(TINY_PNG)).toBe(true);
  });

  it('sends no date for the whole menu', async () => {
    let received: FormData | undefined;
    api.on(`${API}/menu/${MENU_ID}/upload_receipts`, async (req, res) => {
      received = await multipartBody(req);
      json(res, 200, menu);
    });
    await postMultipart(route.action, PAGE, { intent: 'upload-receipts', date: '' }, [
      { name: 'files', filename: 'a.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.7') },
    ]);
    expect(received?.has('date')).toBe(false);
  });

  it('asks for a file before calling the API', async () => {
    const result = dataOf<Result>(
      await postMultipart(route.action, PAGE, { intent: 'upload-receipts', date: '' }, []),
    );
    expect(result.status).toBe(400);
    expect(result.data.fieldErrors.files).toBe('Choose a receipt to upload first.');
    expect(api.requests.some((r) => r.url.includes('upload_receipts'))).toBe(false);
  });

  it("puts the API's refusals beside the date and the file input", async () => {
    api.on(`${API}/menu/${MENU_ID}/upload_receipts`, (_req, res) =>
      sendProblem(res, 400, 'Invalid', [{ field: 'date', message: '2030-01-05 is not a date of this menu' }]),
    );
    const wrongDate = dataOf<Result>(
      await postMultipart(route.action, PAGE, { intent: 'upload-receipts', date: '2030-01-05' }, [
        { name: 'files', filename: 'a.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.7') },
      ]),
    );
    expect(wrongDate.status).toBe(400);
    expect(wrongDate.data.fieldErrors.date).toBe('2030-01-05 is not a date of this menu');
    expect(wrongDate.data.values).toEqual({ date: '2030-01-05' });
    api.on(`${API}/menu/${MENU_ID}/upload_receipts`, (_req, res) =>
      sendProblem(res, 415, 'The file must be a PDF document or a JPEG, PNG or WebP image.', [
        { field: 'files', message: 'The file must be a PDF document or a JPEG, PNG or WebP image.' },
      ]),
    );
    const notADocument = dataOf<Result>(
      await postMultipart(route.action, PAGE, { intent: 'upload-receipts', date: '' }, [
        { name: 'files', filename: 'evil.pdf', type: 'application/pdf', bytes: Buffer.from('MZ') },
      ]),
    );
    expect(notADocument.status).toBe(415);
    expect(notADocument.data.fieldErrors.files).toBe(
      'The file must be a PDF document or a JPEG, PNG or WebP image.',
    );
  });

  it('deletes the confirmed receipt', async () => {
    api.on(`${API}/menu/${MENU_ID}/receipts/${RECEIPT_ID}`, (_req, res) =>
      json(res, 200, { dates: [], receipts: [] }),
    );
    const response = (await postForm(route.action, PAGE, {
      intent: 'delete-receipt',
      target: RECEIPT_ID,
    })) as Response;
    expect(response.status).toBe(302);
    expect(api.requests.find((r) => r.url === `${API}/menu/${MENU_ID}/receipts/${RECEIPT_ID}`)?.method).toBe(
      'DELETE',
    );
  });
});
