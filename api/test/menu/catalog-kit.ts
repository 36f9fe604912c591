import request from 'supertest';
import { vi } from 'vitest';
import type { PublisherStatus } from '@hearth/shared';
import { ClockService } from '../../src/common/clock/clock.service.js';
import type { Harness, TestActor } from '../setup/harness.js';
import type { PublisherEntity } from '../../src/modules/publisher/publisher.entity.js';
import type { ItemDto } from '../../src/modules/item/dto/item-response.dto.js';
import type { MenuDto } from '../../src/modules/menu/dto/menu-response.dto.js';

/*
 * Helpers for the item, menu and kitchen tests: a fixed "now", chefs in a known zone, and items and menus
 * made through the API (the way a chef makes them).
 */

export const API = '/services/publisher/api';

export type Chef = TestActor & { publisher: PublisherEntity };

/** Makes the app's clock read `iso` until the test's mocks are restored. */
export function fixClock(h: Harness, iso: string): void {
  vi.spyOn(h.app.get(ClockService), 'now').mockImplementation(() => new Date(iso));
}

/** A chef whose kitchen is in `zone` (a point in Jersey City, so items get a location). */
export function chefIn(
  h: Harness,
  zone = 'America/New_York',
  extra: Record<string, unknown> = {},
): Promise<Chef> {
  return h.chef({
    timeZoneId: zone,
    at: { lat: 40.7168, lng: -74.0335 },
    currencyCode: zone === 'Asia/Kolkata' ? 'INR' : 'USD',
    ...extra,
  });
}

/** POST item; returns the body (expects 201). */
export async function newItem(h: Harness, chef: Chef, body: Record<string, unknown> = {}): Promise<ItemDto> {
  const res = await request(h.http)
    .post(`${API}/item`)
    .set(chef.auth)
    .send({ name: 'Dal makhani', ...body });
  if (res.status !== 201) throw new Error(`POST item gave ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** POST menu; returns the body (expects 201). Delivers to one zip code unless told otherwise. */
export async function newMenu(h: Harness, chef: Chef, body: Record<string, unknown> = {}): Promise<MenuDto> {
  const res = await request(h.http)
    .post(`${API}/menu`)
    .set(chef.auth)
    .send({ name: 'Dinner', deliveryZipCodes: ['07302'], ...body });
  if (res.status !== 201) throw new Error(`POST menu gave ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A published menu with one new item (expects every call to succeed). */
export async function publishedMenu(
  h: Harness,
  chef: Chef,
  body: Record<string, unknown> = {},
  item: Record<string, unknown> = {},
): Promise<{ item: ItemDto; menu: MenuDto }> {
  const created = await newItem(h, chef, item);
  const menu = await newMenu(h, chef, { items: [created.id], ...body });
  const res = await request(h.http).post(`${API}/menu/${menu.id}/publish`).set(chef.auth);
  if (res.status !== 200) throw new Error(`publish gave ${res.status}: ${JSON.stringify(res.body)}`);
  return { item: created, menu: res.body as MenuDto };
}

/** menu_date rows of a menu as (date, start, cut-off, deleted), by date. */
export async function menuDateRows(
  h: Harness,
  menuId: string,
): Promise<
  Array<{ date: string; startsAt: string; cutoffAt: string; isDeleted: boolean; timeSlots: string[] }>
> {
  const rows: Array<{
    date: string;
    starts_at: Date;
    cutoff_at: Date;
    is_deleted: boolean;
    time_slots: string[];
  }> = await h.db.query(
    `SELECT to_char(date, 'YYYY-MM-DD') AS date, starts_at, cutoff_at, is_deleted, time_slots FROM menu_date WHERE menu_id = $1 ORDER BY date`,
    [menuId],
  );
  return rows.map((r) => ({
    date: r.date,
    startsAt: r.starts_at.toISOString(),
    cutoffAt: r.cutoff_at.toISOString(),
    isDeleted: r.is_deleted,
    timeSlots: r.time_slots,
  }));
}

/** Pretends orders were taken for an item on a date (what the order module does through capacity). */
export async function takeOrders(h: Harness, itemId: string, date: string, count: number): Promise<void> {
  const [, updated] = (await h.db.query(
    `UPDATE item_date_capacity SET ordered_count = $3 WHERE item_id = $1 AND date = $2`,
    [itemId, date, count],
  )) as [unknown, number];
  if (updated !== 1) throw new Error(`No capacity row for ${itemId} on ${date}`);
}

/** Sets a kitchen's review state directly (the block endpoint belongs to the publisher module), mirroring it on items. */
export async function setKitchenStatus(
  h: Harness,
  publisherId: string,
  status: PublisherStatus,
): Promise<void> {
  await h.db.query(`UPDATE publisher SET status = $2 WHERE id = $1`, [publisherId, status]);
  await h.db.query(`UPDATE item SET is_chef_blocked = $2 WHERE publisher_id = $1`, [
    publisherId,
    status === 'BLOCKED',
  ]);
}
