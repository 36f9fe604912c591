import type { DataSource } from 'typeorm';

/** Not the product's data: the migrations log and PostGIS's reference table (8,500 rows, read-only). */
const IGNORED = new Set(['migrations', 'spatial_ref_sys']);

/** The fingerprint query of each database: its tables do not change while a suite runs (no migrations). */
const queries = new WeakMap<DataSource, Promise<string>>();

async function fingerprintQuery(db: DataSource): Promise<string> {
  const tables: Array<{ name: string }> = await db.query(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return tables
    .map((t) => t.name)
    .filter((n) => !IGNORED.has(n))
    .map(
      (n) =>
        `SELECT '${n}' AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS hash FROM "${n}" t`,
    )
    .join(' UNION ALL ');
}

/**
 * A fingerprint of every row of every table in the public schema: one md5 per table, in one round trip.
 * Two equal snapshots mean no request in between inserted, updated or deleted a row anywhere.
 */
export async function snapshot(db: DataSource): Promise<Record<string, string>> {
  if (!queries.has(db)) queries.set(db, fingerprintQuery(db));
  const rows: Array<{ name: string; hash: string }> = await db.query(await queries.get(db)!);
  return Object.fromEntries(rows.map((r) => [r.name, r.hash]));
}

/** Tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}
