import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MenuDatesService } from '../../src/modules/menu/menu-dates.service.js';
import { startHarness, type Harness } from '../setup/harness.js';
import {
  API,
  chefIn,
  fixClock,
  menuDateRows,
  newItem,
  newMenu,
  publishedMenu,
  takeOrders,
  type Chef,
} from './catalog-kit.js';

const dates = (rows: Array<{ date: string }>) => rows.map((r) => r.date);

describe('menu dates: recurrence stored as menu_date rows, in the chef’s zone', () => {
  let h: Harness;
  let ny: Chef;
  let kolkata: Chef;
  beforeAll(async () => {
    h = await startHarness();
    ny = await chefIn(h, 'America/New_York');
    kolkata = await chefIn(h, 'Asia/Kolkata');
  });
  beforeEach(() => {
    vi.restoreAllMocks();
    fixClock(h, '2026-10-20T12:00:00Z');
  });
  afterAll(() => h?.close());

  describe('expansion', () => {
    it('one-time: one row on the delivery date', async () => {
      const { menu } = await publishedMenu(h, ny, {
        deliveryDate: '2026-10-23',
        deliveryTimeSlots: ['PM_5_7'],
      });
      expect(await menuDateRows(h, menu.id)).toEqual([
        {
          date: '2026-10-23',
          startsAt: '2026-10-23T21:00:00.000Z',
          cutoffAt: '2026-10-23T21:00:00.000Z',
          isDeleted: false,
          timeSlots: ['PM_5_7'],
        },
      ]);
    });

    it('every 2 days, ending on a date (inclusive)', async () => {
      const { menu } = await publishedMenu(h, ny, {
        menuType: 'RECURRING',
        occurrence: 'days',
        repeatsEvery: 2,
        deliveryDate: '2026-10-22',
        ends: { endsOnOrAfter: 'On', endsOnDate: '2026-10-28' },
      });
      expect(dates(await menuDateRows(h, menu.id))).toEqual([
        '2026-10-22',
        '2026-10-24',
        '2026-10-26',
        '2026-10-28',
      ]);
    });

    it('weekly on Monday, Wednesday and Friday, ending after 4 dates', async () => {
      const { menu } = await publishedMenu(h, ny, {
        menuType: 'RECURRING',
        occurrence: 'weeks',
        repeatsOn: ['MO', 'WE', 'FR'],
        deliveryDate: '2026-10-21',
        ends: { endsOnOrAfter: 'After', endsAfterOccurrences: 4 },
      });
      expect(dates(await menuDateRows(h, menu.id))).toEqual([
        '2026-10-21',
        '2026-10-23',
        '2026-10-26',
        '2026-10-28',
      ]);
    });

    it('monthly on the same day (skipping months without it) and on the same weekday of the month', async () => {
      fixClock(h, '2027-01-10T12:00:00Z');
      const byDay = await publishedMenu(h, ny, {
        menuType: 'RECURRING',
        occurrence: 'months',
        deliveryDate: '2027-01-31',
      });
      expect(dates(await menuDateRows(h, byDay.menu.id))).toEqual(['2027-01-31', '2027-03-31', '2027-05-31']);
      const byWeekday = await publishedMenu(h, ny, {
        menuType: 'RECURRING',
        occurrence: 'months',
        monthRepeatsOn: 'WEEKDAY_OF_MONTH',
        deliveryDate: '2027-01-12',
      });
      expect(dates(await menuDateRows(h, byWeekday.menu.id))).toEqual([
        '2027-01-12',
        '2027-02-09',
        '2027-03-09',
      ]);
    });

    it('keeps a 5 PM slot at 5 PM New York time when DST ends (2026-11-01)', async () => {
      const { menu } = await publishedMenu(h, ny, {
        menuType: 'RECURRING',
        occurrence: 'weeks',
        deliveryDate: '2026-10-30',
        deliveryTimeSlots: ['PM_5_7'],
        stopOrdersType: 'Hours',
        stopOrdersByDaysOrHours: 0,
      });
      expect((await menuDateRows(h, menu.id)).map((r) => [r.date, r.startsAt])).toEqual([
        ['2026-10-30', '2026-10-30T21:00:00.000Z'], // EDT, UTC-4
        ['2026-11-06', '2026-11-06T22:00:00.000Z'], // EST, UTC-5
        ['2026-11-13', '2026-11-13T22:00:00.000Z'],
      ]);
    });

    it('keeps a 9 AM slot at 9 AM New York time when DST starts (2027-03-14)', async () => {
      fixClock(h, '2027-03-01T12:00:00Z');
      const { menu } = await publishedMenu(h, ny, {
        menuType: 'RECURRING',
        occurrence: 'days',
        deliveryDate: '2027-03-13',
        deliveryTimeSlots: ['AM_9_11'],
      });
      expect((await menuDateRows(h, menu.id)).map((r) => r.startsAt)).toEqual([
        '2027-03-13T14:00:00.000Z',
        '2027-03-14T13:00:00.000Z',
        '2027-03-15T13:00:00.000Z',
      ]);
    });

    it('has a constant offset in a zone without DST (Asia/Kolkata, UTC+5:30)', async () => {
      const { menu } = await publishedMenu(h, kolkata, {
        menuType: 'RECURRING',
        occurrence: 'weeks',
        deliveryDate: '2026-10-30',
        deliveryTimeSlots: ['PM_5_7'],
      });
      const rows = await menuDateRows(h, menu.id);
      expect(rows.map((r) => [r.date, r.startsAt])).toEqual([
        ['2026-10-30', '2026-10-30T11:30:00.000Z'],
        ['2026-11-06', '2026-11-06T11:30:00.000Z'],
        ['2026-11-13', '2026-11-13T11:30:00.000Z'],
      ]);
      expect(
        (await request(h.http).get(`${API}/menu/${menu.id}`).set(kolkata.auth).expect(200)).body.timeZone,
      ).toBe('Asia/Kolkata');
    });

    it('gives every item a capacity row per date with its maxAllowedOrders', async () => {
      const { menu, item } = await publishedMenu(
        h,
        ny,
        { menuType: 'RECURRING', occurrence: 'days', deliveryDate: '2026-10-22' },
        { maxAllowedOrders: 7 },
      );
      const rows = await h.db.query(
        `SELECT to_char(date, 'YYYY-MM-DD') AS date, ordered_count, max_allowed FROM item_date_capacity WHERE item_id = $1 ORDER BY date`,
        [item.id],
      );
      expect(rows).toEqual([
        { date: '2026-10-22', ordered_count: 0, max_allowed: 7 },
        { date: '2026-10-23', ordered_count: 0, max_allowed: 7 },
        { date: '2026-10-24', ordered_count: 0, max_allowed: 7 },
      ]);
      expect(menu.endDateTime).toBe('2026-10-24T23:00:00.000Z');
    });
  });

  describe('cut-off in the chef’s zone', () => {
    it('is N calendar days before the slot at the same local hour, across the DST change', async () => {
      const { menu } = await publishedMenu(h, ny, {
        deliveryDate: '2026-11-02',
        deliveryTimeSlots: ['PM_5_7'],
        stopOrdersType: 'Days',
        stopOrdersByDaysOrHours: 2,
      });
      const [row] = await menuDateRows(h, menu.id);
      expect(row.startsAt).toBe('2026-11-02T22:00:00.000Z'); // 5 PM EST
      expect(row.cutoffAt).toBe('2026-10-31T21:00:00.000Z'); // 5 PM EDT two days earlier
    });

    it('is N elapsed hours before the slot', async () => {
      const { menu } = await publishedMenu(h, ny, {
        deliveryDate: '2026-11-02',
        deliveryTimeSlots: ['PM_5_7'],
        stopOrdersType: 'Hours',
        stopOrdersByDaysOrHours: 48,
      });
      expect((await menuDateRows(h, menu.id))[0].cutoffAt).toBe('2026-10-31T22:00:00.000Z'); // 6 PM EDT
    });

    it("defaults to the chef's PRE_ORDER settings, else 0 hours", async () => {
      const withSettings = await chefIn(h);
      await h.db.query(
        `INSERT INTO chef_setting (publisher_id, key, value) VALUES ($1, 'PRE_ORDER_NUMBER', '1'), ($1, 'PRE_ORDER_DAYS_HOURS', '"Days"')`,
        [withSettings.publisher.id],
      );
      const set = await newMenu(h, withSettings);
      expect([set.stopOrdersType, set.stopOrdersByDaysOrHours]).toEqual(['Days', 1]);
      const none = await newMenu(h, ny);
      expect([none.stopOrdersType, none.stopOrdersByDaysOrHours]).toEqual(['Hours', 0]);
    });

    it('marks a date not orderable once its cut-off has passed', async () => {
      const { menu } = await publishedMenu(h, ny, {
        menuType: 'RECURRING',
        occurrence: 'days',
        deliveryDate: '2026-10-21',
        stopOrdersType: 'Hours',
        stopOrdersByDaysOrHours: 24,
      });
      fixClock(h, '2026-10-21T12:00:00Z'); // 8 AM on the 21st: the 21st closed at 5 PM on the 20th
      const read = await request(h.http).get(`${API}/menu/${menu.id}`).set(ny.auth).expect(200);
      expect(
        read.body.menuDates.map((d: { date: string; orderable: boolean }) => [d.date, d.orderable]),
      ).toEqual([
        ['2026-10-21', false],
        ['2026-10-22', true],
        ['2026-10-23', true],
      ]);
    });
  });

  describe('publish refusals', () => {
    it('refuses a menu without items', async () => {
      const menu = await newMenu(h, ny, { deliveryDate: '2026-10-25' });
      const res = await request(h.http).post(`${API}/menu/${menu.id}/publish`).set(ny.auth).expect(409);
      expect(res.body).toMatchObject({
        detail: 'Add at least one item before publishing.',
        message: 'error.menu.noItems',
      });
    });

    it('refuses a menu whose items are all deleted or hidden', async () => {
      const item = await newItem(h, ny);
      const menu = await newMenu(h, ny, { items: [item.id], deliveryDate: '2026-10-25' });
      await request(h.http).post(`${API}/item/${item.id}/hide`).set(ny.auth).expect(200);
      expect(
        (await request(h.http).post(`${API}/menu/${menu.id}/publish`).set(ny.auth).expect(409)).body.message,
      ).toBe('error.menu.noItems');
    });

    it('refuses a menu with no date whose cut-off is still ahead', async () => {
      const item = await newItem(h, ny);
      const past = await newMenu(h, ny, { items: [item.id], deliveryDate: '2026-10-19' });
      const res = await request(h.http).post(`${API}/menu/${past.id}/publish`).set(ny.auth).expect(409);
      expect(res.body.message).toBe('error.menu.noFutureDate');
      expect(res.body.detail).toMatch(/^The menu has no upcoming date that can still be ordered/);
      // Today at 5 PM with a 6-hour cut-off: orders close at 11 AM New York time. At 1 PM it is too late; at 10 AM it is not.
      const today = await newMenu(h, ny, {
        items: [item.id],
        deliveryDate: '2026-10-20',
        stopOrdersType: 'Hours',
        stopOrdersByDaysOrHours: 6,
      });
      fixClock(h, '2026-10-20T17:00:00Z');
      expect(
        (await request(h.http).post(`${API}/menu/${today.id}/publish`).set(ny.auth).expect(409)).body.message,
      ).toBe('error.menu.noFutureDate');
      fixClock(h, '2026-10-20T14:00:00Z');
      await request(h.http).post(`${API}/menu/${today.id}/publish`).set(ny.auth).expect(200);
      const none = await newMenu(h, ny, { items: [item.id] });
      expect(
        (await request(h.http).post(`${API}/menu/${none.id}/publish`).set(ny.auth).expect(409)).body.detail,
      ).toBe('Choose a delivery date (deliveryDate) before publishing.');
    });

    it('refuses a menu customers could neither pick up from nor get delivery from', async () => {
      const pickupOnly = await newItem(h, ny, { deliveryOptions: ['PICKUP'] });
      const menu = await newMenu(h, ny, { items: [pickupOnly.id], deliveryDate: '2026-10-25' });
      const res = await request(h.http).post(`${API}/menu/${menu.id}/publish`).set(ny.auth).expect(409);
      expect(res.body.message).toBe('error.menu.noFulfilment');
      expect(res.body.detail).toMatch(/^Customers could neither pick up nor get delivery/);
      const nowhere = await newMenu(h, ny, {
        items: [(await newItem(h, ny)).id],
        deliveryDate: '2026-10-25',
        deliveryZipCodes: [],
      });
      expect(
        (await request(h.http).post(`${API}/menu/${nowhere.id}/publish`).set(ny.auth).expect(409)).body
          .message,
      ).toBe('error.menu.noFulfilment');
      await request(h.http)
        .put(`${API}/menu/${nowhere.id}`)
        .set(ny.auth)
        .send({ deliveryRadius: 5 })
        .expect(200);
      await request(h.http).post(`${API}/menu/${nowhere.id}/publish`).set(ny.auth).expect(200);
    });

    it('refuses an edit that would leave a published menu unorderable, and changes nothing', async () => {
      const { menu } = await publishedMenu(h, ny, { deliveryDate: '2026-10-25' });
      const res = await request(h.http)
        .post(`${API}/menu/${menu.id}/items`)
        .set(ny.auth)
        .send({ items: [] })
        .expect(409);
      expect(res.body.detail).toBe('Add at least one item before publishing.');
      expect(
        (await request(h.http).get(`${API}/menu/${menu.id}`).set(ny.auth).expect(200)).body.items,
      ).toHaveLength(1);
    });
  });

  describe('editing a published menu', () => {
    it('rewrites its dates at once, keeping a date that has orders', async () => {
      const { menu, item } = await publishedMenu(h, ny, {
        menuType: 'RECURRING',
        occurrence: 'weeks',
        repeatsOn: ['FR'],
        deliveryDate: '2026-10-23',
      });
      expect(dates(await menuDateRows(h, menu.id))).toEqual(['2026-10-23', '2026-10-30', '2026-11-06']);
      await takeOrders(h, item.id, '2026-10-30', 1);
      const res = await request(h.http)
        .put(`${API}/menu/${menu.id}`)
        .set(ny.auth)
        .send({ repeatsOn: ['SA'], deliveryDate: '2026-10-24' })
        .expect(200);
      expect(dates(await menuDateRows(h, menu.id))).toEqual([
        '2026-10-24',
        '2026-10-30',
        '2026-10-31',
        '2026-11-07',
      ]);
      expect(res.body.menuDates.map((d: { date: string }) => d.date)).toEqual([
        '2026-10-24',
        '2026-10-30',
        '2026-10-31',
        '2026-11-07',
      ]);
      const history = await request(h.http).get(`${API}/menu/${menu.id}/history`).set(ny.auth).expect(200);
      expect(history.body.at(-1)).toMatchObject({
        event: 'EDITED',
        actorId: ny.consumer.id,
        details: {
          mode: 'UPDATE',
          fields: ['repeatsOn', 'deliveryDate'],
          dates: { removed: ['2026-10-23', '2026-11-06'], keptWithOrders: ['2026-10-30'] },
        },
      });
      const freed = await h.db.query(
        `SELECT 1 FROM item_date_capacity WHERE item_id = $1 AND date = '2026-11-06'`,
        [item.id],
      );
      expect(freed).toEqual([]);
    });

    it('refuses a schedule that cannot be expanded', async () => {
      const menu = await newMenu(h, ny, { deliveryDate: '2026-10-25' });
      const on = await request(h.http)
        .put(`${API}/menu/${menu.id}`)
        .set(ny.auth)
        .send({ menuType: 'RECURRING', ends: { endsOnOrAfter: 'On' } })
        .expect(400);
      expect(on.body.fieldErrors).toEqual([
        { field: 'ends.endsOnDate', message: 'ends.endsOnDate is needed when the menu ends On a date.' },
      ]);
      const before = await request(h.http)
        .put(`${API}/menu/${menu.id}`)
        .set(ny.auth)
        .send({ menuType: 'RECURRING', ends: { endsOnOrAfter: 'On', endsOnDate: '2026-10-01' } })
        .expect(400);
      expect(before.body.fieldErrors[0].field).toBe('ends.endsOnDate');
      const bad = await request(h.http)
        .put(`${API}/menu/${menu.id}`)
        .set(ny.auth)
        .send({ deliveryDate: '2026-02-30', deliveryTimeSlots: ['TEA_TIME'] })
        .expect(400);
      expect(bad.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual([
        'deliveryDate',
        'deliveryTimeSlots',
      ]);
    });
  });

  describe('deleting one date', () => {
    it('takes one upcoming date off a recurring menu, and refuses a date with orders', async () => {
      const { menu, item } = await publishedMenu(h, ny, {
        menuType: 'RECURRING',
        occurrence: 'days',
        deliveryDate: '2026-10-22',
      });
      const res = await request(h.http)
        .delete(`${API}/menu/${menu.id}?deleteType=DATE&date=2026-10-23`)
        .set(ny.auth)
        .expect(200);
      expect(
        res.body.menuDates.map((d: { date: string; isDeleted: boolean }) => [d.date, d.isDeleted]),
      ).toEqual([
        ['2026-10-22', false],
        ['2026-10-23', true],
        ['2026-10-24', false],
      ]);
      await takeOrders(h, item.id, '2026-10-24', 1);
      const refused = await request(h.http)
        .delete(`${API}/menu/${menu.id}?deleteType=DATE&date=2026-10-24`)
        .set(ny.auth)
        .expect(409);
      expect(refused.body).toMatchObject({
        message: 'error.menu.dateHasOrders',
        detail: '2026-10-24 has orders: it cannot be taken off the menu until they are cancelled.',
      });
      await request(h.http)
        .delete(`${API}/menu/${menu.id}?deleteType=DATE&date=2026-10-23`)
        .set(ny.auth)
        .expect(404);
      await request(h.http).delete(`${API}/menu/${menu.id}?deleteType=DATE`).set(ny.auth).expect(400);
      // A later edit does not bring the deleted date back.
      await request(h.http)
        .put(`${API}/menu/${menu.id}`)
        .set(ny.auth)
        .send({ description: 'Still daily' })
        .expect(200);
      expect((await menuDateRows(h, menu.id)).map((r) => [r.date, r.isDeleted])).toEqual([
        ['2026-10-22', false],
        ['2026-10-23', true],
        ['2026-10-24', false],
      ]);
      const history = await request(h.http).get(`${API}/menu/${menu.id}/history`).set(ny.auth).expect(200);
      expect(history.body.find((e: { event: string }) => e.event === 'DELETE')).toMatchObject({
        details: { deleteType: 'DATE', date: '2026-10-23' },
      });
    });

    it('refuses one date of a one-time menu, and deleting a menu with upcoming orders', async () => {
      const { menu, item } = await publishedMenu(h, ny, { deliveryDate: '2026-10-22' });
      const res = await request(h.http)
        .delete(`${API}/menu/${menu.id}?deleteType=DATE&date=2026-10-22`)
        .set(ny.auth)
        .expect(400);
      expect(res.body.detail).toBe(
        'A one-time menu has a single date: delete the whole menu (deleteType=ALL).',
      );
      await takeOrders(h, item.id, '2026-10-22', 1);
      const all = await request(h.http)
        .delete(`${API}/menu/${menu.id}?deleteType=ALL`)
        .set(ny.auth)
        .expect(409);
      expect(all.body.message).toBe('error.menu.hasOrders');
      await request(h.http).post(`${API}/menu/${menu.id}/pause`).set(ny.auth).expect(200);
    });
  });

  describe('auto-extension', () => {
    it('keeps the next N dates ahead, daily and idempotently', async () => {
      const { menu } = await publishedMenu(h, ny, {
        menuType: 'RECURRING',
        occurrence: 'weeks',
        repeatsOn: ['FR'],
        deliveryDate: '2026-10-23',
        autoExtend: true,
        ends: { endsAfterOccurrences: 2 },
      });
      expect(dates(await menuDateRows(h, menu.id))).toEqual(['2026-10-23', '2026-10-30']);
      const sut = h.app.get(MenuDatesService);
      fixClock(h, '2026-10-24T12:00:00Z');
      expect(await sut.extendAutoExtending()).toMatchObject({ datesAdded: 1 });
      expect(dates(await menuDateRows(h, menu.id))).toEqual(['2026-10-23', '2026-10-30', '2026-11-06']);
      expect((await sut.extendAutoExtending()).datesAdded).toBe(0);
      const history = await request(h.http).get(`${API}/menu/${menu.id}/history`).set(ny.auth).expect(200);
      expect(history.body.at(-1)).toMatchObject({
        event: 'EDITED',
        actorId: null,
        details: { action: 'AUTO_EXTEND', added: ['2026-11-06'] },
      });
    });

    it('leaves paused menus and menus without autoExtend alone', async () => {
      const { menu: paused } = await publishedMenu(h, ny, {
        menuType: 'RECURRING',
        occurrence: 'days',
        deliveryDate: '2026-10-21',
        autoExtend: true,
        ends: { endsAfterOccurrences: 1 },
      });
      await request(h.http).post(`${API}/menu/${paused.id}/pause`).set(ny.auth).expect(200);
      const { menu: plain } = await publishedMenu(h, ny, {
        menuType: 'RECURRING',
        occurrence: 'days',
        deliveryDate: '2026-10-21',
        ends: { endsAfterOccurrences: 1 },
      });
      fixClock(h, '2026-10-25T12:00:00Z');
      await h.app.get(MenuDatesService).extendAutoExtending();
      expect(dates(await menuDateRows(h, paused.id))).toEqual(['2026-10-21']);
      expect(dates(await menuDateRows(h, plain.id))).toEqual(['2026-10-21']);
    });
  });
});
