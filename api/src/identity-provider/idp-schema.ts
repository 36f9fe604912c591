import type { Pool } from 'pg';

/**
 * The provider's own tables, in schema `idp`. The provider creates them itself on boot; they are
 * deliberately NOT part of the app's TypeORM migrations: in production the app talks to Keycloak, which owns
 * its own storage, and the app must never read or write identity data directly. Changes here must stay
 * additive (IF NOT EXISTS) because there is no migration history for this schema.
 */
const SCHEMA_SQL = `
CREATE SCHEMA IF NOT EXISTS idp;

CREATE TABLE IF NOT EXISTS idp.accounts (
  id             uuid PRIMARY KEY,
  email          text NOT NULL,
  password_hash  text NOT NULL,
  given_name     text NOT NULL,
  family_name    text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  roles          text[] NOT NULL DEFAULT '{}',
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS accounts_email_key ON idp.accounts (lower(email));

CREATE TABLE IF NOT EXISTS idp.signing_keys (
  kid        text PRIMARY KEY,
  jwk        jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS idp.oidc_payloads (
  id          text NOT NULL,
  kind        text NOT NULL,
  payload     jsonb NOT NULL,
  grant_id    text,
  uid         text,
  user_code   text,
  consumed_at timestamptz,
  expires_at  timestamptz,
  PRIMARY KEY (kind, id)
);
CREATE INDEX IF NOT EXISTS oidc_payloads_grant_id_idx ON idp.oidc_payloads (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS oidc_payloads_uid_idx ON idp.oidc_payloads (uid) WHERE uid IS NOT NULL;
CREATE INDEX IF NOT EXISTS oidc_payloads_user_code_idx ON idp.oidc_payloads (user_code) WHERE user_code IS NOT NULL;
CREATE INDEX IF NOT EXISTS oidc_payloads_expires_at_idx ON idp.oidc_payloads (expires_at) WHERE expires_at IS NOT NULL;
`;

// Any constant works; it only has to be the same for every process that boots a provider on this database.
const SCHEMA_LOCK = 8_180_001;

/**
 * Creates the schema and tables if missing and runs `afterCreate` (key generation, demo accounts) while
 * holding an advisory lock, so two providers booting at once on one database do not race.
 */
export async function ensureIdpSchema(pool: Pool, afterCreate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
    try {
      await client.query(SCHEMA_SQL);
      await afterCreate();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]);
    }
  } finally {
    client.release();
  }
}
