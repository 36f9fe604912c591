import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ItemStatus, MenuStatus } from '@hearth/shared';
import { prepared, runPrepared } from '../../common/database/prepared.js';

/** Portions to take or give back for one item on one date. */
export interface CapacityClaim {
  itemId: string;
  date: string;
  portions: number;
}

/** Menus whose dates customers can order from or may again (capacity rows of their dates are kept). */
const LIVE_STATUSES = [MenuStatus.PUBLISHED, MenuStatus.PAUSE];
const VISIBLE_ITEMS = [ItemStatus.ACTIVE, ItemStatus.SOLD_OUT];

/**
 * The one writer of `item_date_capacity` (ADR 014): how many portions of an item can still be ordered for
 * a date (`max_allowed`) and how many are (`ordered_count`). Menus create and release rows when their
 * dates are written, items follow a changed cap, orders take and give back portions; each does it here,
 * inside its own transaction (every method takes the caller's EntityManager). Reads for read models
 * (search, the cart's catalogue, the kitchen page) may still query the table directly.
 */
@Injectable()
export class ItemDateCapacityRepository {
  /**
   * One row per visible item × live date of the menu from `from` on (max_allowed = the item's
   * maxAllowedOrders); existing rows follow the item's cap, but never below what was ordered.
   */
  async create(m: EntityManager, menuId: string, from: string): Promise<void> {
    await m.query(
      `INSERT INTO item_date_capacity (item_id, date, max_allowed)
       SELECT i.id, d.date, i.max_allowed_orders
         FROM menu_item mi
         JOIN item i ON i.id = mi.item_id AND i.item_status = ANY($3::text[])
         JOIN menu_date d ON d.menu_id = mi.menu_id AND NOT d.is_deleted AND d.date >= $2
        WHERE mi.menu_id = $1
       ON CONFLICT (item_id, date) DO UPDATE
          SET max_allowed = GREATEST(EXCLUDED.max_allowed, item_date_capacity.ordered_count), updated_at = now()
        WHERE item_date_capacity.max_allowed <> GREATEST(EXCLUDED.max_allowed, item_date_capacity.ordered_count)`,
      [menuId, from, VISIBLE_ITEMS],
    );
  }

  /** Upcoming dates (from `from` on) follow a new cap, but never below what has been ordered already. */
  async setMax(m: EntityManager, itemId: string, maxAllowed: number, from: string): Promise<void> {
    await m.query(
      `UPDATE item_date_capacity SET max_allowed = GREATEST($2::int, ordered_count), updated_at = now() WHERE item_id = $1 AND date >= $3`,
      [itemId, maxAllowed, from],
    );
  }

  /**
   * Takes capacity with one conditional UPDATE for all the claims (api/src/database/README.md): each row is
   * locked by the statement, and PostgreSQL re-checks `ordered_count + n <= max_allowed` on the newest version
   * after any concurrent taker commits, so the cap holds under any concurrency. With several claims the rows
   * are first locked in a fixed order (item, date), so two orders never wait on each other in a cycle. Returns
   * the first claim (in that order) that could not be met; the claims that could are taken all the same
   * (nothing is rolled back here: the caller's transaction is, when it refuses the order).
   */
  async take(
    m: EntityManager,
    claims: readonly CapacityClaim[],
  ): Promise<{ failed: CapacityClaim; remaining: number } | null> {
    if (claims.length === 0) return null;
    const sorted = inLockOrder(claims);
    const { rows } =
      sorted.length === 1
        ? await runPrepared<{ item_id: string; date: string }>(m, TAKE_ONE_SQL, [
            sorted[0].itemId,
            sorted[0].date,
            sorted[0].portions,
          ])
        : await runPrepared<{ item_id: string; date: string }>(m, TAKE_MANY_SQL, [
            sorted.map((c) => c.itemId),
            sorted.map((c) => c.date),
            sorted.map((c) => c.portions),
          ]);
    if (rows.length === sorted.length) return null;
    const taken = new Set(rows.map((r) => `${r.item_id}|${r.date}`));
    const failed = sorted.find((c) => !taken.has(`${c.itemId}|${c.date}`)) as CapacityClaim;
    return { failed, remaining: await this.remaining(m, failed.itemId, failed.date) };
  }

  /**
   * The first of `claims` (in lock order) that does not fit now, with the portions left: why a statement with
   * {@link TAKE_CAPACITY_CTES} refused itself. Null when all fit (capacity was given back meanwhile).
   */
  async firstShort(
    m: EntityManager,
    claims: readonly CapacityClaim[],
  ): Promise<{ failed: CapacityClaim; remaining: number } | null> {
    const sorted = inLockOrder(claims);
    const { rows } = await runPrepared<{ item_id: string; date: string; remaining: number }>(
      m,
      REMAINING_SQL,
      [sorted.map((c) => c.itemId), sorted.map((c) => c.date)],
    );
    const left = new Map(rows.map((r) => [`${r.item_id}|${r.date}`, r.remaining]));
    for (const c of sorted) {
      const remaining = left.get(`${c.itemId}|${c.date}`) ?? 0;
      if (remaining < c.portions) return { failed: c, remaining };
    }
    return null;
  }

  /** Gives portions back (a cancelled date); never below zero. */
  async giveBack(m: EntityManager, claim: CapacityClaim): Promise<void> {
    await m.query(
      `UPDATE item_date_capacity SET ordered_count = greatest(ordered_count - $3, 0), updated_at = now() WHERE item_id = $1 AND date = $2`,
      [claim.itemId, claim.date, claim.portions],
    );
  }

