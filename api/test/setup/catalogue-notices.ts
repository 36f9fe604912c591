import { expect } from 'vitest';
import { CatalogueChangesListener } from '../../src/common/cache/catalogue-changes.listener.js';
import type { Harness } from './harness.js';

/**
 * Waits until the harness's API has heard the notices of every catalogue change committed so far (the sequence
 * they are numbered from has not moved since its last number was heard), so that a cache hit asserted next
 * cannot be turned into a miss by a notice still on its way. Needs the notices on (SEARCH_CACHE_SECONDS > 0).
 */
export async function noticesHeard(h: Harness): Promise<void> {
  const [{ n }] = (await h.db.query(`SELECT last_value::text AS n FROM hearth_catalogue_change`)) as Array<{
    n: string;
  }>;
  const changes = h.app.get(CatalogueChangesListener);
  await expect.poll(() => changes.last, { timeout: 2000, interval: 5 }).toBe(n);
}

/** A change made with the database's triggers off: no catalogue notice is sent for it. */
export async function unannounced(h: Harness, sql: string, values: unknown[]): Promise<void> {
  await h.db.transaction(async (m) => {
    await m.query(`SET LOCAL session_replication_role = replica`);
    await m.query(sql, values);
  });
}
