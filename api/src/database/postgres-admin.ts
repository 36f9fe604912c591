import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The URL of `databaseName` on the same server (and with the same credentials) as `url`. */
export function withDatabase(url: string, databaseName: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${databaseName}`;
  return parsed.toString();
}

/** A name nobody else is using: `<prefix>_<timestamp>_<random>`. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
}

function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Refusing unusual database name: ${name}`);
  return `"${name}"`;
}

async function withClient<T>(adminUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database through a connection to `adminUrl` (e.g. the `postgres` database). */
export async function createDatabase(adminUrl: string, databaseName: string): Promise<void> {
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${quoteIdentifier(databaseName)}`));
}

/** Drops a database, closing whatever connections are left open to it. */
export async function dropDatabase(adminUrl: string, databaseName: string): Promise<void> {
  await withClient(adminUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(databaseName)} WITH (FORCE)`),
  );
}
