/**
 * Item search benchmark (not a test). In one run, for 10k, 100k and 1M items (100, 1 000 and 10 000 chefs
 * of 100 items, built incrementally in BENCH_DATABASE_URL), it loads `GET _search/items` (dish words +
 * 15 miles + one filter, near random kitchens) through the real API started in this process, and runs the
 * raw SQL of the same searches through pg, each in two ways:
 *
 * - saturation: `--concurrency` requests always in flight (closed loop). Gives the throughput of both and
 *   their ratio. Its latencies are printed too, but at saturation they measure the queue, not the search.
 * - latency: requests started at a fixed rate, by default 150 req/s at every size (`--rate N`), or `--load F`
 *   × each size's API throughput (open loop, each measured from when it was due), for the API and the raw
 *   SQL at that same rate. Gives p50/p95/p99 at a given traffic, which is what a latency target is about.
 *
 * Each side first warms up until it is steady: closed-loop windows of 5 s, at least 3, until two in a row are
 * no more than 3 % faster than the best before them (at most 60 s). The API keeps speeding up for 20–30 s after it
 * starts (V8 optimises its code, and each of its pooled connections plans each statement shape once), so a
 * fixed 10 s warm-up measured it half warm. Then each phase runs in `--rounds` turns that alternate API and
 * raw SQL on the same warm connections, so that a change in the machine's speed weighs on both alike. Then
 * the plan of one search (EXPLAIN ANALYZE: which indexes it used).
 *
 *   pnpm --filter @hearth/api bench -- [--chefs 100,1000,10000] [--seconds 10] [--latency-seconds 20] [--rounds 5]
 *                                      [--concurrency 8] [--rate 150 | --load 0.5] [--keep] [--server-settings]
 *
 * PostgreSQL: the recommended settings that need no restart (postgres-settings.ts, docs/postgresql.md) are
 * set on the benchmark database alone (`--server-settings`: not), and the run prints what it ran with.
 *
 * Targets (issues 5 and 19): API ÷ raw SQL throughput ≥ 0.6; p99 < 25 ms at 1M; p95 less than 2× from 10k to 1M
 * (the latency targets judged on the latency runs). The load generators run in worker threads so that their
 * work does not share the API's event loop; everything (API, PostgreSQL, load) shares this machine's cores.
 */
import 'reflect-metadata';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import pg from 'pg';
import { buildItemSearchSql } from '../src/modules/search/item-search.sql.js';
import { itemSearchParams } from '../src/modules/search/item-search.service.js';
import {
  addChefs,
  benchCounts,
  DEFAULT_BENCH_DATABASE_URL,
  generatedChefs,
  prepareBenchDatabase,
} from './generate.js';
import { benchRequests, type BenchRequest } from './bench-requests.js';
import { NO_LIMIT, startDeployedApi, stopDeployedApi } from './deployed-api.js';
import { applyToDatabase, describeSettings, resetDatabase } from './postgres-settings.js';
import type { LoadJob, LoadPhase, LoadResult } from './load-worker.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const databaseUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
const chefSizes = arg('chefs', '100,1000,10000').split(',').map(Number);
const itemsPerChef = Number(arg('items-per-chef', '100'));
/** Seconds of each side at saturation, and at the latency load, each in `rounds` alternating turns. */
const seconds = Number(arg('seconds', '10'));
const latencySeconds = Number(arg('latency-seconds', '20'));
const rounds = Number(arg('rounds', '5'));
/** Warm-up: windows of this many seconds, at least `warmupMinWindows`, until two in a row are no longer faster (at most `warmupMaxWindows`). */
const warmupWindowSeconds = 5;
const warmupMinWindows = 3;
const warmupMaxWindows = 12;
const warmupGain = 1.03;
const concurrency = Number(arg('concurrency', '8'));
/**
 * The latency load: a fixed rate, the same at every size (default 150 req/s), or with `--load F` that share of
 * each size's API throughput. A fixed rate compares sizes at the same traffic; a share would raise the load
 * (and so the queueing) whenever the API got faster.
 */
