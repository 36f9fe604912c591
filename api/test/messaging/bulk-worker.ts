import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { API_PREFIX, ConsumerStatus, PublisherStatus } from '@hearth/shared';
import { coreImports } from '../../src/app.module.js';
import { AdminAudiencesModule } from '../../src/modules/admin/admin-audiences.module.js';
import { MessagingWorkerModule } from '../../src/modules/messaging/messaging-worker.module.js';
import { ChefNewsModule } from '../../src/modules/subscription/chef-news.module.js';
import { startSmtpPeer } from '../mail/smtp-peer.js';
import { createConsumer, createPublisher, uniqueSuffix } from '../setup/factories.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';

/**
 * The worker's bulk sender with the audiences the worker registers (the eight target groups, chefs' news),
 * booted as the worker boots it, sending to the test's SMTP server.
 */
export async function startBulkWorker(env: Record<string, string>): Promise<INestApplicationContext> {
  const saved = { ...process.env };
  Object.assign(process.env, { LOG_LEVEL: 'silent', NODE_ENV: 'test' }, env);
  // An empty SMTP_URL: a worker with no SMTP server at all.
  if (env.SMTP_URL === '') delete process.env.SMTP_URL;
  try {
    const moduleRef = await Test.createTestingModule({
      imports: [...coreImports(), MessagingWorkerModule, AdminAudiencesModule, ChefNewsModule],
    }).compile();
    const ctx = moduleRef.createNestApplication({ bufferLogs: true });
    await ctx.init();
    return ctx;
  } finally {
    process.env = saved;
  }
}

export interface BulkStack {
  smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  h: Harness;
  admin: TestActor;
  worker: INestApplicationContext | null;
  close: () => Promise<void>;
}

export const WORKER_ENV = {
  BULK_MAIL_RATE: '2000',
  BULK_MAIL_CONCURRENCY: '4',
  BULK_BATCH_SIZE: '100',
  BULK_SWEEP_MS: '2000',
  MAIL_FROM: 'Hearth <news@hearth.test>',
};

export async function startBulkStack(options: { worker?: boolean } = {}): Promise<BulkStack> {
  const smtp = await startSmtpPeer();
  const h = await startHarness({ SMTP_URL: smtp.url });
  const worker =
    options.worker === false
      ? null
      : await startBulkWorker({ ...WORKER_ENV, SMTP_URL: smtp.url, WEB_ORIGIN: h.origin });
  const admin = await h.admin();
  return {
    smtp,
    h,
    admin,
    worker,
    close: async () => {
      await worker?.close();
      await h.close();
      await smtp.close();
    },
  };
}

export const api = (path: string) => `${API_PREFIX}/${path}`;

export async function sendBulk(s: BulkStack, body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await request(s.h.http).post(api('admin')).set(s.admin.auth).send(body);
  if (res.status !== 201) throw new Error(`POST admin: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string };
}

export async function bulkView(s: BulkStack, id: string) {
  const res = await request(s.h.http)
    .get(api(`admin/bulk-messages/${id}`))
    .set(s.admin.auth);
  if (res.status !== 200) throw new Error(`GET: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as {
    status: string;
    pausedReason: string | null;
    progress: {
      total: number;
      sent: number;
      failed: number;
      skipped: number;
      pending: number;
      percent: number;
      fanoutDone: boolean;
    };
  };
}

/** Polls until `probe` returns something, or fails after `ms`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function finished(s: BulkStack, id: string, ms = 30_000) {
  return until(
    `bulk message ${id} to finish`,
    async () => {
      const v = await bulkView(s, id);
      return ['COMPLETED', 'CANCELLED', 'FAILED'].includes(v.status) ? v : undefined;
    },
    ms,
  );
}

/** A seeded population under one fresh e-mail domain, so other suites' rows never change the answer. */
export async function seedPopulation(h: Harness) {
  const domain = `pop${uniqueSuffix()}.test`.toLowerCase();
  const db = h.db;
  const person = async (local: string, status: ConsumerStatus = ConsumerStatus.ACTIVE) =>
    createConsumer(db, { userEmail: `${local}@${domain}`, name: local, status });
  const kitchen = async (
    local: string,
    status: PublisherStatus,
    consumerStatus: ConsumerStatus = ConsumerStatus.ACTIVE,
  ) => {
    const c = await person(local, consumerStatus);
    const p = await createPublisher(db, {
      consumerId: c.id,
      status,
      kitchenName: `k-${local}-${uniqueSuffix()}`,
    });
    return { c, p };
  };
  const order = async (consumerId: string, publisherId: string) => {
    const [o] = (await db.query(
      `INSERT INTO customer_order (order_number, consumer_id, order_total, currency_code, idempotency_key)
       VALUES ('T-' || md5(random()::text), $1, 10, 'USD', md5(random()::text)) RETURNING id`,
      [consumerId],
    )) as Array<{ id: string }>;
    await db.query(
      `INSERT INTO ordered_cart_item (order_id, publisher_id, item_name, pricing_option, unit_price, item_total,
         item_price_per_date, net_amount_per_date, net_amount)
       VALUES ($1, $2, 'Dal', '{}'::jsonb, 10, 10, 10, 8, 8)`,
      [o.id, publisherId],
    );
  };

  const approved = await kitchen('chef-approved', PublisherStatus.APPROVED);
  const approved2 = await kitchen('chef-approved2', PublisherStatus.APPROVED);
  const pending = await kitchen('chef-pending', PublisherStatus.PENDING);
  const blocked = await kitchen('chef-blocked', PublisherStatus.BLOCKED);
  await kitchen('chef-disabled', PublisherStatus.APPROVED, ConsumerStatus.DISABLED);
  const buyerA = await person('buyer-a'); // ordered from approved
  const buyerB = await person('buyer-b'); // ordered from approved2
  const buyerGone = await person('buyer-disabled', ConsumerStatus.DISABLED);
  const follower = await person('follower'); // subscribed to approved, never ordered
  const idle = await person('idle'); // neither
  const unsub = await person('unsub'); // ordered, but unsubscribed from bulk e-mail
  await order(buyerA.id, approved.p.id);
  await order(buyerB.id, approved2.p.id);
  await order(buyerGone.id, approved.p.id);
  await order(unsub.id, approved.p.id);
  await db.query(
    `INSERT INTO subscription (publisher_id, consumer_id, email, status) VALUES ($1, $2, $3, 'SUBSCRIBED'),
       ($1, NULL, $4, 'SUBSCRIBED'), ($1, NULL, $5, 'UNSUBSCRIBED')`,
    [approved.p.id, follower.id, follower.userEmail, `guest@${domain}`, `left@${domain}`],
  );
  await db.query(`INSERT INTO email_suppression (email, source) VALUES ($1, 'ADMIN')`, [`unsub@${domain}`]);
  return { domain, approved, approved2, pending, blocked, buyerA, buyerB, follower, idle, unsub };
}
