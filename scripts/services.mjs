// Makes sure PostgreSQL (with PostGIS) and Redis answer, starting the local ones when this machine has
// them stopped, and creates the app and test databases. Stops with one sentence saying what to do.
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { capture, commandExists, fail, isRoot, log, run } from './lib.mjs';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/hearth';
export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/hearth_test';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const DOCKER_HINT = 'or run "docker compose up -d postgres redis" and try again';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function pgClient(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  return client;
}

function adminUrl(databaseUrl) {
  const u = new URL(databaseUrl);
  u.pathname = '/postgres';
  return u.toString();
}

function isLocal(url) {
  return ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(url).hostname);
}

async function canConnect(url) {
  try {
    const c = await pgClient(url);
    await c.end();
    return true;
  } catch {
    return false;
  }
}

function startLocalPostgres() {
  if (!commandExists('pg_ctlcluster')) return false;
  let versions = [];
  try {
    versions = readdirSync('/etc/postgresql');
  } catch {
    return false;
  }
  for (const v of versions) {
    log(`starting the local PostgreSQL ${v} cluster`);
    run('pg_ctlcluster', ['--skip-systemctl-redirect', v, 'main', 'start']);
  }
  return versions.length > 0;
}

async function ensurePostgres(databaseUrl) {
  const admin = adminUrl(databaseUrl);
  if (!(await canConnect(admin))) {
    if (isLocal(admin) && startLocalPostgres()) {
      for (let i = 0; i < 20 && !(await canConnect(admin)); i++) await sleep(500);
    }
    if (!(await canConnect(admin))) {
      fail(
        `PostgreSQL does not answer at ${new URL(admin).host}: start it (e.g. "pg_ctlcluster 15 main start"), set DATABASE_URL, ${DOCKER_HINT}.`,
      );
    }
  }
  const client = await pgClient(admin);
  try {
    const { rows } = await client.query("SELECT current_setting('server_version_num')::int / 10000 AS major");
    const major = rows[0].major;
    const postgis = await client.query("SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'");
    if (postgis.rowCount === 0) installPostgis(major);
    const again = await client.query("SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'");
    if (again.rowCount === 0) {
      fail(
        `PostGIS is not available on PostgreSQL ${major}: install "postgresql-${major}-postgis-3" (Debian/Ubuntu) or use the postgis/postgis image, ${DOCKER_HINT}.`,
      );
    }
  } finally {
    await client.end();
  }
}

function installPostgis(major) {
  if (!isRoot() || !commandExists('apt-get')) return;
  const pkg = `postgresql-${major}-postgis-3`;
  log(`installing ${pkg} from Debian`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['install', '-y', '-qq', pkg], { env }) !== 0) {
    run('apt-get', ['update', '-qq'], { env });
    run('apt-get', ['install', '-y', '-qq', pkg], { env });
  }
}

/** Creates the database named in `url` when it does not exist. */
export async function ensureDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name))
    fail(`The database name "${name}" in ${url} must be letters, digits and underscores.`);
  const client = await pgClient(adminUrl(url));
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      log(`creating database ${name}`);
      await client.query(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await client.end();
  }
}

async function pingRedis(url) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function ensureRedis(url) {
  if (await pingRedis(url)) return;
  const u = new URL(url);
  if (isLocal(url) && commandExists('redis-server')) {
    log('starting the local Redis server');
    capture('sh', ['-c', 'mkdir -p /var/lib/redis /var/log/redis 2>/dev/null; true']);
    run('redis-server', [
      '--daemonize',
      'yes',
      '--bind',
      '127.0.0.1',
      '-::1',
      '--port',
      u.port || '6379',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      '/var/lib/redis',
      '--logfile',
      '/var/log/redis/ci.log',
    ]);
    for (let i = 0; i < 20 && !(await pingRedis(url)); i++) await sleep(250);
  }
  if (!(await pingRedis(url))) {
    fail(
      `Redis does not answer at ${u.host}: start it (e.g. "redis-server --daemonize yes"), set REDIS_URL, ${DOCKER_HINT}.`,
    );
  }
}

/** Everything both commands and CI need from the outside world. */
export async function ensureServices({ databaseUrls = [], redisUrl } = {}) {
  const appUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  await ensurePostgres(appUrl);
  for (const url of [appUrl, process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL, ...databaseUrls]) {
    await ensureDatabase(url);
  }
  await ensureRedis(redisUrl || process.env.REDIS_URL || DEFAULT_REDIS_URL);
  log('PostgreSQL (with PostGIS) and Redis are up');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  ensureServices().catch((error) => fail(`Checking services failed: ${error.message}`));
}
