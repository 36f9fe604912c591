// The end-to-end tests: Chromium against the whole stack (api, worker, web, identity provider) started
// from built code on spare ports, with a fresh database that is dropped afterwards. `npm test` runs it
// last; `npm run e2e [-- <file filter>]` runs only this part (after building) while working on a page.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, ensureDatabase } from './services.mjs';
import { commandExists, fail, isRoot, log, run } from './lib.mjs';
import { startStack } from './stack.mjs';

/**
 * Starts the stack, runs the e2e suite (optionally only the files matching `filters`) and stops it.
 * Returns null when every test passed, else a short reason.
 */
export async function runEndToEnd({ reportFile, filters = [] } = {}) {
  const db = new URL(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  db.pathname = `/hearth_e2e_${Date.now()}`;
  await ensureDatabase(db.toString());
  let stack;
  try {
    stack = await startStack({
      databaseUrl: db.toString(),
      redisUrl: process.env.REDIS_URL || DEFAULT_REDIS_URL,
      webPort: Number(process.env.E2E_WEB_PORT || 3310),
      apiPort: Number(process.env.E2E_API_PORT || 8310),
      idpPort: Number(process.env.E2E_IDP_PORT || 8390),
      // The gateway sandbox (when no gateway keys are set), its state in memory: each run starts empty.
      gatewayPort: Number(process.env.E2E_GATEWAY_PORT || 8396),
      gatewayStateFile: 'memory',
      // The mail catcher (when SMTP_URL is unset): the suites read the e-mails the product sent.
      mailSmtpPort: Number(process.env.E2E_MAIL_SMTP_PORT || 2310),
      mailHttpPort: Number(process.env.E2E_MAIL_HTTP_PORT || 2311),
      quiet: !process.env.E2E_VERBOSE,
      // Every browser of the suite comes from 127.0.0.1 (sign-ins, single-sign-on checks, crawls): far more
      // than one visitor's limits. The limits themselves are proven by api/test/app/rate-limit.spec.ts.
      extraEnv: Object.fromEntries(
        ['AUTH', 'CONTACT', 'SEARCH', 'CART', 'ORDER', 'LOG', 'DEFAULT'].map((c) => [
          `RATE_LIMIT_${c}`,
          '1000000,1000000,60',
        ]),
      ),
    });
    const reporters = reportFile
      ? ['--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`]
      : [];
    const code = run(
      'pnpm',
      [
        '--filter',
        '@hearth/web',
        'exec',
        'vitest',
        'run',
        '--config',
        'vitest.e2e.config.ts',
        ...reporters,
        ...filters,
      ],
      {
        env: {
          ...process.env,
          WEB_URL: stack.webUrl,
          API_URL: stack.apiUrl,
          ...(stack.mailCatcherUrl ? { MAIL_CATCHER_URL: stack.mailCatcherUrl } : {}),
          // web/e2e/payments.e2e.ts drives the sandbox's hosted pages (skipped with real gateways).
          ...(stack.gatewaySandboxUrl
            ? {
                GATEWAY_SANDBOX_URL: stack.gatewaySandboxUrl,
                GATEWAY_SANDBOX_STRIPE_KEY: stack.gatewaySandboxStripeKey,
              }
            : {}),
        },
      },
    );
    return code === 0 ? null : 'e2e';
  } catch (error) {
    return `e2e (${error.message})`;
  } finally {
    await stack?.stop();
    await dropDatabase(db.toString());
  }
}

/** Debian's Chromium for the tests, installed when missing and this runs as root. */
export function ensureChromium() {
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
  if (!existsSync(path))
    fail(
      `Chromium is needed for the end-to-end tests: install it (Debian: "apt-get install chromium") or set CHROMIUM_PATH.`,
    );
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { bootstrap } = await import('./bootstrap.mjs');
  const { ensureServices } = await import('./services.mjs');
  const { must } = await import('./lib.mjs');
  bootstrap();
  await ensureServices().catch((e) => fail(`Checking services failed: ${e.message}`));
  ensureChromium();
  log('building');
  must('pnpm', ['-r', 'build'], 'The build failed; see the output above.');
  log('end-to-end tests in Chromium');
  const failed = await runEndToEnd({ filters: process.argv.slice(2) });
  if (failed) fail(`Failing: ${failed}`);
}
