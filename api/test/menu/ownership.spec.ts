import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemDto } from '../../src/modules/item/dto/item-response.dto.js';
import type { MenuDto } from '../../src/modules/menu/dto/menu-response.dto.js';
import { startHarness, type Harness } from '../setup/harness.js';
import { API, chefIn, fixClock, newItem, publishedMenu, type Chef } from './catalog-kit.js';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');

describe("a chef can neither read nor change another chef's items and menus", () => {
  let h: Harness;
  let a: Chef;
  let b: Chef;
  let hidden: ItemDto;
  let menu: MenuDto;
  let picture: string;
  let receipt: string;
  beforeAll(async () => {
    h = await startHarness();
    a = await chefIn(h);
    b = await chefIn(h);
    fixClock(h, '2026-10-20T12:00:00Z');
    hidden = await newItem(h, a, { name: 'Secret recipe' });
    const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    picture = (
      await request(h.http)
        .post(`${API}/item/${hidden.id}/pictures`)
        .set(a.auth)
        .attach('files', png, 'p.png')
        .expect(201)
    ).body.itemPictures[0].id;
    await request(h.http).post(`${API}/item/${hidden.id}/hide`).set(a.auth).expect(200);
    menu = (
      await publishedMenu(h, a, { menuType: 'RECURRING', occurrence: 'days', deliveryDate: '2026-10-22' })
    ).menu;
    receipt = (
      await request(h.http)
        .post(`${API}/menu/${menu.id}/upload_receipts`)
        .set(a.auth)
        .attach('files', PDF, 'r.pdf')
        .expect(200)
    ).body.receipts[0].url;
  });
  beforeEach(() => {
    vi.restoreAllMocks();
    fixClock(h, '2026-10-20T12:00:00Z');
  });
  afterAll(() => h?.close());

  const itemCalls: Array<[string, () => request.Test]> = [
    ['GET item/{id} (not public)', () => request(h.http).get(`${API}/item/${hidden.id}`).set(b.auth)],
    [
      'PUT item/{id}',
      () => request(h.http).put(`${API}/item/${hidden.id}`).set(b.auth).send({ name: 'Mine now' }),
    ],
    ['DELETE item/{id}', () => request(h.http).delete(`${API}/item/${hidden.id}`).set(b.auth)],
    [
      'POST item/clone-item',
      () => request(h.http).post(`${API}/item/clone-item`).set(b.auth).send({ itemId: hidden.id }),
    ],
    ['POST item/{id}/soldout', () => request(h.http).post(`${API}/item/${hidden.id}/soldout`).set(b.auth)],
    [
      'DELETE item/{id}/soldout',
      () => request(h.http).delete(`${API}/item/${hidden.id}/soldout`).set(b.auth),
    ],
    ['POST item/{id}/show', () => request(h.http).post(`${API}/item/${hidden.id}/show`).set(b.auth)],
    [
      'POST item/{id}/pictures',
      () =>
        request(h.http).post(`${API}/item/${hidden.id}/pictures`).set(b.auth).attach('files', PDF, 'x.png'),
    ],
    [
      'DELETE item/{id}/pictures/{pictureId}',
      () => request(h.http).delete(`${API}/item/${hidden.id}/pictures/${picture}`).set(b.auth),
    ],
  ];
  for (const [name, call] of itemCalls) {
    it(`${name} → 404`, async () => {
      const res = await call();
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body.detail).not.toContain('Secret recipe');
    });
  }

  const menuCalls: Array<[string, () => request.Test]> = [
    ['GET menu/{id}', () => request(h.http).get(`${API}/menu/${menu.id}`).set(b.auth)],
    ['GET menu/{id}/history', () => request(h.http).get(`${API}/menu/${menu.id}/history`).set(b.auth)],
    [
      'PUT menu/{id}',
      () => request(h.http).put(`${API}/menu/${menu.id}`).set(b.auth).send({ name: 'Mine now' }),
    ],
    ['DELETE menu/{id}', () => request(h.http).delete(`${API}/menu/${menu.id}`).set(b.auth)],
    [
      'DELETE menu/{id}?deleteType=DATE',
      () => request(h.http).delete(`${API}/menu/${menu.id}?deleteType=DATE&date=2026-10-23`).set(b.auth),
    ],
    [
      'POST menu/{id}/items',
      () => request(h.http).post(`${API}/menu/${menu.id}/items`).set(b.auth).send({ items: [] }),
    ],
    ['POST menu/{id}/publish', () => request(h.http).post(`${API}/menu/${menu.id}/publish`).set(b.auth)],
    ['POST menu/{id}/pause', () => request(h.http).post(`${API}/menu/${menu.id}/pause`).set(b.auth)],
    ['POST menu/{id}/resume', () => request(h.http).post(`${API}/menu/${menu.id}/resume`).set(b.auth)],
    [
      'POST menu/{id}/upload_receipts',
      () =>
        request(h.http)
          .post(`${API}/menu/${menu.id}/upload_receipts`)
          .set(b.auth)
          .attach('files', PDF, 'r.pdf'),
    ],
    ['GET menu/{id}/receipts/{receiptId}', () => request(h.http).get(receipt).set(b.auth)],
    ['GET menu/{id}/receipts', () => request(h.http).get(`${API}/menu/${menu.id}/receipts`).set(b.auth)],
    ['DELETE menu/{id}/receipts/{receiptId}', () => request(h.http).delete(receipt).set(b.auth)],
    [
      'POST menu/clone',
      () => request(h.http).post(`${API}/menu/clone`).set(b.auth).send({ menuId: menu.id }),
    ],
  ];
  for (const [name, call] of menuCalls) {
    it(`${name} → 404`, async () => {
      const res = await call();
      expect(res.status, JSON.stringify(res.body)).toBe(404);
    });
  }

  it("left A's item and menu as they were", async () => {
    const item = await request(h.http).get(`${API}/item/${hidden.id}`).set(a.auth).expect(200);
    expect(item.body).toMatchObject({ name: 'Secret recipe', itemStatus: 'HIDDEN' });
    expect(item.body.itemPictures).toHaveLength(1);
    const read = await request(h.http).get(`${API}/menu/${menu.id}`).set(a.auth).expect(200);
    expect(read.body).toMatchObject({ name: menu.name, status: 'PUBLISHED', receipts: [expect.any(Object)] });
    expect(read.body.menuDates.every((d: { isDeleted: boolean }) => !d.isDeleted)).toBe(true);
  });

  it("lists only the caller's own items and menus", async () => {
    const items = await request(h.http).get(`${API}/item?size=100`).set(b.auth).expect(200);
    expect(items.body.map((i: ItemDto) => i.publisherId).every((id: string) => id === b.publisher.id)).toBe(
      true,
    );
    const menus = await request(h.http).get(`${API}/menu?size=100`).set(b.auth).expect(200);
    expect(menus.body).toEqual([]);
  });

  it('lets admins read any item and menu, but not change them', async () => {
    const admin = await h.admin();
    expect(
      (await request(h.http).get(`${API}/item/${hidden.id}`).set(admin.auth).expect(200)).body.name,
    ).toBe('Secret recipe');
    expect((await request(h.http).get(`${API}/menu/${menu.id}`).set(admin.auth).expect(200)).body.id).toBe(
      menu.id,
    );
    await request(h.http).get(`${API}/menu/${menu.id}/history`).set(admin.auth).expect(200);
    const list = await request(h.http)
      .get(`${API}/menu?publisherId=${a.publisher.id}`)
      .set(admin.auth)
      .expect(200);
    expect(list.body.map((m: MenuDto) => m.id)).toEqual([menu.id]);
    await request(h.http).put(`${API}/menu/${menu.id}`).set(admin.auth).send({ name: 'x' }).expect(403);
    await request(h.http).post(`${API}/item/${hidden.id}/show`).set(admin.auth).expect(403);
  });

  it('refuses customers and anonymous callers', async () => {
    const customer = await h.customer();
    await request(h.http).get(`${API}/menu/${menu.id}`).set(customer.auth).expect(403);
    await request(h.http).get(`${API}/menu/${menu.id}`).expect(401);
    await request(h.http).get(`${API}/item/${hidden.id}`).set(customer.auth).expect(404);
  });
});
