/**
 * Replay of the original product's load test (issue 19; not a test): its 500 users hit the kitchen list
 * `publisher/findByStatus?status=APPROVED` hardest, then the item search. Against the API as deployed
 * (`dist/main.js`, NODE_ENV=production, one process per core) on a generated database, this runs, for each
 * of the two endpoints in turn, `--connections` (500) keep-alive connections at an overall rate of `--rate`
 * (1,600) requests/s for `--seconds`, after a warm-up at the same rate:
 *
 * - `publisher/findByStatus?status=APPROVED` (the public kitchen list, first page, served from the
 *   publisher list cache);
 * - `_search/items?query=%20&page=0&size=8&lat=…&lng=…` near generated kitchens (2,000 points within 5 miles
 *   of random kitchens, taken in turn).
 *
 * The client is autocannon (`overallRate`), in this process, the API in its own processes. Autocannon paces
 * each connection (rate ÷ connections per connection); a connection waits for its answer before it sends
 * again, so it is not strictly open loop: the achieved rate falls below the target when answers take longer
 * than connections ÷ rate (here 0.31 s), and that shows as a missed rate. Latencies: p50/p95/p99 of every
 * answer as measured from its sending (autocannon's `response` events), and autocannon's own p99 corrected
 * for coordinated omission. Errors: connection errors, timeouts and any status other than 200.
 *
 *   pnpm --filter @hearth/api bench:replay -- [--chefs 1000] [--items-per-chef 20] [--rate 1600]
 *     [--connections 500] [--seconds 30] [--warmup-seconds 10] [--only list|search] [--reset]
 *     [--api path/to/main.js]   (another build of the API, e.g. the one before a change, for comparisons)
 *
 * Rate limits are raised for the run (one client address sends everything). Targets: 1,600 req/s achieved
 * on both endpoints, p95 < 50 ms, zero errors.
 */
import 'reflect-metadata';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { API_PREFIX } from '@hearth/shared';
import { addChefs, benchCounts, generatedChefs, prepareBenchDatabase } from './generate.js';
import { benchRequests } from './bench-requests.js';
import { NO_LIMIT, startDeployedApi, stopDeployedApi } from './deployed-api.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

/** Its own database, so that the search benchmark's resets and sizes do not disturb it. */
const databaseUrl =
  process.env.REPLAY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hearth_bench_replay';
const chefs = Number(arg('chefs', '1000'));
const itemsPerChef = Number(arg('items-per-chef', '20'));
/** Requests per second over all connections; 0: no pacing (saturation, for comparing builds). */
const rate = Number(arg('rate', '1600'));
const connections = Number(arg('connections', '500'));
const seconds = Number(arg('seconds', '30'));
const warmupSeconds = Number(arg('warmup-seconds', '10'));
const reset = process.argv.includes('--reset');
const apiMain = arg('api', join(__dirname, '../src/main.js'));
/** Far above the replay's traffic from its one address. */

interface Stats {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  correctedP99: number;
  errors: number;
  detail: string;
}

/** One autocannon run over `paths` (taken in turn, one per request). */
function run(base: string, paths: string[], duration: number): Promise<Stats> {
  const latencies: number[] = [];
  let next = 0;
  let firstError: string | null = null;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        // --rate 0: no pacing, every connection sends as soon as it has its answer (saturation).
        ...(rate > 0 ? { overallRate: rate } : {}),
        duration,
        timeout: 10,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: `${API_PREFIX}${paths[next++ % paths.length]}` }),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const sorted = latencies.sort((a, b) => a - b);
        const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
        const non200 = Object.entries(result.statusCodeStats)
          .filter(([code]) => code !== '200')
          .reduce((n, [, s]) => n + s.count, 0);
        // autocannon's `errors` counts timeouts too.
        const errors = result.errors + non200;
        const codes = Object.entries(result.statusCodeStats)
          .map(([code, s]) => `${code}×${s.count}`)
          .join(' ');
        resolve({
          rps: result.requests.total / result.duration,
          p50: at(0.5),
          p95: at(0.95),
          p99: at(0.99),
          correctedP99: result.latency.p99,
          errors,
          detail: `status ${codes}; errors ${result.errors}, timeouts ${result.timeouts}${firstError ? `; first error: ${firstError}` : ''}`,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    instance.on('reqError', (error) => (firstError ??= error.message));
  });
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

