import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuDto, MenuReceiptsDto, ReceiptDto } from '../../src/modules/menu/dto/menu-response.dto.js';
import { StorageAdapter } from '../../src/modules/storage/storage.adapter.js';
import { startHarness, type Harness } from '../setup/harness.js';
import { API, chefIn, fixClock, publishedMenu, type Chef } from './catalog-kit.js';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');

/** Receipts attached to a menu's cook dates (issue 17 item 6) and listed per date across a chef's menus. */
describe('menu receipts by cook date', () => {
  let h: Harness;
  let a: Chef;
  let b: Chef;
  let daily: MenuDto;
  let weekly: MenuDto;

  const upload = (chef: Chef, menuId: string, name: string, date?: string) => {
    const req = request(h.http).post(`${API}/menu/${menuId}/upload_receipts`).set(chef.auth);
    if (date !== undefined) req.field('date', date);
    return req.attach('files', PDF, name);
  };
  const byDate = (chef: { auth: Record<string, string> }, date: string) =>
    request(h.http).get(`${API}/order/receipts`).query({ date }).set(chef.auth);

  beforeAll(async () => {
    h = await startHarness();
    a = await chefIn(h);
    b = await chefIn(h);
    fixClock(h, '2026-10-20T12:00:00Z');
    daily = (
      await publishedMenu(h, a, {
        name: 'Daily dinners',
        menuType: 'RECURRING',
        occurrence: 'days',
        deliveryDate: '2026-10-22',
      })
    ).menu;
    weekly = (await publishedMenu(h, a, { name: 'Autumn bake', deliveryDate: '2026-10-23' })).menu;
  });
  beforeEach(() => {
    vi.restoreAllMocks();
    fixClock(h, '2026-10-20T12:00:00Z');
  });
  afterAll(() => h.close());

  it('keeps the date, file name, type and size of each receipt and lists them by menu and by date', async () => {
    const res = await upload(a, daily.id, 'market run.pdf', '2026-10-22').expect(200);
    const [first] = res.body.receipts as ReceiptDto[];
    expect(first).toMatchObject({
      menuId: daily.id,
      menuName: 'Daily dinners',
      date: '2026-10-22',
      name: 'market run.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      url: `${API}/menu/${daily.id}/receipts/${first.id}`,
    });
    await upload(a, daily.id, 'spices.pdf').expect(200);
    await upload(a, daily.id, 'bakery.pdf', '2026-10-23').expect(200);
    await upload(a, weekly.id, 'flour.pdf', '2026-10-23').expect(200);

    const list = (await request(h.http).get(`${API}/menu/${daily.id}/receipts`).set(a.auth).expect(200))
      .body as MenuReceiptsDto;
    expect(list.receipts.map((r) => [r.date, r.name])).toEqual([
      [null, 'spices.pdf'],
      ['2026-10-22', 'market run.pdf'],
      ['2026-10-23', 'bakery.pdf'],
    ]);
    expect(list.dates.slice(0, 3)).toEqual(['2026-10-22', '2026-10-23', '2026-10-24']);

    const on23 = (await byDate(a, '2026-10-23').expect(200)).body as ReceiptDto[];
    expect(on23.map((r) => [r.menuName, r.name])).toEqual([
      ['Autumn bake', 'flour.pdf'],
      ['Daily dinners', 'bakery.pdf'],
    ]);
    expect((await byDate(a, '2026-10-22').expect(200)).body.map((r: ReceiptDto) => r.name)).toEqual([
      'market run.pdf',
    ]);
    expect((await byDate(a, '2026-10-25').expect(200)).body).toEqual([]);
  });

  it("refuses a date that is not one of the menu's dates, and a malformed one", async () => {
    const wrong = await upload(a, weekly.id, 'x.pdf', '2026-10-24').expect(400);
    expect(JSON.stringify(wrong.body)).toContain('not a date of this menu');
    await upload(a, weekly.id, 'x.pdf', '23/10/2026').expect(400);
    await byDate(a, 'tomorrow').expect(400);
    const left = await request(h.http).get(`${API}/menu/${weekly.id}/receipts`).set(a.auth).expect(200);
    expect(left.body.receipts.map((r: ReceiptDto) => r.name)).not.toContain('x.pdf');
  });

  it('refuses a file that is not a PDF or picture by its bytes, whatever its name', async () => {
    const res = await request(h.http)
      .post(`${API}/menu/${weekly.id}/upload_receipts`)
      .set(a.auth)
      .field('date', '2026-10-23')
      .attach('files', Buffer.from('<html><script>alert(1)</script></html>'), 'receipt.pdf')
      .expect(415);
    expect(res.body.detail).toBe('The file must be a PDF document or a JPEG, PNG or WebP image.');
  });

  it("another chef can neither list, read, upload to nor delete a chef's receipts", async () => {
    const mine = (await upload(a, weekly.id, 'cheese.pdf', '2026-10-23').expect(200)).body.receipts.find(
      (r: ReceiptDto) => r.name === 'cheese.pdf',
    ) as ReceiptDto;
    await request(h.http).get(`${API}/menu/${weekly.id}/receipts`).set(b.auth).expect(404);
    await request(h.http).get(mine.url).set(b.auth).expect(404);
    await request(h.http).delete(mine.url).set(b.auth).expect(404);
    await upload(b, weekly.id, 'b.pdf', '2026-10-23').expect(404);
    expect((await byDate(b, '2026-10-23').expect(200)).body).toEqual([]);
    const customer = await h.customer();
    await byDate(customer, '2026-10-23').expect(403);
    // A's receipt is still there and readable by A.
    await request(h.http).get(mine.url).set(a.auth).expect(200);
  });

  it('deletes a receipt: gone from the lists, from storage, and recorded in the history', async () => {
    const res = await upload(a, weekly.id, 'oops.pdf', '2026-10-23').expect(200);
    const oops = (res.body.receipts as ReceiptDto[]).find((r) => r.name === 'oops.pdf') as ReceiptDto;
    const [row] = await h.db.query(`SELECT storage_key FROM menu_receipt WHERE id = $1`, [oops.id]);
    const left = (await request(h.http).delete(oops.url).set(a.auth).expect(200)).body as MenuReceiptsDto;
    expect(left.receipts.map((r) => r.id)).not.toContain(oops.id);
    await request(h.http).get(oops.url).set(a.auth).expect(404);
    await request(h.http).delete(oops.url).set(a.auth).expect(404);
    expect(await h.app.get(StorageAdapter).get(row.storage_key as string)).toBeNull();
    expect((await byDate(a, '2026-10-23').expect(200)).body.map((r: ReceiptDto) => r.id)).not.toContain(
      oops.id,
    );
    const history = (await request(h.http).get(`${API}/menu/${weekly.id}/history`).set(a.auth).expect(200))
      .body as Array<{ event: string; details: Record<string, unknown> }>;
    expect(history.at(-1)).toMatchObject({
      event: 'EDITED',
      details: { action: 'DELETE_RECEIPT', receipt: oops.id, name: 'oops.pdf', date: '2026-10-23' },
    });
  });
});
