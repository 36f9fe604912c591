// `npm test`: every test of the product, from a fresh clone. Installs what it needs, checks services,
// builds, lints, type-checks, verifies migrations, runs unit + medium tests, then end-to-end tests in
// Chromium against the whole stack started on spare ports with a fresh database.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bootstrap } from './bootstrap.mjs';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, ensureDatabase, ensureServices } from './services.mjs';
import { commandExists, fail, isRoot, log, must, ROOT, run } from './lib.mjs';
import { startStack } from './stack.mjs';

const started = Date.now();
const REPORTS = join(ROOT, 'var', 'test-reports');
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

bootstrap();
await ensureServices().catch((e) => fail(`Checking services failed: ${e.message}`));
ensureChromium();

log('building');
must('pnpm', ['-r', 'build'], 'The build failed; see the output above.');
// Imported only now: it needs the dependencies bootstrap() just installed.
const { checkCompose } = await import('./check-compose.mjs');
checkCompose();
log('linting and type-checking');
must('pnpm', ['exec', 'eslint', '.', '--max-warnings', '0'], 'Lint failed; see the output above.');
must('pnpm', ['-r', 'typecheck'], 'Type-checking failed; see the output above.');
log('checking that entities and migrations agree');
must('node', ['api/dist/database/check-migrations.js'], 'Entities and migrations disagree; generate a migration.');

const failures = [];
for (const pkg of ['shared', 'api', 'web']) {
  log(`unit and medium tests: ${pkg}`);
  const report = join(REPORTS, `${pkg}.json`);
  if (run('pnpm', ['--filter', `@hearth/${pkg}`, 'exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]) !== 0) {
    failures.push(pkg);
  }
}

log('end-to-end tests in Chromium');
const e2eDb = new URL(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
e2eDb.pathname = `/hearth_e2e_${Date.now()}`;
await ensureDatabase(e2eDb.toString());
let stack;
try {
  stack = await startStack({
    databaseUrl: e2eDb.toString(),
    redisUrl: process.env.REDIS_URL || DEFAULT_REDIS_URL,
    webPort: Number(process.env.E2E_WEB_PORT || 3310),
    apiPort: Number(process.env.E2E_API_PORT || 8310),
    idpPort: Number(process.env.E2E_IDP_PORT || 8390),
    quiet: !process.env.E2E_VERBOSE,
  });
  const report = join(REPORTS, 'e2e.json');
  if (run('pnpm', ['--filter', '@hearth/web', 'exec', 'vitest', 'run', '--config', 'vitest.e2e.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { env: { ...process.env, WEB_URL: stack.webUrl, API_URL: stack.apiUrl } }) !== 0) {
    failures.push('e2e');
  }
} catch (error) {
  failures.push(`e2e (${error.message})`);
} finally {
  await stack?.stop();
  await dropDatabase(e2eDb.toString());
}

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const name of ['shared', 'api', 'web', 'e2e']) {
  const file = join(REPORTS, `${name}.json`);
  if (!existsSync(file)) continue;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests ?? 0;
  totals.failed += r.numFailedTests ?? 0;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
log(`finished in ${Math.round((Date.now() - started) / 1000)} s`);
if (failures.length) process.stderr.write(`Failing suites: ${failures.join(', ')}\n`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(failures.length || totals.failed ? 1 : 0);

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(path)) return;
  if (isRoot() && commandExists('apt-get')) {
    log('installing Chromium from Debian for the end-to-end tests');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (run('apt-get', ['install', '-y', '-qq', 'chromium'], { env }) !== 0) {
      run('apt-get', ['update', '-qq'], { env });
      run('apt-get', ['install', '-y', '-qq', 'chromium'], { env });
    }
  }
  if (!existsSync(path)) fail(`Chromium is needed for the end-to-end tests: install it (Debian: "apt-get install chromium") or set CHROMIUM_PATH.`);
}

async function dropDatabase(url) {
  const { default: pg } = await import('pg');
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } catch {
    // Leaving a throwaway database behind is harmless; the next run uses a new name.
  } finally {
    await client.end().catch(() => {});
  }
}
