import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { Test } from '@nestjs/testing';
import type { Queue } from 'bullmq';
import { coreImports } from '../../src/app.module.js';
import { MailWorkerModule } from '../../src/modules/mail/mail-worker.module.js';
import { QUEUES } from '../../src/queue/queues.js';
import { startHarness, type Harness } from '../setup/harness.js';
import { startSmtpPeer } from './smtp-peer.js';

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

/** A real SMTP server, the API harness, and the mail worker sending to that server. */
export interface MailStack {
  smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  h: Harness;
  worker: INestApplicationContext;
  /** Stops whatever was started, last first. */
  close: () => Promise<void>;
}

/** Starts a MailStack for a suite that follows mail from the API through the outbox to the SMTP server. */
export async function startMailStack(): Promise<MailStack> {
  const started: Array<{ close: () => Promise<unknown> }> = [];
  const close = async () => {
    for (const part of started.reverse()) await part.close();
  };
  try {
    const smtp = await startSmtpPeer();
    started.push(smtp);
    const h = await startHarness();
    started.push(h);
    const worker = await startMailWorker({ SMTP_URL: smtp.url, MAIL_FROM: 'Hearth <orders@hearth.test>' });
    started.push(worker);
    return { smtp, h, worker, close };
  } catch (error) {
    await close();
    throw error;
  }
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
