import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_PREFIX } from '@hearth/shared';
import { queuePrefix } from '../src/queue/queue.module.js';
import { QUEUES } from '../src/queue/queues.js';
import { startHarness, type Harness, type TestActor } from '../test/setup/harness.js';
import { freePort } from '../test/setup/identity.js';

/*
 * Bulk messages under load (issue 16 benchmark): N generated accounts (ALL_USERS) on a fresh database,
 * one bulk message through the real API (POST admin), the real `bulk-messages` queue and the built worker
 * (api/dist/worker.js, its own process), into a local SMTP sink (`smtp-server`) that accepts everything.
 * Prints messages/s, time to the first message, p99 per-batch time, the progress lag (the API's `sent`
 * against the sink's count, sampled), and checks that nobody got two and nobody none.
 *
 *   BENCH_RECIPIENTS   recipients (default 50000)
 *   BENCH_RATE         BULK_MAIL_RATE of the worker (default 100000: as fast as it goes)
 *   BENCH_CONCURRENCY  BULK_MAIL_CONCURRENCY (default 8)
 *   BENCH_BATCH        BULK_BATCH_SIZE (default 500)
 *   BENCH_WORKER_NODE_ARGS  node options of the worker, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
 */
const N = Number(process.env.BENCH_RECIPIENTS ?? 50_000);
const RATE = process.env.BENCH_RATE ?? '100000';
const CONCURRENCY = process.env.BENCH_CONCURRENCY ?? '8';
const BATCH = process.env.BENCH_BATCH ?? '500';
const DIST = join(process.cwd(), 'dist');

let h: Harness;
let admin: TestActor;
let sink: SMTPServer;
let worker: ChildProcess | null = null;
const perAddress = new Map<string, number>();
let sinkCount = 0;
let firstAt = 0;

beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo)
          perAddress.set(r.address, (perAddress.get(r.address) ?? 0) + 1);
        sinkCount += 1;
        if (!firstAt) firstAt = Date.now();
        callback();
      });
    },
  });
  sink.on('error', () => undefined);
  const port = await freePort();
  await new Promise<void>((r) => sink.listen(port, '127.0.0.1', r));
  const smtpUrl = `smtp://127.0.0.1:${port}`;
  h = await startHarness({ SMTP_URL: smtpUrl });
  admin = await h.admin();
  // N accounts in one statement (the population; ALL_USERS pages them by address).
  await h.db.query(
    `INSERT INTO consumer (keycloak_id, name, user_email, status)
     SELECT 'bench-' || g, 'Bench ' || g, 'bench-' || lpad(g::text, 6, '0') || '@bench.test', 'ACTIVE'
     FROM generate_series(1, $1) g`,
    [N],
  );
  await h.db.query(`ANALYZE consumer`);
  const nodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  worker = spawn(process.execPath, [...nodeArgs, join(DIST, 'worker.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SMTP_URL: smtpUrl,
      WEB_ORIGIN: h.origin,
      BULK_MAIL_RATE: RATE,
      BULK_MAIL_CONCURRENCY: CONCURRENCY,
      BULK_BATCH_SIZE: BATCH,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Give the worker its boot time, so the clock measures sending.
  await new Promise((r) => setTimeout(r, 4000));
});

afterAll(async () => {
  if (worker && worker.exitCode === null) {
    const exited = new Promise((r) => worker!.once('exit', r));
    worker.kill('SIGTERM');
    await exited;
  }
  await h?.close();
  await new Promise<void>((r) => sink?.close(() => r()));
});

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

it(`sends one bulk message to ${N} recipients`, async () => {
  const started = Date.now();
  const res = await request(h.http)
    .post(`${API_PREFIX}/admin`)
    .set(admin.auth)
    .send({ target_group: 'ALL_USERS', subject: 'Bench', content: 'Hello from the **benchmark**' });
  expect(res.status).toBe(201);
  const id = res.body.id as string;

  const lags: number[] = [];
  let status = '';
  let total = 0;
  for (;;) {
    const before = sinkCount;
    const view = await request(h.http).get(`${API_PREFIX}/admin/bulk-messages/${id}`).set(admin.auth);
    const after = sinkCount;
    status = view.body.status;
    total = view.body.progress.total;
    // The API's count against what the sink had received around the read.
    const sent = view.body.progress.sent as number;
    lags.push(sent < before ? before - sent : sent > after ? sent - after : 0);
    if (['COMPLETED', 'CANCELLED', 'FAILED'].includes(status)) break;
    if (Date.now() - started > 20 * 60_000) throw new Error('The bench did not finish in 20 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  const ended = Date.now();

  const queue = new Queue(QUEUES.BULK_MESSAGES, {
    connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    prefix: queuePrefix(process.env.DATABASE_URL!),
  });
  const jobs = (await queue.getJobs(['completed'], 0, 5000)).filter(
    (j) => j.name === 'batch' && (j.data as { bulkMessageId?: string }).bulkMessageId === id,
  );
  const batchMs = jobs.map((j) => (j.finishedOn ?? 0) - (j.processedOn ?? 0)).filter((d) => d >= 0);
  await queue.close();

  const rows: Array<{ email: string }> = await h.db.query(
    `SELECT email FROM bulk_message_recipient WHERE bulk_message_id = $1 AND state = 'SENT'`,
    [id],
  );
  const twice = [...perAddress.values()].filter((c) => c > 1).length;
  const missed = rows.filter((r) => !perAddress.has(r.email)).length;
  const seconds = (ended - started) / 1000;
  const rateLag = lags.length ? Math.max(...lags) : 0;
  const lines = [
    `bulk message benchmark: ${total} recipients, BULK_MAIL_RATE=${RATE}, BULK_MAIL_CONCURRENCY=${CONCURRENCY}, BULK_BATCH_SIZE=${BATCH}`,
    `  status                 ${status}`,
    `  messages/s             ${(sinkCount / seconds).toFixed(0)} (${sinkCount} in ${seconds.toFixed(1)} s, POST to COMPLETED)`,
    `  time to first message  ${firstAt ? firstAt - started : -1} ms`,
    `  per-batch time         p50 ${pct(batchMs, 50)} ms, p99 ${pct(batchMs, 99)} ms (${batchMs.length} batch jobs)`,
    `  progress lag           max ${rateLag} messages behind/ahead of the sink over ${lags.length} reads` +
      ` (≈ ${((rateLag / Math.max(1, sinkCount / seconds)) * 1000).toFixed(0)} ms at this rate)`,
    `  exactly once           ${twice} addresses got two or more, ${missed} SENT rows never arrived, sink ${sinkCount} vs SENT rows ${rows.length}`,
  ];
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
  expect(status).toBe('COMPLETED');
  expect(twice).toBe(0);
  expect(missed).toBe(0);
  expect(sinkCount).toBe(rows.length);
});
