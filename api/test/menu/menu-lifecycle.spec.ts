import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuHistoryDto } from '../../src/modules/menu/dto/menu-response.dto.js';
import { startHarness, type Harness } from '../setup/harness.js';
import { createPickupLocation } from '../setup/shop.js';
import { API, chefIn, fixClock, newItem, newMenu, publishedMenu, type Chef } from './catalog-kit.js';

const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');

describe('menus: create, items, clone, history, receipts', () => {
  let h: Harness;
  let chef: Chef;
  beforeAll(async () => {
    h = await startHarness();
    chef = await chefIn(h);
  });
  beforeEach(() => {
    vi.restoreAllMocks();
    fixClock(h, '2026-10-20T12:00:00Z');
  });
  afterAll(() => h?.close());

  it('creates a DRAFT with the spec defaults', async () => {
    const res = await request(h.http)
      .post(`${API}/menu`)
      .set(chef.auth)
      .send({ name: 'Sunday lunch' })
      .expect(201);
    expect(res.body).toMatchObject({
      name: 'Sunday lunch',
      status: 'DRAFT',
      publisherId: chef.publisher.id,
      menuType: 'ONETIME',
      occurrence: 'days',
      repeatsEvery: 1,
      repeatsOn: [],
      ends: { endsOnOrAfter: 'After', endsAfterOccurrences: 3, endsOnDate: null },
      autoExtend: false,
      timeZone: 'America/New_York',
      deliveryDate: null,
      deliveryTimeSlots: ['PM_5_7'],
      deliveryMeasurment: 'miles',
      stopOrdersType: 'Hours',
      stopOrdersByDaysOrHours: 0,
      cateringEnabled: false,
      stopOrdersTypeForCatering: 'Days',
      stopOrdersByDaysOrHoursForCatering: 2,
      delivery_order_minimum_amount: '0.00',
      associatedAddress: null,
      receipts: [],
      items: [],
      menuDates: [],
      allowedActions: ['edit', 'items', 'uploadReceipts', 'publish', 'delete'],
    });
    expect(res.body.draftCreatedDate).toBe('2026-10-20T12:00:00.000Z');
  });

  it("takes delivery defaults from the chef's settings and the primary pickup location", async () => {
    const set = await chefIn(h);
    const place = await createPickupLocation(h.db, set.publisher.id);
    await h.db.query(
      `INSERT INTO chef_setting (publisher_id, key, value) VALUES
         ($1, 'RADIUS', '12'), ($1, 'DELIVERY_FEES', '"4.5"'), ($1, 'DELIVERY_MEASUREMENT', '"km"'), ($1, 'ZIPCODES', '["07302","07310"]')`,
      [set.publisher.id],
    );
    const menu = await newMenu(h, set, { deliveryZipCodes: undefined, catering: undefined });
    expect(menu).toMatchObject({
      deliveryRadius: 12,
      deliveryFees: '4.50',
      deliveryMeasurment: 'km',
      deliveryZipCodes: ['07302', '07310'],
    });
    expect(menu.associatedAddress).toMatchObject({
      id: place.id,
      isPrimary: true,
      city: 'Jersey City',
      lat: 40.7168,
      lng: -74.0335,
    });
  });

  it("accepts only the chef's own pickup locations as associatedAddress", async () => {
    const other = await chefIn(h);
    const theirs = await createPickupLocation(h.db, other.publisher.id);
    const res = await request(h.http)
      .post(`${API}/menu`)
      .set(chef.auth)
      .send({ name: 'x', associatedAddress: theirs.id })
      .expect(400);
    expect(res.body.fieldErrors).toEqual([
      { field: 'associatedAddress', message: 'associatedAddress must be one of your pickup locations.' },
    ]);
  });

  it('keeps catering, event and delivery terms', async () => {
    const menu = await newMenu(h, chef, {
      cateringEnabled: true,
      stopOrdersTypeForCatering: 'Hours',
      stopOrdersByDaysOrHoursForCatering: 36,
      eventDate: '2026-12-24',
      eventTime: '18:30',
      deliveryFees: 3,
      delivery_order_minimum_amount: '25',
      deliveryRadius: 7.5,
      deliveryMeasurment: 'km',
      countryName: 'United States',
    });
    expect(menu).toMatchObject({
      cateringEnabled: true,
      stopOrdersTypeForCatering: 'Hours',
      stopOrdersByDaysOrHoursForCatering: 36,
      eventDate: '2026-12-24',
      eventTime: '18:30',
      deliveryFees: '3.00',
      delivery_order_minimum_amount: '25.00',
      deliveryRadius: 7.5,
      deliveryMeasurment: 'km',
    });
  });

  describe('items', () => {
    it('replaces or adds items, in order, and writes ITEM_ADDED', async () => {
      const [a, b, c] = [
        await newItem(h, chef, { name: 'A' }),
        await newItem(h, chef, { name: 'B' }),
        await newItem(h, chef, { name: 'C' }),
      ];
      const menu = await newMenu(h, chef);
      const set = await request(h.http)
        .post(`${API}/menu/${menu.id}/items`)
        .set(chef.auth)
        .send({ items: [b.id, a.id] })
        .expect(200);
      expect(set.body.items.map((i: { name: string }) => i.name)).toEqual(['B', 'A']);
      const added = await request(h.http)
        .post(`${API}/menu/${menu.id}/items`)
        .set(chef.auth)
        .send({ items: [c.id, a.id], mode: 'ADD' })
        .expect(200);
      expect(added.body.items.map((i: { name: string }) => i.name)).toEqual(['B', 'A', 'C']);
      const replaced = await request(h.http)
        .post(`${API}/menu/${menu.id}/items`)
        .set(chef.auth)
        .send({ items: [c.id] })
        .expect(200);
      expect(replaced.body.items.map((i: { name: string }) => i.name)).toEqual(['C']);
      const history = (await request(h.http).get(`${API}/menu/${menu.id}/history`).set(chef.auth).expect(200))
        .body as MenuHistoryDto[];
      expect(
        history.filter((e) => e.event === 'ITEM_ADDED').map((e) => [e.details.added, e.details.removed]),
      ).toEqual([
        [[b.id, a.id], []],
        [[c.id], []],
        [[], [b.id, a.id]],
      ]);
    });

    it("refuses another chef's item, a hidden item and a deleted one", async () => {
      const other = await chefIn(h);
      const theirs = await newItem(h, other);
      const hidden = await newItem(h, chef);
      await request(h.http).post(`${API}/item/${hidden.id}/hide`).set(chef.auth).expect(200);
      const gone = await newItem(h, chef);
      await request(h.http).delete(`${API}/item/${gone.id}`).set(chef.auth).expect(204);
      const ok = await newItem(h, chef);
      const menu = await newMenu(h, chef);
      const res = await request(h.http)
        .post(`${API}/menu/${menu.id}/items`)
        .set(chef.auth)
        .send({ items: [ok.id, theirs.id] })
        .expect(400);
      expect(res.body.fieldErrors).toEqual([
        {
          field: 'items[1]',
          message:
            'items[1] is not one of your items that can go on a menu (deleted and hidden items cannot).',
        },
      ]);
      await request(h.http)
        .post(`${API}/menu/${menu.id}/items`)
        .set(chef.auth)
        .send({ items: [hidden.id] })
        .expect(400);
      await request(h.http)
        .post(`${API}/menu/${menu.id}/items`)
        .set(chef.auth)
        .send({ items: [gone.id] })
        .expect(400);
      expect(
        (await request(h.http).get(`${API}/menu/${menu.id}`).set(chef.auth).expect(200)).body.items,
      ).toEqual([]);
    });

    it('frees the capacity of an item taken off a published menu by an edit', async () => {
      const { menu, item } = await publishedMenu(h, chef, { deliveryDate: '2026-10-22' });
      const other = await newItem(h, chef);
      await request(h.http)
        .put(`${API}/menu/${menu.id}`)
        .set(chef.auth)
        .send({ items: [other.id] })
        .expect(200);
      expect(await h.db.query(`SELECT 1 FROM item_date_capacity WHERE item_id = $1`, [item.id])).toEqual([]);
      expect(
        await h.db.query(`SELECT max_allowed FROM item_date_capacity WHERE item_id = $1`, [other.id]),
      ).toEqual([{ max_allowed: 10 }]);
    });

    it('gives an item added to a published menu capacity on every date', async () => {
      const { menu } = await publishedMenu(h, chef, {
        menuType: 'RECURRING',
        occurrence: 'days',
        deliveryDate: '2026-10-22',
        ends: { endsAfterOccurrences: 2 },
      });
      const late = await newItem(h, chef, { maxAllowedOrders: 4 });
      await request(h.http)
        .post(`${API}/menu/${menu.id}/items`)
        .set(chef.auth)
        .send({ items: [late.id], mode: 'ADD' })
        .expect(200);
      const rows = await h.db.query(
        `SELECT to_char(date, 'YYYY-MM-DD') AS date, max_allowed FROM item_date_capacity WHERE item_id = $1 ORDER BY date`,
        [late.id],
      );
      expect(rows).toEqual([
        { date: '2026-10-22', max_allowed: 4 },
        { date: '2026-10-23', max_allowed: 4 },
      ]);
    });
  });

  it('clones settings and items into a new DRAFT (edit mode CLONE)', async () => {
    const { menu, item } = await publishedMenu(h, chef, {
      name: 'Weeknights',
      menuType: 'RECURRING',
      occurrence: 'weeks',
      repeatsOn: ['TU', 'TH'],
      deliveryDate: '2026-10-22',
      deliveryTimeSlots: ['PM_7_9'],
      stopOrdersType: 'Days',
      stopOrdersByDaysOrHours: 1,
    });
    await request(h.http)
      .post(`${API}/menu/${menu.id}/upload_receipts`)
      .set(chef.auth)
      .attach('files', PDF, 'r.pdf')
      .expect(200);
    const res = await request(h.http)
      .post(`${API}/menu/clone`)
      .set(chef.auth)
      .send({ menuId: menu.id })
      .expect(201);
    expect(res.body).toMatchObject({
      name: 'Weeknights (copy)',
      status: 'DRAFT',
      menuType: 'RECURRING',
      occurrence: 'weeks',
      repeatsOn: ['TU', 'TH'],
      deliveryDate: '2026-10-22',
      deliveryTimeSlots: ['PM_7_9'],
      stopOrdersType: 'Days',
      stopOrdersByDaysOrHours: 1,
      receipts: [],
      menuDates: [],
      endDateTime: null,
    });
    expect(res.body.id).not.toBe(menu.id);
    expect(res.body.items.map((i: { id: string }) => i.id)).toEqual([item.id]);
    const history = (
      await request(h.http).get(`${API}/menu/${res.body.id}/history`).set(chef.auth).expect(200)
    ).body as MenuHistoryDto[];
    expect(history.map((e) => [e.event, e.details.mode, e.details.fromMenuId])).toEqual([
      ['EDITED', 'CLONE', menu.id],
      ['ITEM_ADDED', 'REPLACE', menu.id],
    ]);
  });

  it('writes a history row with actor and details for every event', async () => {
    const { menu } = await publishedMenu(h, chef, {
      menuType: 'RECURRING',
      occurrence: 'days',
      deliveryDate: '2026-10-22',
    });
    await request(h.http).post(`${API}/menu/${menu.id}/pause`).set(chef.auth).expect(200);
    await request(h.http).post(`${API}/menu/${menu.id}/resume`).set(chef.auth).expect(200);
    await request(h.http)
      .delete(`${API}/menu/${menu.id}?deleteType=DATE&date=2026-10-23`)
      .set(chef.auth)
      .expect(200);
    await request(h.http).delete(`${API}/menu/${menu.id}`).set(chef.auth).expect(200);
    const history = (await request(h.http).get(`${API}/menu/${menu.id}/history`).set(chef.auth).expect(200))
      .body as MenuHistoryDto[];
    expect(
      history.map((e) => [
        e.event,
        e.details.mode ?? e.details.action ?? e.details.deleteType ?? e.details.to,
      ]),
    ).toEqual([
      ['EDITED', 'CREATE'],
      ['ITEM_ADDED', 'REPLACE'],
      ['EDITED', 'PUBLISH'],
      ['PAUSE', 'PAUSE'],
      ['RESUMED', 'PUBLISHED'],
      ['DELETE', 'DATE'],
      ['DELETE', 'ALL'],
    ]);
    expect(history.every((e) => e.actorId === chef.consumer.id)).toBe(true);
    expect(history[2].details).toMatchObject({
      from: 'DRAFT',
      to: 'PUBLISHED',
      dates: { live: ['2026-10-22', '2026-10-23', '2026-10-24'] },
    });
  });

  describe('receipts', () => {
    it('stores receipts privately, readable by the owner and admins only', async () => {
      const menu = await newMenu(h, chef);
      const res = await request(h.http)
        .post(`${API}/menu/${menu.id}/upload_receipts`)
        .set(chef.auth)
        .attach('files', PDF, 'shop.pdf')
        .attach('files', PDF, 'market.pdf')
        .expect(200);
      expect(res.body.receipts).toHaveLength(2);
      const [receipt] = res.body.receipts as Array<{ id: string; url: string }>;
      expect(receipt.url).toBe(`${API}/menu/${menu.id}/receipts/${receipt.id}`);
      const own = await request(h.http).get(receipt.url).set(chef.auth).expect(200);
      expect(own.headers['content-type']).toBe('application/pdf');
      const admin = await h.admin();
      await request(h.http).get(receipt.url).set(admin.auth).expect(200);
      const other = await chefIn(h);
      await request(h.http).get(receipt.url).set(other.auth).expect(404);
      await request(h.http).get(receipt.url).expect(401);
      const [row] = await h.db.query(`SELECT storage_key FROM menu_receipt WHERE id = $1`, [receipt.id]);
      expect(row.storage_key).toBe(`private/receipts/${receipt.id}.pdf`);
      await request(h.http).get(`${API}/files/${row.storage_key}`).expect(404);
    });

    it('refuses a file that is not a document by its bytes', async () => {
      const menu = await newMenu(h, chef);
      const res = await request(h.http)
        .post(`${API}/menu/${menu.id}/upload_receipts`)
        .set(chef.auth)
        .attach('files', Buffer.from('MZ\x90\x00'), 'receipt.pdf')
        .expect(415);
      expect(res.body.detail).toBe('The file must be a PDF document or a JPEG, PNG or WebP image.');
    });
  });

  it("lists the chef's menus by status with their next dates", async () => {
    const own = await chefIn(h);
    const { menu: live } = await publishedMenu(h, own, { name: 'Live', deliveryDate: '2026-10-22' });
    const draft = await newMenu(h, own, { name: 'Draft' });
    const gone = await newMenu(h, own, { name: 'Gone' });
    await request(h.http).delete(`${API}/menu/${gone.id}`).set(own.auth).expect(200);
    const all = await request(h.http).get(`${API}/menu?sort=name,asc`).set(own.auth).expect(200);
    expect(all.headers['x-total-count']).toBe('2');
    expect(all.body.map((m: { id: string }) => m.id)).toEqual([draft.id, live.id]);
    expect(all.body[1].menuDates.map((d: { date: string }) => d.date)).toEqual(['2026-10-22']);
    const published = await request(h.http).get(`${API}/menu?status=PUBLISHED`).set(own.auth).expect(200);
    expect(published.body.map((m: { id: string }) => m.id)).toEqual([live.id]);
    const deleted = await request(h.http).get(`${API}/menu?status=DELETED`).set(own.auth).expect(200);
    expect(deleted.body.map((m: { id: string }) => m.id)).toEqual([gone.id]);
  });
});
