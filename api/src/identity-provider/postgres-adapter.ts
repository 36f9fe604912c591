import type { Pool } from 'pg';
import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, refresh tokens, …) in one table,
 * `idp.oidc_payloads`, keyed by model kind and id. Expired rows are invisible to `find*` and removed by
 * {@link deleteExpiredPayloads}.
 */
export class PostgresAdapter implements Adapter {
  constructor(
    private readonly pool: Pool,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO idp.oidc_payloads (id, kind, payload, grant_id, uid, user_code, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(secs => $7::int) END)
       ON CONFLICT (kind, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
         uid = EXCLUDED.uid, user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at`,
      [
        id,
        this.kind,
        payload,
        payload.grantId ?? null,
        payload.uid ?? null,
        payload.userCode ?? null,
        expiresIn === undefined ? null : Math.ceil(expiresIn),
      ],
    );
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('id = $2', id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid = $2', uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code = $2', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.pool.query('UPDATE idp.oidc_payloads SET consumed_at = now() WHERE kind = $1 AND id = $2', [
      this.kind,
      id,
    ]);
  }

  async destroy(id: string): Promise<void> {
    await this.pool.query('DELETE FROM idp.oidc_payloads WHERE kind = $1 AND id = $2', [this.kind, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.pool.query('DELETE FROM idp.oidc_payloads WHERE kind = $1 AND grant_id = $2', [
      this.kind,
      grantId,
    ]);
  }

  private async findWhere(condition: string, value: string): Promise<AdapterPayload | undefined> {
    const { rows } = await this.pool.query<{ payload: AdapterPayload; consumed: number | null }>(
      `SELECT payload, floor(extract(epoch FROM consumed_at))::int AS consumed FROM idp.oidc_payloads
       WHERE kind = $1 AND ${condition} AND (expires_at IS NULL OR expires_at > now()) LIMIT 1`,
      [this.kind, value],
    );
    const row = rows[0];
    if (!row) return undefined;
    return row.consumed === null ? row.payload : { ...row.payload, consumed: row.consumed };
  }
}

/** Removes rows that have expired; returns how many. */
export async function deleteExpiredPayloads(pool: Pool): Promise<number> {
  const { rowCount } = await pool.query('DELETE FROM idp.oidc_payloads WHERE expires_at <= now()');
  return rowCount ?? 0;
}