  /** Portions still free for an item on a date (0 when it has no row). */
  async remaining(m: EntityManager, itemId: string, date: string): Promise<number> {
    const left: Array<{ remaining: number }> = await m.query(
      `SELECT greatest(max_allowed - ordered_count, 0) AS remaining FROM item_date_capacity WHERE item_id = $1 AND date = $2`,
      [itemId, date],
    );
    return left[0]?.remaining ?? 0;
  }

  /**
   * Frees rows of these items from `from` on that nothing holds any more: no orders, and no live date of a
   * published or paused menu (or of `liveMenuId`) offering the item. Carts read a missing row as "nothing left".
   */
  async release(
    m: EntityManager,
    itemIds: string[],
    from: string,
    liveMenuId: string | null = null,
  ): Promise<void> {
    if (itemIds.length === 0) return;
    await m.query(
      `DELETE FROM item_date_capacity c
        WHERE c.item_id = ANY($1::uuid[]) AND c.date >= $2 AND c.ordered_count = 0
          AND NOT EXISTS (
                SELECT 1 FROM menu_item mi
                  JOIN menu mn ON mn.id = mi.menu_id AND (mn.status = ANY($3::text[]) OR mn.id = $4)
                  JOIN menu_date d ON d.menu_id = mn.id AND d.date = c.date AND NOT d.is_deleted
                 WHERE mi.item_id = c.item_id)`,
      [itemIds, from, LIVE_STATUSES, liveMenuId],
    );
  }

  /** Deletes an item's rows from `from` on that have no orders (the item itself is being deleted). */
  async dropUnordered(m: EntityManager, itemId: string, from: string): Promise<void> {
    await m.query(`DELETE FROM item_date_capacity WHERE item_id = $1 AND date >= $2 AND ordered_count = 0`, [
      itemId,
      from,
    ]);
  }

  /** Dates from `from` on for which the item has orders, earliest first. */
  async orderedDates(m: EntityManager, itemId: string, from: string): Promise<string[]> {
    const rows: Array<{ date: string }> = await m.query(
      `SELECT to_char(date, 'YYYY-MM-DD') AS date FROM item_date_capacity WHERE item_id = $1 AND date >= $2 AND ordered_count > 0 ORDER BY date`,
      [itemId, from],
    );
    return rows.map((r) => r.date);
  }
}

/** Sums portions per item and date. */
/** Claims in the order their rows are locked: (item, date). */
export function inLockOrder(claims: readonly CapacityClaim[]): CapacityClaim[] {
  return [...claims].sort((a, b) =>
    a.itemId === b.itemId ? a.date.localeCompare(b.date) : a.itemId.localeCompare(b.itemId),
  );
}

export function mergeClaims(claims: readonly CapacityClaim[]): CapacityClaim[] {
  const byKey = new Map<string, CapacityClaim>();
  for (const c of claims) {
    const key = `${c.itemId}|${c.date}`;
    const existing = byKey.get(key);
    if (existing) existing.portions += c.portions;
    else byKey.set(key, { ...c });
  }
  return [...byKey.values()];
}

/** `take` of one claim ($1 item, $2 date, $3 portions): the row only when the portions fit. */
const TAKE_ONE_SQL =
  prepared(`UPDATE item_date_capacity SET ordered_count = ordered_count + $3, updated_at = now()
  WHERE item_id = $1 AND date = $2 AND ordered_count + $3 <= max_allowed
  RETURNING item_id, date::text AS date`);

/**
 * {@link ItemDateCapacityRepository.take} as CTEs of a larger statement (checkout writes its order and takes its
 * capacity in one): `items`, `dates`, `portions` are SQL expressions of a uuid[], a date[] and an int[]; the CTE
 * `taken` returns one row per claim that could be met, the rows locked in (item, date) order first. The statement
 * must refuse itself (and so take nothing) when `taken` has fewer rows than claims.
 */
export const TAKE_CAPACITY_CTES = (items: string, dates: string, portions: string) =>
  `wanted AS (SELECT * FROM unnest(${items}::uuid[], ${dates}::date[], ${portions}::int[]) AS w(item_id, date, n)),
  locked AS (SELECT c.id, w.n FROM item_date_capacity c
               JOIN wanted w ON w.item_id = c.item_id AND w.date = c.date
              ORDER BY c.item_id, c.date FOR UPDATE OF c),
  taken AS (UPDATE item_date_capacity c SET ordered_count = c.ordered_count + l.n, updated_at = now()
              FROM locked l
             WHERE c.id = l.id AND c.ordered_count + l.n <= c.max_allowed
            RETURNING c.item_id, c.date::text AS date)`;

/** `take` of several claims ($1 items, $2 dates, $3 portions). */
const TAKE_MANY_SQL = prepared(
  `WITH ${TAKE_CAPACITY_CTES('$1', '$2', '$3')} SELECT item_id, date FROM taken`,
);

/** Portions left of each ($1 items, $2 dates) pair that has a row. */
const REMAINING_SQL =
  prepared(`SELECT c.item_id, c.date::text AS date, greatest(c.max_allowed - c.ordered_count, 0) AS remaining
  FROM item_date_capacity c JOIN unnest($1::uuid[], $2::date[]) AS w(item_id, date) ON w.item_id = c.item_id AND w.date = c.date`);