const loadShare = process.argv.includes('--load') ? Number(arg('load', '0.5')) : null;
const fixedRate = loadShare === null ? Number(arg('rate', '150')) : null;
const keep = process.argv.includes('--keep');
/** Measure the server as it is configured, without the recommended settings for the benchmark database. */
const serverSettings = process.argv.includes('--server-settings');

interface Stats {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** CPU milliseconds per request: the API's processes, PostgreSQL's backends, the load generators. */
  cpu: Cpu;
}

interface Cpu {
  api: number;
  postgres: number;
  load: number;
}

/**
 * CPU time (user + system, ms) of a process from /proc (Linux; 0 where it cannot be read). The machine is
 * shared: throughput moves with what else runs, but the CPU a request costs each side hardly does, and on
 * two cores that every side shares it is what the throughput ratio comes to when nothing else runs.
 */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;

/** The processes whose parent is `parent` (the API's cluster workers). */
function childrenOf(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Whose CPU the benchmark counts: the API's processes and every backend connected to the benchmark database. */
interface Accounts {
  apiPids: number[];
  postgresPids: () => Promise<number[]>;
}

interface CpuSnapshot {
  api: number;
  postgres: Map<number, number>;
  load: number;
}

async function snapshot(accounts: Accounts): Promise<CpuSnapshot> {
  const usage = process.cpuUsage();
  return {
    api: accounts.apiPids.reduce((sum, pid) => sum + cpuMs(pid), 0),
    postgres: new Map((await accounts.postgresPids()).map((pid) => [pid, cpuMs(pid)])),
    load: (usage.user + usage.system) / 1000,
  };
}

/** CPU ms between two snapshots (backends that came or went meanwhile count from 0 or to their last value). */
function spent(before: CpuSnapshot, after: CpuSnapshot): Cpu {
  let postgres = 0;
  for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
  return { api: after.api - before.api, postgres, load: after.load - before.load };
}

function stats(result: LoadResult, cpu: Cpu = { api: NaN, postgres: NaN, load: NaN }): Stats {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const n = Math.max(1, sorted.length);
  return {
    rps: (sorted.length / result.elapsedMs) * 1000,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    errors: result.errors,
    cpu: { api: cpu.api / n, postgres: cpu.postgres / n, load: cpu.load / n },
  };
}

/** A load generator in a worker thread (load-worker.ts), keeping its connections across the phases it runs. */
function generator(job: Omit<LoadJob, 'concurrency' | 'databaseUrl'>) {
  const worker = new Worker(join(__dirname, 'load-worker.js'), {
    workerData: { concurrency, databaseUrl, ...job } satisfies LoadJob,
  });
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  return {
    run: (phase: LoadPhase) =>
      Promise.race([
        new Promise<LoadResult>((resolve) => {
          worker.once('message', (result: LoadResult) => {
            if (result.errors > 0)
              console.log(`    ${job.kind}: ${result.errors} errors, first: ${result.firstError}`);
            resolve(result);
          });
          worker.postMessage(phase);
        }),
        failed,
      ]),
    close: async () => {
      worker.postMessage('close');
      await once(worker, 'exit');
    },
  };
}

/**
 * The same phase for the API and the raw SQL, in `rounds` alternating turns (API, SQL, API, …) that add up to
 * `seconds` each, so that a change in the machine's speed during the run (shared cores, other guests) weighs
 * on both sides alike.
 */
async function alternate(
  api: ReturnType<typeof generator>,
  sql: ReturnType<typeof generator>,
  phase: LoadPhase,
  accounts: Accounts,
): Promise<{ api: Stats; sql: Stats }> {
  const apiResults: LoadResult[] = [];
  const sqlResults: LoadResult[] = [];
  const apiCpu: Cpu = { api: 0, postgres: 0, load: 0 };
  const sqlCpu: Cpu = { api: 0, postgres: 0, load: 0 };
  const add = (to: Cpu, cpu: Cpu) => {
    to.api += cpu.api;
    to.postgres += cpu.postgres;
    to.load += cpu.load;
  };
  for (let round = 0; round < rounds; round++) {
    let before = await snapshot(accounts);
    apiResults.push(await api.run({ ...phase, seconds: phase.seconds / rounds }));
    add(apiCpu, spent(before, await snapshot(accounts)));
    before = await snapshot(accounts);
    sqlResults.push(await sql.run({ ...phase, seconds: phase.seconds / rounds }));
    add(sqlCpu, spent(before, await snapshot(accounts)));
  }
  return { api: stats(merge(apiResults), apiCpu), sql: stats(merge(sqlResults), sqlCpu) };
}

/**
 * The throughput ratio the CPU per request predicts when the API, PostgreSQL and the load share the cores
 * and nothing else runs: each side's requests per CPU second, API ÷ SQL.
 */
const cpuRatio = (api: Stats, sql: Stats) =>
  (sql.cpu.api + sql.cpu.postgres + sql.cpu.load) / (api.cpu.api + api.cpu.postgres + api.cpu.load);

/**
 * Closed-loop windows until the throughput stops rising: two windows in a row no more than `warmupGain` × the
 * best before them (one could be a slow moment of the machine), after at least `warmupMinWindows`. Returns
 * how long it took and the last window's throughput.
 */
async function warmUp(load: ReturnType<typeof generator>): Promise<{ seconds: number; rps: number }> {
  let best = 0;
  let flat = 0;
  for (let window = 1; ; window++) {
    const { rps } = stats(await load.run({ seconds: warmupWindowSeconds }));
    flat = rps > best * warmupGain ? 0 : flat + 1;
    best = Math.max(best, rps);
    if ((window >= warmupMinWindows && flat >= 2) || window >= warmupMaxWindows)
      return { seconds: window * warmupWindowSeconds, rps };
  }
}

function merge(results: LoadResult[]): LoadResult {
  return {
    latenciesMs: results.flatMap((r) => r.latenciesMs),
    errors: results.reduce((n, r) => n + r.errors, 0),
    firstError: results.find((r) => r.firstError)?.firstError ?? null,
    elapsedMs: results.reduce((n, r) => n + r.elapsedMs, 0),
  };
}

/** EXPLAIN ANALYZE of one search: execution time, index names in the plan, and whether JIT ran. */
async function explain(request: BenchRequest): Promise<string> {
  const { text, values } = buildItemSearchSql(
    itemSearchParams(
      request.query,
      { lat: request.lat, lng: request.lng, countryCode: 'US', unit: 'miles', zip: null, source: 'position' },
      new Date(),
    ),
  );
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    const indexes = [
      ...new Set(
        [
          ...plan.matchAll(
            /(?:Index Scan|Index Only Scan|Bitmap Index Scan) (?:Backward )?(?:using|on) (\w+)/g,
          ),
        ].map((m) => m[1]),
      ),
    ];
    const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
    if (process.argv.includes('--plans')) console.log(plan);
    return `${time} ms; indexes: ${indexes.join(', ')}${/JIT:/.test(plan) ? '; JIT ran' : ''}`;
  } finally {
    await db.end();
  }
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

async function main(): Promise<void> {
  const began = Date.now();
  await prepareBenchDatabase(databaseUrl, !keep);
  // The recommended settings that need no restart, on this database only (docs/postgresql.md); then what a
  // connection runs with, so that every run states it (shared_buffers needs a restart: printed, not changed).
  if (serverSettings) await resetDatabase(databaseUrl);
  else await applyToDatabase(databaseUrl);
  console.log(
    `PostgreSQL (${serverSettings ? 'as the server is configured' : 'recommended settings for this database'}): ${(await describeSettings(databaseUrl)).join(', ')}`,
  );
  const {
    api: apiProcess,
    base,
    workers,
  } = await startDeployedApi(join(__dirname, '../src/main.js'), databaseUrl, {
    RATE_LIMIT_SEARCH: NO_LIMIT,
    // Every request is measured against its own SQL: no answer from the search answer cache (ADR 023).
    SEARCH_CACHE_SECONDS: '0',
  });
  console.log(`API: dist/main.js, NODE_ENV=production, ${workers} API processes`);
  const accounts: Accounts = {
    // The cluster's workers, or the API itself when it runs as one process.
    apiPids: [apiProcess.pid!, ...childrenOf(apiProcess.pid!)],
    postgresPids: async () => {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        const { rows } = await db.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        );
        return rows.map((r) => r.pid);
      } finally {
        await db.end();
      }
    },
  };
  const rows: Array<{
    items: number;
    api: Stats;
    sql: Stats;
    rate: number;
    apiPaced: Stats;
    sqlPaced: Stats;
    plan: string;
  }> = [];
  try {
    for (const chefs of chefSizes) {
      const have = await generatedChefs(databaseUrl);
      if (have < chefs) {
        console.log(`generating chefs ${have}–${chefs - 1} (${itemsPerChef} items each)`);
        await addChefs({ databaseUrl, itemsPerChef, log: (line) => console.log(line) }, have, chefs);
      }
      const counts = await benchCounts(databaseUrl);
      const requests = await benchRequests(databaseUrl, chefs, 2000);
      console.log(
        `\n${counts.item} items, ${counts.publisher} kitchens: ${concurrency} in flight, ${seconds} s each (load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')})`,
      );
      // Each generator first warms its own connections (and the API its pools, caches, zip directory, JIT)
      // until its throughput stops rising: every connection loads PostGIS once and plans each statement shape
      // once, a few hundred (connection, shape) pairs in all. Then the phases take turns on those warm connections.
      const apiLoad = generator({ kind: 'api', requests, apiBase: base });
      const sqlLoad = generator({ kind: 'sql', requests, apiBase: base });
      let saturated: { api: Stats; sql: Stats };
      let paced: { api: Stats; sql: Stats };
      let rate: number;
      try {
        const apiWarm = await warmUp(apiLoad);
        const sqlWarm = await warmUp(sqlLoad);
        console.log(
          `  warm-up until steady: API ${apiWarm.seconds} s (last window ${fmt(apiWarm.rps, 0)} req/s), raw SQL ${sqlWarm.seconds} s (${fmt(sqlWarm.rps, 0)} q/s)`,
        );
        saturated = await alternate(apiLoad, sqlLoad, { seconds }, accounts);
        rate = fixedRate ?? Math.max(1, Math.round(saturated.api.rps * loadShare!));
        paced = await alternate(apiLoad, sqlLoad, { seconds: latencySeconds, rate }, accounts);
      } finally {
        await apiLoad.close();
        await sqlLoad.close();
      }
      const { api, sql } = saturated;
      const { api: apiPaced, sql: sqlPaced } = paced;
      const plan = await explain(requests[0]);
      rows.push({ items: counts.item, api, sql, rate, apiPaced, sqlPaced, plan });
      console.log(`  saturation (${concurrency} in flight):`);
      console.log(
        `    API     ${fmt(api.rps, 0)} req/s  p50 ${fmt(api.p50, 2)} ms  p95 ${fmt(api.p95, 2)} ms  p99 ${fmt(api.p99, 2)} ms`,
      );
      console.log(
        `    raw SQL ${fmt(sql.rps, 0)} q/s    p50 ${fmt(sql.p50, 2)} ms  p95 ${fmt(sql.p95, 2)} ms  p99 ${fmt(sql.p99, 2)} ms`,
      );
      console.log(`    API ÷ SQL throughput ${fmt(api.rps / sql.rps, 2)}`);
      console.log(
        `    CPU ms per request: API ${fmt(api.cpu.api, 3)} + PostgreSQL ${fmt(api.cpu.postgres, 3)} + load ${fmt(api.cpu.load, 3)}; ` +
          `raw SQL: PostgreSQL ${fmt(sql.cpu.postgres, 3)} + load ${fmt(sql.cpu.load, 3)} ` +
          `(API ÷ SQL by CPU ${fmt(cpuRatio(api, sql), 2)}; load average ${loadavg()
            .map((l) => l.toFixed(1))
            .join(' ')})`,
      );
      console.log(
        `  latency at ${rate} req/s (${fmt((rate / api.rps) * 100, 0)} % of the API's throughput):`,
      );
      console.log(
        `    API     p50 ${fmt(apiPaced.p50, 2)} ms  p95 ${fmt(apiPaced.p95, 2)} ms  p99 ${fmt(apiPaced.p99, 2)} ms`,
      );
      console.log(
        `    raw SQL p50 ${fmt(sqlPaced.p50, 2)} ms  p95 ${fmt(sqlPaced.p95, 2)} ms  p99 ${fmt(sqlPaced.p99, 2)} ms`,
      );
      console.log(`  plan of one search: ${plan}`);
    }
  } finally {
    await stopDeployedApi(apiProcess);
  }

  console.log(`\nsaturation, ${concurrency} in flight:`);
  console.log(
    `| items | API req/s | API p50 | API p95 | API p99 | SQL q/s | SQL p50 | SQL p95 | SQL p99 | API ÷ SQL | CPU ms/req API + PG + load | CPU ms/q PG + load | API ÷ SQL by CPU |`,
  );
  console.log(`|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`);
  for (const r of rows) {
    console.log(
      `| ${r.items} | ${fmt(r.api.rps, 0)} | ${fmt(r.api.p50, 2)} | ${fmt(r.api.p95, 2)} | ${fmt(r.api.p99, 2)} | ${fmt(r.sql.rps, 0)} | ${fmt(r.sql.p50, 2)} | ${fmt(r.sql.p95, 2)} | ${fmt(r.sql.p99, 2)} | ${fmt(r.api.rps / r.sql.rps, 2)} | ` +
        `${fmt(r.api.cpu.api, 2)} + ${fmt(r.api.cpu.postgres, 2)} + ${fmt(r.api.cpu.load, 2)} | ${fmt(r.sql.cpu.postgres, 2)} + ${fmt(r.sql.cpu.load, 2)} | ${fmt(cpuRatio(r.api, r.sql), 2)} |`,
    );
  }
  console.log(
    `\nlatency at ${fixedRate ? `${fixedRate} req/s` : `${fmt(loadShare! * 100, 0)} % of the API's throughput`} (open loop), ms:`,
  );
  console.log(`| items | rate req/s | API p50 | API p95 | API p99 | SQL p50 | SQL p95 | SQL p99 |`);
  console.log(`|---:|---:|---:|---:|---:|---:|---:|---:|`);
  for (const r of rows) {
    console.log(
      `| ${r.items} | ${r.rate} | ${fmt(r.apiPaced.p50, 2)} | ${fmt(r.apiPaced.p95, 2)} | ${fmt(r.apiPaced.p99, 2)} | ${fmt(r.sqlPaced.p50, 2)} | ${fmt(r.sqlPaced.p95, 2)} | ${fmt(r.sqlPaced.p99, 2)} |`,
    );
  }
  const first = rows[0];
  const last = rows.at(-1)!;
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(`\ntargets:`);
  console.log(
    `  API ÷ raw SQL throughput ≥ 0.6 at every size: ${verdict(rows.every((r) => r.api.rps / r.sql.rps >= 0.6))} (${rows.map((r) => fmt(r.api.rps / r.sql.rps, 2)).join(', ')}; by CPU per request ${rows.map((r) => fmt(cpuRatio(r.api, r.sql), 2)).join(', ')}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  if (last.items >= 1_000_000) {
    console.log(
      `  API p99 < 25 ms at ${last.items} items (at ${last.rate} req/s): ${fmt(last.apiPaced.p99, 2)} ms, ${verdict(last.apiPaced.p99 < 25)}`,
    );
  }
  if (rows.length > 1) {
    const growth = last.apiPaced.p95 / first.apiPaced.p95;
    console.log(
      `  API p95 growth ${first.items} → ${last.items} items: ×${fmt(growth, 2)}, ${verdict(growth < 2)} (< 2)`,
    );
  }
  console.log(`finished in ${Math.round((Date.now() - began) / 1000)} s`);
}

main().catch((error: unknown) => {
  console.error(`bench: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
