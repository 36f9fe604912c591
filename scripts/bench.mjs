// `npm run bench`: the benchmarks (not tests). Installs what is missing, checks services, builds, then
// runs the search benchmark (API vs raw SQL at 10k, 100k and 1M items; BENCH_SIZES narrows it) and the
// order-placement benchmark, and the payment-callback benchmark (`npm run bench payments`: signed Stripe
// callbacks against the API's processes with the worker draining; api/bench/payments.bench.ts), and on
// request the bulk message benchmark (`npm run bench messages`: api/bench/messages.bench.ts) and the delivery
// round benchmark (`npm run bench routes`: api/bench/routes.bench.ts) and the fulfilment board benchmark
// (`npm run bench board`: api/bench/board.bench.ts, 10,000 orders of one kitchen) and the web pages benchmark
// (`npm run bench web`: web/bench/web.bench.mjs, the pages' throughput against the bare /_ceiling route and
// Lighthouse's scores, then the API's replay of the original load test when api/package.json has it). Prints
// numbers; never fails on a missed target (the payments one fails when exactly-once does not hold).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { bootstrap } from './bootstrap.mjs';
import { ensureServices } from './services.mjs';
import { ROOT, fail, log, must } from './lib.mjs';

bootstrap();
await ensureServices().catch((e) => fail(`Checking services failed: ${e.message}`));
log('building');
must('pnpm', ['-r', 'build'], 'The build failed; see the output above.');
const only = process.argv[2];
if (!only || only === 'search') {
  log('search benchmark (generates its data set on first use)');
  must('pnpm', ['--filter', '@hearth/api', 'bench'], 'The search benchmark failed; see the output above.');
}
if (!only || only === 'orders') {
  log('order placement benchmark');
  must(
    'pnpm',
    ['--filter', '@hearth/api', 'bench:orders'],
    'The order benchmark failed; see the output above.',
  );
}
if (!only || only === 'payments') {
  log('payment callback benchmark (the API as several processes, the worker draining)');
  must(
    'pnpm',
    ['--filter', '@hearth/api', 'bench:payments'],
    'The payment callback benchmark failed; see the output above.',
  );
}
if (only === 'messages') {
  log(
    'bulk message benchmark (one message to 50,000 accounts through the API, queue and worker into an SMTP sink)',
  );
  must(
    'pnpm',
    ['--filter', '@hearth/api', 'bench:messages'],
    'The bulk message benchmark failed; see the output above.',
  );
}
if (only === 'routes') {
  // pgRouting (pgr_TSPeuclidean) for comparison: installed only when this runs as root with apt; else the
  // benchmark prints that it was skipped (ADR 022).
  const pgrouting = '/usr/share/postgresql/15/extension/pgrouting.control';
  if (!existsSync(pgrouting)) {
    if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
      log('installing postgresql-15-pgrouting for the comparison');
      const r = spawnSync('apt-get', ['install', '-y', 'postgresql-15-pgrouting'], { stdio: 'inherit' });
      if (r.status !== 0) log('pgRouting could not be installed: pgr_TSPeuclidean will be skipped');
    } else log('not root or no apt: pgRouting not installed, pgr_TSPeuclidean will be skipped');
  }
  log('delivery round benchmark (50-stop rounds: the product, nearest neighbour, pgr_TSPeuclidean)');
  must(
    'pnpm',
    ['--filter', '@hearth/api', 'bench:routes'],
    'The delivery round benchmark failed; see the output above.',
  );
}
if (only === 'board') {
  log('fulfilment board benchmark (a kitchen with 10,000 orders, board pages through the API)');
  must(
    'pnpm',
    ['--filter', '@hearth/api', 'bench:board'],
    'The board benchmark failed; see the output above.',
  );
}
if (only === 'web') {
  log(
    'web pages benchmark (the production stack as `npm start` runs it; pages against /_ceiling; Lighthouse)',
  );
  must('node', ['web/bench/web.bench.mjs'], 'The web pages benchmark failed; see the output above.');
  // The replay of the original load test against the API (api/bench), where that script exists.
  const apiScripts = JSON.parse(readFileSync(`${ROOT}/api/package.json`, 'utf8')).scripts ?? {};
  if (apiScripts['bench:replay']) {
    log('replay of the original load test against the API');
    must(
      'pnpm',
      ['--filter', '@hearth/api', 'bench:replay'],
      'The load test replay failed; see the output above.',
    );
  } else log('no bench:replay script in api/package.json: the load test replay is skipped');
}
