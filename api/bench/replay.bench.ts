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
 * The client (`run` below) is open loop on undici keep-alive connections, in this process; the API runs in
 * its own processes. Each request is due at a fixed time and its latency counts from then, so a slow answer
 * delays nothing else's sending and a server that falls behind shows as latency and a missed rate. Before,
 * autocannon's `overallRate` did the pacing: it gives each connection a budget per second and sends it at
 * once when the second starts, all connections in step, so the 1,600 requests of each second came as one
 * burst and the latencies measured how long the burst took to drain (p95 150–250 ms at 30 % CPU).
 * Errors: failed requests (connection errors, 10 s timeouts) and any status other than 200.
 *
 *   pnpm --filter @hearth/api bench:replay -- [--chefs 1000] [--items-per-chef 20] [--rate 1600]
 *     [--connections 500] [--seconds 30] [--warmup-seconds 10] [--only list|search] [--reset]
 *     [--api path/to/main.js]   (another build of the API, e.g. the one before a change, for comparisons)
 *     [--search-cache 0]        (the API's SEARCH_CACHE_SECONDS; 0 sends every search to PostgreSQL)
 *
 * Rate limits are raised for the run (one client address sends everything). Targets: 1,600 req/s achieved
 * on both endpoints, p95 < 50 ms, zero errors.
 */
import 'reflect-metadata';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Client } from 'undici';
import { API_PREFIX } from '@hearth/shared';
import { addChefs, benchCounts, generatedChefs, prepareBenchDatabase } from './generate.js';
import { benchRequests } from './bench-requests.js';
import { NO_LIMIT, startDeployedApi, stopDeployedApi } from './deployed-api.js';
import { cpuSample, cpuShares, treeCpuMs } from './machine-cpu.js';
import { DEFAULT_SEARCH_CACHE_SECONDS } from '../src/config/search-cache.js';

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
  max: number;
  errors: number;
  detail: string;
}

/**
 * One run over `paths` (taken in turn, one per request) on `connections` keep-alive connections (one undici
 * `Client` each, no pipelining), open loop: request i is due at start + i ÷ rate and goes to connection
 * i mod connections, so 500 connections each send every connections ÷ rate (0.31 s), staggered by 1 ÷ rate
 * (0.6 ms) — like the original test's 500 users with their think time, and never in step. A request whose
 * connection is still busy waits on it, and its latency counts from when it was due (no coordinated
 * omission): a server that cannot keep up shows as growing latencies and a missed rate, not as a slower
 * client. `--rate 0`: every connection sends again as soon as it has its answer (closed loop, saturation).
 * The warm-up runs on the same connections, so the measured run does not include opening them.
 */
async function run(clients: Client[], paths: string[], duration: number, apiPid?: number): Promise<Stats> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let failures = 0;
  let cached = 0;
  let firstError: string | null = null;
  let sent = 0;
  const cpuBefore = cpuSample();
  const apiBefore = treeCpuMs(apiPid);
  const t0 = performance.now();
  const until = t0 + duration * 1000;

  const send = async (client: Client, due: number): Promise<void> => {
    const path = `${API_PREFIX}${paths[sent++ % paths.length]}`;
    try {
      const { statusCode, headers, body } = await client.request({ method: 'GET', path });
      await body.dump({ limit: Infinity });
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      if (headers['x-search-cache'] === 'HIT') cached += 1;
      latencies.push(performance.now() - due);
    } catch (error) {
      failures += 1;
      firstError ??= error instanceof Error ? error.message : String(error);
    }
  };

  const inFlight = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };
  if (rate > 0) {
    const interval = 1000 / rate;
    let i = 0;
    // Every millisecond or so, send what has come due (timers cannot fire every 0.6 ms).
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        const stop = Math.min(now, until);
        while (t0 + i * interval <= stop) {
          track(send(clients[i % connections], t0 + i * interval));
          i += 1;
        }
        if (now >= until) resolve();
        else setTimeout(tick, 1);
      };
      tick();
    });
  } else {
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < until) await send(client, performance.now());
      }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = cpuShares(cpuBefore, cpuSample());
  const apiAfter = treeCpuMs(apiPid);

  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const ok = statuses.get(200) ?? 0;
  const codes = [...statuses].map(([code, n]) => `${code}×${n}`).join(' ');
  return {
    rps: ok / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted.at(-1) ?? NaN,
    errors: failures + latencies.length - ok,
    detail:
      `status ${codes || 'none'}; failed ${failures}${firstError ? `; first error: ${firstError}` : ''}` +
      (ok && cached
        ? `; from the search answer cache ${cached} (${((100 * cached) / ok).toFixed(1)} %)`
        : '') +
      `; ${cpu}` +
      (apiBefore !== null && apiAfter !== null && ok
        ? `; API CPU ${((apiAfter - apiBefore) / ok).toFixed(2)} ms a request`
        : ''),
  };
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
  // --search-cache <seconds>: the API's SEARCH_CACHE_SECONDS (0 measures every search; unset: production's default).
  const searchCache = arg('search-cache', '');
  const { api, base, workers } = await startDeployedApi(apiMain, databaseUrl, {
    RATE_LIMIT_DEFAULT: NO_LIMIT,
    RATE_LIMIT_SEARCH: NO_LIMIT,
    ...(searchCache ? { SEARCH_CACHE_SECONDS: searchCache } : {}),
  });
  console.log(
    `API: ${apiMain}, NODE_ENV=production, ${workers} API processes, search answer cache ${searchCache ? `${searchCache} s` : `production default (${DEFAULT_SEARCH_CACHE_SECONDS} s)`}; ${counts.publisher} kitchens, ${counts.item} items`,
  );
  console.log(
    `client: undici, ${connections} keep-alive connections, ${rate > 0 ? `open loop at ${rate} req/s` : 'closed loop (no set rate)'}, ${warmupSeconds} s warm-up + ${seconds} s per endpoint`,
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
      const clients = Array.from(
        { length: connections },
        () =>
          new Client(new URL(base).origin, {
            pipelining: 1,
            keepAliveTimeout: 60_000,
            headersTimeout: 10_000,
            bodyTimeout: 10_000,
          }),
      );
      await run(clients, endpoint.paths, warmupSeconds);
      const stats = await run(clients, endpoint.paths, seconds, api.pid);
      await Promise.all(clients.map((c) => c.close()));
      rows.push({ name: endpoint.name, stats });
      console.log(
        `  ${fmt(stats.rps, 0)} req/s  p50 ${fmt(stats.p50, 1)} ms  p95 ${fmt(stats.p95, 1)} ms  p99 ${fmt(stats.p99, 1)} ms  max ${fmt(stats.max, 1)} ms  errors ${stats.errors}`,
      );
      console.log(`  ${stats.detail}`);
    }
  } finally {
    await stopDeployedApi(api);
  }

  console.log(
    `\nreplay: ${connections} connections at ${rate > 0 ? `${rate} req/s (open loop)` : 'no set rate (saturation)'}, ${seconds} s each, load average ${loadavg()[0].toFixed(1)}:`,
  );
  console.log(`| endpoint | achieved req/s | p50 ms | p95 ms | p99 ms | max ms | errors |`);
  console.log(`|---|---:|---:|---:|---:|---:|---:|`);
  for (const { name, stats: s } of rows) {
    console.log(
      `| ${name} | ${fmt(s.rps, 0)} | ${fmt(s.p50, 1)} | ${fmt(s.p95, 1)} | ${fmt(s.p99, 1)} | ${fmt(s.max, 1)} | ${s.errors} |`,
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
