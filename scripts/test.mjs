// `npm test`: every test of the product, from a fresh clone. Installs what it needs, checks services,
// builds, lints, type-checks, verifies migrations, runs unit + medium tests, then end-to-end tests in
// Chromium against the whole stack started on spare ports with a fresh database.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bootstrap } from './bootstrap.mjs';
import { ensureServices } from './services.mjs';
import { fail, log, must, ROOT, run } from './lib.mjs';
import { ensureChromium, runEndToEnd } from './e2e.mjs';
import { summarise } from './test-report.mjs';

const started = Date.now();
const REPORTS = join(ROOT, 'var', 'test-reports');
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

bootstrap();
await ensureServices().catch((e) => fail(`Checking services failed: ${e.message}`));
ensureChromium();

log('building');
// The web's API types come from the API's code: the api build writes its OpenAPI document and the web build
// generates types from it. A file the build changes was committed stale (in a fresh clone, as CI runs).
const CONTRACT = ['api/openapi.json', 'web/app/lib/api/openapi.gen.ts'];
const readContract = () =>
  CONTRACT.map((file) => (existsSync(join(ROOT, file)) ? readFileSync(join(ROOT, file), 'utf8') : null));
const contractBefore = readContract();
must('pnpm', ['-r', 'build'], 'The build failed; see the output above.');
const stale = readContract().flatMap((text, i) => (text === contractBefore[i] ? [] : [CONTRACT[i]]));
if (stale.length)
  fail(`the web's API types are stale: run \`pnpm -r build\` and commit ${stale.join(' and ')}`);
// Imported only now: it needs the dependencies bootstrap() just installed.
const { checkCompose } = await import('./check-compose.mjs');
checkCompose();
log('linting and type-checking');
must('pnpm', ['exec', 'eslint', '.', '--max-warnings', '0'], 'Lint failed; see the output above.');
must(
  'pnpm',
  ['exec', 'prettier', '--check', '.'],
  'Some files are not formatted by Prettier: run "npm run format" and commit.',
);
must(
  'pnpm',
  ['exec', 'depcruise', 'api/src', 'web', '--output-type', 'err'],
  "Import rules broken (a cycle between API modules, an upward import, web importing api, or another module's entity/repository); see above and .dependency-cruiser.cjs.",
);
must('pnpm', ['-r', 'typecheck'], 'Type-checking failed; see the output above.');
log('checking that entities and migrations agree');
must(
  'node',
  ['api/dist/database/check-migrations.js'],
  'Entities and migrations disagree; generate a migration.',
);

const failures = [];
for (const pkg of ['shared', 'api', 'web']) {
  log(`unit and medium tests: ${pkg}`);
  const report = join(REPORTS, `${pkg}.json`);
  if (
    run('pnpm', [
      '--filter',
      `@hearth/${pkg}`,
      'exec',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ]) !== 0
  ) {
    failures.push(pkg);
  }
}

log('end-to-end tests in Chromium');
const e2eFailure = await runEndToEnd({ reportFile: join(REPORTS, 'e2e.json') });
if (e2eFailure) failures.push(e2eFailure);

const { totals, failed } = summarise(REPORTS, ['shared', 'api', 'web', 'e2e'], ROOT);
log(`finished in ${Math.round((Date.now() - started) / 1000)} s`);
// Last, where CI's tail shows them: every failed test by name, then the failing suites and the totals.
if (failed.length) {
  process.stdout.write(`\nFailed tests (${failed.length}):\n`);
  for (const test of failed) {
    process.stdout.write(`  ✗ ${test.name}\n`);
    for (const line of test.why) process.stdout.write(`      ${line}\n`);
  }
}
if (failures.length) process.stderr.write(`Failing suites: ${failures.join(', ')}\n`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(failures.length || totals.failed ? 1 : 0);