async function main(): Promise<void> {
  const began = Date.now();
  await prepareBenchDatabase(databaseUrl, reset);
  const have = await generatedChefs(databaseUrl);
  if (have < chefs) {
    console.log(`generating chefs ${have}–${chefs - 1} (${itemsPerChef} items each)`);
    await addChefs({ databaseUrl, itemsPerChef, log: (line) => console.log(line) }, have, chefs);
  }
  const counts = await benchCounts(databaseUrl);
  const points = await benchRequests(databaseUrl, chefs, 2000);
  const all: Array<{ name: string; paths: string[] }> = [
    { name: 'publisher/findByStatus?status=APPROVED', paths: ['/publisher/findByStatus?status=APPROVED'] },
    {
      name: '_search/items?query=%20&page=0&size=8 (near kitchens)',
      paths: points.map(
        (p) => `/_search/items?query=%20&page=0&size=8&lat=${p.lat.toFixed(5)}&lng=${p.lng.toFixed(5)}`,
      ),
    },
  ];
  // --only list|search: one of the two.
  const only = arg('only', '');
  const endpoints = all.filter(
    (e) => !only || (only === 'list' ? e.name.startsWith('publisher') : e.name.startsWith('_search')),
  );
  const { api, base, workers } = await startDeployedApi(apiMain, databaseUrl, {
    RATE_LIMIT_DEFAULT: NO_LIMIT,
    RATE_LIMIT_SEARCH: NO_LIMIT,
  });
  console.log(
    `API: ${apiMain}, NODE_ENV=production, ${workers} API processes; ${counts.publisher} kitchens, ${counts.item} items`,
  );
  console.log(
    `client: autocannon, ${connections} connections, ${rate > 0 ? `overall rate ${rate} req/s` : 'no set rate'}, ${warmupSeconds} s warm-up + ${seconds} s per endpoint`,
  );
  const rows: Array<{ name: string; stats: Stats }> = [];
  try {
    for (const endpoint of endpoints) {
      const check = await fetch(`${base}${endpoint.paths[0]}`);
      const body = (await check.json()) as unknown[];
      console.log(
        `\n${endpoint.name}: HTTP ${check.status}, ${Array.isArray(body) ? body.length : '?'} results, X-Total-Count ${check.headers.get('x-total-count')} (load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')})`,
      );
      await run(base, endpoint.paths, warmupSeconds);
      const stats = await run(base, endpoint.paths, seconds);
      rows.push({ name: endpoint.name, stats });
      console.log(
        `  ${fmt(stats.rps, 0)} req/s  p50 ${fmt(stats.p50, 1)} ms  p95 ${fmt(stats.p95, 1)} ms  p99 ${fmt(stats.p99, 1)} ms  (corrected p99 ${fmt(stats.correctedP99, 1)} ms)  errors ${stats.errors}`,
      );
      console.log(`  ${stats.detail}`);
    }
  } finally {
    await stopDeployedApi(api);
  }

  console.log(
    `\nreplay: ${connections} connections at ${rate > 0 ? `${rate} req/s (autocannon overallRate)` : 'no set rate (saturation)'}, ${seconds} s each, load average ${loadavg()[0].toFixed(1)}:`,
  );
  console.log(`| endpoint | achieved req/s | p50 ms | p95 ms | p99 ms | p99 corrected ms | errors |`);
  console.log(`|---|---:|---:|---:|---:|---:|---:|`);
  for (const { name, stats: s } of rows) {
    console.log(
      `| ${name} | ${fmt(s.rps, 0)} | ${fmt(s.p50, 1)} | ${fmt(s.p95, 1)} | ${fmt(s.p99, 1)} | ${fmt(s.correctedP99, 1)} | ${s.errors} |`,
    );
  }
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log('\ntargets:');
  for (const { name, stats: s } of rows) {
    if (rate > 0)
      console.log(
        `  ${name}: rate ≥ ${rate * 0.98} req/s ${verdict(s.rps >= rate * 0.98)}; p95 < 50 ms ${verdict(s.p95 < 50)}; zero errors ${verdict(s.errors === 0)}`,
      );
  }
  console.log(`finished in ${Math.round((Date.now() - began) / 1000)} s`);
}

main().catch((error: unknown) => {
  console.error(`bench: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
