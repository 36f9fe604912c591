import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { Test } from '@nestjs/testing';
import type { Queue } from 'bullmq';
import { coreImports } from '../../src/app.module.js';
import { MailWorkerModule } from '../../src/modules/mail/mail-worker.module.js';
import { QUEUES } from '../../src/queue/queues.js';

/** The worker's mail side, booted as the worker boots it, with SMTP_URL pointing at the test's SMTP server. */
export async function startMailWorker(env: Record<string, string>): Promise<INestApplicationContext> {
  const saved = { ...process.env };
  Object.assign(process.env, { LOG_LEVEL: 'silent', NODE_ENV: 'test' }, env);
  let ctx: INestApplicationContext;
  try {
    const moduleRef = await Test.createTestingModule({
      imports: [...coreImports(), MailWorkerModule],
    }).compile();
    ctx = moduleRef.createNestApplication({ bufferLogs: true });
    await ctx.init();
  } finally {
    process.env = saved;
  }
  // Jobs left in the shared Redis by earlier runs (whose databases are gone) would only delay ours. Dropping
  // queued jobs is safe by design: the outbox rows are the truth and housekeeping re-enqueues lost ones.
  await ctx.get<Queue>(getQueueToken(QUEUES.MAIL)).drain(true);
  return ctx;
}

/** Polls `probe` until it returns something, or fails after `ms`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 45_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
