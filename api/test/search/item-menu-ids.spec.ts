import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, MenuStatus } from '@hearth/shared';
import { MenuDateEntity } from '../../src/modules/menu/menu-date.entity.js';
import { MenuEntity } from '../../src/modules/menu/menu.entity.js';
import { startHarness, type Harness } from '../setup/harness.js';
import { createKitchens, searchTag } from './search-fixtures.js';

const HOUR = 3_600_000;

/**
 * `item.menu_ids` (migration ItemMenuIds) is what the item search reads for an item's menus: the triggers
 * on `menu_item` must keep it equal to `menu_item` through every kind of change, or the search would offer
 * dates of menus an item left, or miss the menus it joined.
 */
describe('item.menu_ids, kept by the menu_item triggers', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h?.close();
  });

  const menuIdsOf = async (itemId: string): Promise<string[]> => {
    const [row] = await h.db.query<Array<{ menu_ids: string[] }>>(`SELECT menu_ids FROM item WHERE id = $1`, [
      itemId,
    ]);
    return [...row.menu_ids].sort();
  };
  const fromMenuItem = async (itemId: string): Promise<string[]> => {
    const rows = await h.db.query<Array<{ menu_id: string }>>(
      `SELECT menu_id FROM menu_item WHERE item_id = $1 ORDER BY menu_id`,
      [itemId],
    );
    return rows.map((r) => r.menu_id);
  };
  /** A second published menu of the kitchen, with one date `startsInHours` ahead (orders close 12 h before). */
  const addMenu = async (
    publisherId: string,
    startsInHours: number,
  ): Promise<{ id: string; date: string }> => {
    const menu = await h.db
      .getRepository(MenuEntity)
      .save({ publisherId, name: `Second menu ${searchTag()}`, status: MenuStatus.PUBLISHED });
    const startsAt = new Date(Date.now() + startsInHours * HOUR);
    const date = startsAt.toISOString().slice(0, 10);
    await h.db.getRepository(MenuDateEntity).insert({
      menuId: menu.id,
      date,
      timeSlots: ['PM_5_7'],
      startsAt,
      cutoffAt: new Date(startsAt.getTime() - 12 * HOUR),
    });
    return { id: menu.id, date };
  };
  const found = async (lat: number, lng: number, query: string): Promise<Map<string, string>> => {
    const res = await request(h.http)
      .get(`${API_PREFIX}/_search/items`)
      .query({ lat, lng, query, size: 100 })
      .expect(200);
    return new Map(
      (res.body as Array<{ id: string; nextDate: { date: string } }>).map((r) => [r.id, r.nextDate.date]),
    );
  };

  it('follows items added, removed, moved and reordered, and menus deleted, and the search sees each change', async () => {
    const tag = searchTag();
    const at = { lat: 41.2 + Math.random(), lng: -99 + Math.random() };
    const [kitchen] = await createKitchens(h.db, [
      {
        ...at,
        items: [{ name: `Stew ${tag}` }, { name: `Soup ${tag}` }],
        dates: [{ startsInHours: 48, cutoffInHours: 24 }],
      },
    ]);
    const [stew, soup] = kitchen.itemIds;
    const firstDate = new Date(Date.now() + 48 * HOUR).toISOString().slice(0, 10);
    expect(await menuIdsOf(stew)).toEqual([kitchen.menuId]);
    expect(await found(at.lat, at.lng, tag)).toEqual(
      new Map([
        [stew, firstDate],
        [soup, firstDate],
      ]),
    );

    const second = await addMenu(kitchen.publisherId, 96);
    // Added to a second menu (two rows in one statement): both menus, and the earlier date first.
    await h.db.query(`INSERT INTO menu_item (menu_id, item_id, position) VALUES ($1, $2, 0), ($1, $3, 1)`, [
      second.id,
      stew,
      soup,
    ]);
    expect(await menuIdsOf(stew)).toEqual([kitchen.menuId, second.id].sort());
    expect(await menuIdsOf(soup)).toEqual([kitchen.menuId, second.id].sort());

    // Removed from the first menu: only the second menu's date is offered.
    await h.db.query(`DELETE FROM menu_item WHERE menu_id = $1 AND item_id = $2`, [kitchen.menuId, stew]);
    expect(await menuIdsOf(stew)).toEqual([second.id]);
    expect((await found(at.lat, at.lng, tag)).get(stew)).toBe(second.date);

    // A new position changes nothing; a row moved to another item moves the menu with it.
    await h.db.query(`UPDATE menu_item SET position = position + 5 WHERE menu_id = $1`, [second.id]);
    expect(await menuIdsOf(stew)).toEqual([second.id]);
    const [pie] = (await createKitchens(h.db, [{ ...at, items: [{ name: `Pie ${tag}` }] }]))[0].itemIds;
    await h.db.query(`UPDATE menu_item SET item_id = $1 WHERE menu_id = $2 AND item_id = $3`, [
      pie,
      second.id,
      stew,
    ]);
    expect(await menuIdsOf(stew)).toEqual([]);
    expect(await menuIdsOf(pie)).toEqual((await fromMenuItem(pie)).sort());
    expect((await found(at.lat, at.lng, tag)).has(stew)).toBe(false);

    // Deleting a menu deletes its rows (cascade), and the arrays follow.
    await h.db.getRepository(MenuEntity).delete(second.id);
    expect(await menuIdsOf(soup)).toEqual([kitchen.menuId]);
    expect(await menuIdsOf(pie)).toEqual(await fromMenuItem(pie));
    expect((await found(at.lat, at.lng, tag)).get(soup)).toBe(firstDate);
  });

  it('keeps both menus when two transactions add one item to different menus at the same time', async () => {
    const at = { lat: 41.2 + Math.random(), lng: -97 + Math.random() };
    const [kitchen] = await createKitchens(h.db, [{ ...at, items: [{ name: `Curry ${searchTag()}` }] }]);
    const [item] = kitchen.itemIds;
    const menus = [await addMenu(kitchen.publisherId, 72), await addMenu(kitchen.publisherId, 120)];
    const runners = menus.map(() => h.db.createQueryRunner());
    try {
      for (const r of runners) await r.startTransaction();
      // The first insert's trigger locks the item's row; the second waits for it, then applies its own change.
      await runners[0].query(`INSERT INTO menu_item (menu_id, item_id) VALUES ($1, $2)`, [menus[0].id, item]);
      const second = runners[1].query(`INSERT INTO menu_item (menu_id, item_id) VALUES ($1, $2)`, [
        menus[1].id,
        item,
      ]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await runners[0].commitTransaction();
      await second;
      await runners[1].commitTransaction();
    } finally {
      for (const r of runners) await r.release();
    }
    expect(await menuIdsOf(item)).toEqual([kitchen.menuId, ...menus.map((m) => m.id)].sort());
    expect(await menuIdsOf(item)).toEqual(await fromMenuItem(item));
  });
});
