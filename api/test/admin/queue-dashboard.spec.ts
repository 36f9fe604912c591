import request from 'supertest';
import { getQueueToken } from '@nestjs/bullmq';
import { Queue, Worker, type Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../src/queue/queues.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';

const DASHBOARD = '/services/publisher/api/admin/queues';

interface QueueSummary {
  name: string;
  counts: Record<string, number>;
}

describe('the queue dashboard (admin/queues, bull-board)', () => {
  let h: Harness;
  let admin: TestActor;
  let customer: TestActor;
  let chef: TestActor;
  beforeAll(async () => {
    h = await startHarness();
    admin = await h.admin();
    customer = await h.customer();
    chef = await h.chef();
  });
  afterAll(() => h?.close());

  it('refuses a caller who is not signed in (401) and a customer or chef (403), as problem objects', async () => {
    for (const path of ['', '/api/queues', '/queue/mail']) {
      const anonymous = await request(h.http).get(`${DASHBOARD}${path}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers['content-type']).toMatch(/^application\/problem\+json/);
      for (const caller of [customer, chef]) {
        const res = await request(h.http).get(`${DASHBOARD}${path}`).set(caller.auth);
        expect(res.status).toBe(403);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.body).toMatchObject({ status: 403, detail: 'This needs an admin.' });
      }
    }
    const retry = await request(h.http).put(`${DASHBOARD}/api/queues/mail/retry/failed`).set(customer.auth);
    expect(retry.status).toBe(403);
  });

  it('lists every queue of the app to an admin, with its job counts', async () => {
    const res = await request(h.http).get(`${DASHBOARD}/api/queues`).set(admin.auth).expect(200);
    const queues = (res.body as { queues: QueueSummary[] }).queues;
    expect(queues.map((q) => q.name).sort()).toEqual(Object.values(QUEUES).sort());
    for (const q of queues) expect(q.counts).toHaveProperty('failed');
  });

  it('serves an admin the dashboard page, whose policy lets its own scripts and styles run', async () => {
    const page = await request(h.http).get(DASHBOARD).set(admin.auth).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain(`<base href="${DASHBOARD}/" />`);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    const js = await request(h.http).get(`${DASHBOARD}/${script}`).set(admin.auth).expect(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    // Its static files are the admin's alone too.
    await request(h.http).get(`${DASHBOARD}/${script}`).expect(401);
  });

  it('an unknown queue is a 404 problem object', async () => {
    const res = await request(h.http).get(`${DASHBOARD}/api/queues/no-such-queue/1`).set(admin.auth);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 404, detail: 'No such queue.' });
  });

  it('lets an admin retry a failed job, which then runs again', async () => {
    const queue = h.app.get<Queue>(getQueueToken(QUEUES.PAYMENT_EVENTS), { strict: false });
    const job = await queue.add('dashboard-test', { n: 1 }, { attempts: 1 });
    let runs = 0;
    const worker = new Worker(
      queue.name,
      async (j: Job) => {
        if (j.id !== job.id) return;
        runs++;
        if (runs === 1) throw new Error('refused the first time');
      },
      { connection: queue.opts.connection, prefix: queue.opts.prefix },
    );
    const failed = new Promise<void>((resolve) => worker.on('failed', (j) => j?.id === job.id && resolve()));
    await failed;
    expect(await queue.getJobState(job.id!)).toBe('failed');

    const listed = await request(h.http)
      .get(`${DASHBOARD}/api/queues`)
      .query({ activeQueue: queue.name, status: 'failed', page: 1, jobsPerPage: 50 })
      .set(admin.auth)
      .expect(200);
    const summary = (
      listed.body as { queues: (QueueSummary & { jobs: { id: string; failedReason: string }[] })[] }
    ).queues.find((q) => q.name === queue.name)!;
    expect(summary.jobs.find((j) => j.id === job.id)?.failedReason).toBe('refused the first time');

    const completed = new Promise<void>((resolve) =>
      worker.on('completed', (j) => j.id === job.id && resolve()),
    );
    await request(h.http)
      .put(`${DASHBOARD}/api/queues/${queue.name}/${job.id}/retry`)
      .set(admin.auth)
      .expect(204);
    await completed;
    expect(runs).toBe(2);
    expect(await queue.getJobState(job.id!)).toBe('completed');
    await worker.close();
  });
});
