/**
 * The PostgreSQL settings recommended in docs/postgresql.md (and set in docker-compose.yml), for the
 * project's machine class: 2 cores, 24 GB of memory, SSD, PostgreSQL on the same machine as the API.
 *
 * The search benchmark applies those a session can take (`ALTER DATABASE … SET`, on the benchmark database
 * only: no other database on the server, and so no other test, sees them) and prints the server's own
 * values of those that need a restart (`shared_buffers`), so that every run states what it ran with.
 */
import pg from 'pg';

export interface PostgresSetting {
  name: string;
  /** The recommended value, in PostgreSQL's syntax. */
  value: string;
  /** `postmaster`: only at server start (postgresql.conf or `-c`, then a restart). */
  restart: boolean;
  why: string;
}

export const RECOMMENDED_POSTGRES_SETTINGS: readonly PostgresSetting[] = [
  {
    name: 'shared_buffers',
    value: '4GB',
    restart: true,
    why: "PostgreSQL's own cache: a quarter of the memory. With Debian's 128 MB a dense search at 1M items read most of its ~550 pages from the kernel's cache, one system call each",
  },
  {
    name: 'effective_cache_size',
    value: '16GB',
    restart: false,
    why: "what the planner assumes shared_buffers and the kernel's cache hold together (the memory less the processes')",
  },
  {
    name: 'work_mem',
    value: '16MB',
    restart: false,
    why: 'per sort or hash: the search groups and sorts a few thousand rows at most, but reports and CSV exports sort more',
  },
  {
    name: 'random_page_cost',
    value: '1.1',
    restart: false,
    why: 'SSD: a random read costs about what a sequential one does (4 is for spinning disks)',
  },
  {
    name: 'effective_io_concurrency',
    value: '200',
    restart: false,
    why: "SSD: bitmap heap scans (the search's cell-word and radius reads) prefetch that many pages ahead",
  },
  {
    name: 'jit',
    value: 'off',
    restart: false,
    why: "the queries are short: compiling one costs 10–100 ms, far more than any of them runs, and a generic plan's cost estimate at 1M items can cross jit_above_cost",
  },
];

/** The settings the benchmark can apply without a restart, for one database. */
export async function applyToDatabase(databaseUrl: string): Promise<string[]> {
  const name = new URL(databaseUrl).pathname.replace(/^\//, '');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const applied: string[] = [];
    for (const s of RECOMMENDED_POSTGRES_SETTINGS.filter((setting) => !setting.restart)) {
      await db.query(
        `ALTER DATABASE ${pg.escapeIdentifier(name)} SET ${s.name} = ${pg.escapeLiteral(s.value)}`,
      );
      applied.push(`${s.name}=${s.value}`);
    }
    return applied;
  } finally {
    await db.end();
  }
}

/** Removes what applyToDatabase set (`--server-settings`: measure the server as it is configured). */
export async function resetDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.replace(/^\//, '');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (const s of RECOMMENDED_POSTGRES_SETTINGS.filter((setting) => !setting.restart))
      await db.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} RESET ${s.name}`);
  } finally {
    await db.end();
  }
}

/**
 * What a new connection to the database runs with, for each recommended setting: `name=value`, and for a
 * setting that differs from the recommendation, what it would need (a restart, or the benchmark's default).
 */
export async function describeSettings(databaseUrl: string): Promise<string[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ name: string; current: string; matches: boolean }>(
      `SELECT s.name, current_setting(s.name) AS current,
              CASE WHEN current_setting(s.name) = r.value THEN true
                   WHEN s.unit IS NOT NULL THEN pg_size_bytes(current_setting(s.name)) = pg_size_bytes(r.value)
                   ELSE false END AS matches
         FROM pg_settings s JOIN unnest($1::text[], $2::text[]) AS r(name, value) ON r.name = s.name`,
      [RECOMMENDED_POSTGRES_SETTINGS.map((s) => s.name), RECOMMENDED_POSTGRES_SETTINGS.map((s) => s.value)],
    );
    return RECOMMENDED_POSTGRES_SETTINGS.map((s) => {
      const row = rows.find((r) => r.name === s.name);
      if (!row) return `${s.name}=?`;
      if (row.matches) return `${s.name}=${row.current}`;
      return `${s.name}=${row.current} (recommended ${s.value}${s.restart ? ': needs a restart of PostgreSQL' : ''})`;
    });
  } finally {
    await db.end();
  }
}
