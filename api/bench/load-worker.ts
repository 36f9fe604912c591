/**
 * One load generator, run in a worker thread so that the client's own work does not share the event loop
 * of the API under test. Kind `api`: HTTP GETs to the running API; kind `sql`: the same search's SQL through pg.
 * It keeps its connections for its whole life and runs the phases it is sent, one at a time, so that
 * phases of the API and of the raw SQL can take turns on warm connections.
 *
 * - closed loop (no `rate`): keeps exactly `concurrency` requests in flight for `seconds` — the most the
 *   system serves (throughput); latencies then mostly measure the queue (Little's law: in flight ÷ rate).
 * - open loop (`rate`): starts a request every 1/rate s, whether or not earlier ones have finished, and
 *   measures each from the moment it was due (no coordinated omission: a stall delays every request it holds
 *   up, and that shows). This is how latency targets are judged: at a given load, not at saturation.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { PG_SESSION_OPTIONS } from '../src/database/data-source.js';
import { buildItemSearchSql, statementName } from '../src/modules/search/item-search.sql.js';
import { itemSearchParams } from '../src/modules/search/item-search.service.js';
import type { BenchRequest } from './bench-requests.js';

/** What a generator is for (its workerData). */
export interface LoadJob {
  kind: 'api' | 'sql';
  requests: BenchRequest[];
  concurrency: number;
  apiBase: string;
  databaseUrl: string;
}

/** One phase, sent as a message; the generator answers with a LoadResult. */
export interface LoadPhase {
  seconds: number;
  /** Requests per second, open loop; absent: closed loop with `concurrency` in flight. */
  rate?: number;
}

export interface LoadResult {
  latenciesMs: number[];
  errors: number;
  firstError: string | null;
  elapsedMs: number;
}

type Sender = ReturnType<typeof apiSender>;
let next = 0;

async function phase(job: LoadJob, send: Sender, seconds: number, rate?: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const failed = (error: unknown) => {
    errors += 1;
    firstError ??= error instanceof Error ? error.message : String(error);
  };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const lane = async () => {
    while (performance.now() < deadline) {
      const request = job.requests[next++ % job.requests.length];
      const t0 = performance.now();
      try {
        await send.one(request);
        latencies.push(performance.now() - t0);
      } catch (error) {
        failed(error);
      }
    }
  };
  const paced = async (perSecond: number) => {
    const inFlight = new Set<Promise<void>>();
    for (let i = 0; ; i++) {
      const due = started + (i * 1000) / perSecond;
      if (due >= deadline) break;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const request = job.requests[next++ % job.requests.length];
      const one: Promise<void> = send
        .one(request)
        .then(() => void latencies.push(performance.now() - due), failed);
      inFlight.add(one);
      void one.finally(() => inFlight.delete(one));
    }
    await Promise.all(inFlight);
  };
  await (rate ? paced(rate) : Promise.all(Array.from({ length: job.concurrency }, lane)));
  return { latenciesMs: latencies, errors, firstError, elapsedMs: performance.now() - started };
}

function apiSender(job: LoadJob) {
  // Free connections are taken in turn (fifo), as a load balancer would spread requests. With Node's default
  // (lifo: the connection freed last), a light load kept landing on one API process (node:cluster assigns
  // each connection to one) while the other sat idle, and requests queued behind each other there.
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency, scheduling: 'fifo' });
  return {
    one: (r: BenchRequest) =>
      new Promise<void>((resolve, reject) => {
        http
          .get(`${job.apiBase}/_search/items?${r.queryString}`, { agent }, (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', () =>
              res.statusCode === 200 && bytes > 1 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`)),
            );
          })
          .on('error', reject);
      }),
    close: async () => agent.destroy(),
  };
}

function sqlSender(job: LoadJob) {
  // The same session settings as the API's connections.
  const pool = new pg.Pool({
    connectionString: job.databaseUrl,
    max: job.concurrency,
    options: PG_SESSION_OPTIONS,
  });
  return {
    one: async (r: BenchRequest) => {
      const { text, values } = buildItemSearchSql(
        itemSearchParams(
          r.query,
          { lat: r.lat, lng: r.lng, countryCode: 'US', unit: 'miles', zip: null, source: 'position' },
          new Date(),
        ),
      );
      // The same named prepared statement the API runs.
      const result = await pool.query({ name: statementName(text), text, values });
      if (result.rows.length === 0) throw new Error('no rows');
    },
    close: () => pool.end(),
  };
}

// Phases run one after another until the parent sends `close`.
const job = workerData as LoadJob;
const sender = job.kind === 'api' ? apiSender(job) : sqlSender(job);
let queue = Promise.resolve();
parentPort!.on('message', (message: LoadPhase | 'close') => {
  queue = queue.then(async () => {
    if (message === 'close') {
      await sender.close();
      parentPort!.close();
      return;
    }
    const result = await phase(job, sender, message.seconds, message.rate).catch(
      (error: unknown): LoadResult => ({
        latenciesMs: [],
        errors: 1,
        firstError: String(error),
        elapsedMs: 0,
      }),
    );
    parentPort!.postMessage(result);
  });
});
