import type { EntityManager } from 'typeorm';

/** Portions to take or give back for one item on one date. */
export interface CapacityClaim {
  itemId: string;
  date: string;
  portions: number;
}

/**
 * Takes capacity with one conditional UPDATE per item and date (api/src/database/README.md): the row is
 * locked by the UPDATE, and PostgreSQL re-checks `ordered_count + n <= max_allowed` on the newest version
 * after any concurrent taker commits, so the cap holds under any concurrency. Claims are taken in a fixed
 * order (item, date) so two orders never wait on each other in a cycle. Returns the first claim that
 * could not be met (nothing else is rolled back here: the caller's transaction is).
 */
export async function takeCapacity(m: EntityManager, claims: readonly CapacityClaim[]): Promise<{ failed: CapacityClaim; remaining: number } | null> {
  const sorted = [...claims].sort((a, b) => (a.itemId === b.itemId ? a.date.localeCompare(b.date) : a.itemId.localeCompare(b.itemId)));
  for (const claim of sorted) {
    const [rows] = (await m.query(
      `UPDATE item_date_capacity SET ordered_count = ordered_count + $3, updated_at = now()
        WHERE item_id = $1 AND date = $2 AND ordered_count + $3 <= max_allowed
        RETURNING id`,
      [claim.itemId, claim.date, claim.portions],
    )) as [unknown[], number];
    if (rows.length === 0) {
      const left: Array<{ remaining: number }> = await m.query(
        `SELECT greatest(max_allowed - ordered_count, 0) AS remaining FROM item_date_capacity WHERE item_id = $1 AND date = $2`,
        [claim.itemId, claim.date],
      );
      return { failed: claim, remaining: left[0]?.remaining ?? 0 };
    }
  }
  return null;
}

/** Gives portions back (a cancelled date); never below zero. */
export async function returnCapacity(m: EntityManager, claim: CapacityClaim): Promise<void> {
  await m.query(
    `UPDATE item_date_capacity SET ordered_count = greatest(ordered_count - $3, 0), updated_at = now() WHERE item_id = $1 AND date = $2`,
    [claim.itemId, claim.date, claim.portions],
  );
}

/** Sums portions per item and date. */
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
