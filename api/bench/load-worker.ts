/**
 * One load generator, run in a worker thread so that the client's own work does not share the event loop
 * of the API under test. Keeps exactly `concurrency` requests in flight for `seconds`, then reports every
 * latency. Kind `api`: HTTP GETs to the running API; kind `sql`: the same search's SQL through pg.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { buildItemSearchSql, statementName } from '../src/modules/search/item-search.sql.js';
import { itemSearchParams } from '../src/modules/search/item-search.service.js';
import type { BenchRequest } from './bench-requests.js';

export interface LoadJob {
  kind: 'api' | 'sql';
  requests: BenchRequest[];
  concurrency: number;
  seconds: number;
  apiBase: string;
  databaseUrl: string;
}

export interface LoadResult {
  latenciesMs: number[];
  errors: number;
  firstError: string | null;
  elapsedMs: number;
}

async function run(job: LoadJob): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let next = 0;
  const send = job.kind === 'api' ? apiSender(job) : sqlSender(job);
  const started = performance.now();
  const deadline = started + job.seconds * 1000;
  const lane = async () => {
    while (performance.now() < deadline) {
      const request = job.requests[next++ % job.requests.length];
      const t0 = performance.now();
      try {
        await send.one(request);
        latencies.push(performance.now() - t0);
      } catch (error) {
        errors += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, lane));
  const elapsedMs = performance.now() - started;
  await send.close();
  return { latenciesMs: latencies, errors, firstError, elapsedMs };
}

function apiSender(job: LoadJob) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
  return {
    one: (r: BenchRequest) =>
      new Promise<void>((resolve, reject) => {
        http
          .get(`${job.apiBase}/_search/items?${r.queryString}`, { agent }, (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', () => (res.statusCode === 200 && bytes > 1 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
          })
          .on('error', reject);
      }),
    close: async () => agent.destroy(),
  };
}

function sqlSender(job: LoadJob) {
  const pool = new pg.Pool({ connectionString: job.databaseUrl, max: job.concurrency });
  return {
    one: async (r: BenchRequest) => {
      const { text, values } = buildItemSearchSql(
        itemSearchParams(r.query, { lat: r.lat, lng: r.lng, countryCode: 'US', unit: 'miles', zip: null, source: 'position' }, new Date()),
      );
      // The same named prepared statement the API runs.
      const result = await pool.query({ name: statementName(text), text, values });
      if (result.rows.length === 0) throw new Error('no rows');
    },
    close: () => pool.end(),
  };
}

run(workerData as LoadJob).then(
  (result) => parentPort!.postMessage(result),
  (error: unknown) => parentPort!.postMessage({ latenciesMs: [], errors: 1, firstError: String(error), elapsedMs: 0 }),
);
