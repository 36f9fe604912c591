import type { ChildProcess } from 'node:child_process';
import request from 'supertest';
import type { QueryRunner } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@hearth/shared';
import { CALLBACK_PATHS, TEST_GATEWAY_KEYS } from '../setup/gateways.js';
import { WorkerProcesses } from '../setup/worker-process.js';
import {
  eventRows,
  onlineOrder,
  paymentState,
  payOnHostedPage,
  startPaymentStack,
  until,
  type PaymentStack,
} from './payment-stack.js';

/*
 * The built worker (api/dist/worker.js) as a child process is SIGKILLed while it applies a payment event
 * (held mid-transaction by a row lock the test takes on the order's payment), then started again: BullMQ's
 * stalled-job recovery runs the job again and the event is applied exactly once.
 */

describe('the payment-events worker killed mid-job', () => {
  let s: PaymentStack;
  const workers = new WorkerProcesses();
  const startWorker = () =>
    workers.start({
      ...s.gateways.apiEnv,
    });
  const kill = (child: ChildProcess) => workers.kill(child);

  beforeAll(async () => {
    WorkerProcesses.assertBuilt();
    s = await startPaymentStack({ worker: false });
  });
  afterAll(async () => {
    await workers.killAll();
    await s?.close();
  });

  it('applies the event exactly once after a SIGKILL mid-transaction and a restart', async () => {
    const o = await onlineOrder(s, { kitchens: 1 });
    // The customer pays; the gateway's own webhooks are off, one signed event is posted by the test.
    s.gateways.pointWebhooksAt(null);
    await payOnHostedPage(o.checkoutUrl);
    const session = await s.stripe.checkout.sessions.retrieve(o.checkoutId);
    const eventId = `evt_kill_${o.orderNumber}`;
    const body = JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
    });
    const signature = s.stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: TEST_GATEWAY_KEYS.STRIPE_WEBHOOK_SECRET,
    });
    await request(s.h.http)
      .post(`${API_PREFIX}/${CALLBACK_PATHS.stripe}`)
      .set({ 'content-type': 'application/json', 'stripe-signature': signature })
      .send(body)
      .expect(200);

    // Hold the order's payment row so the worker's transaction stops inside the handler.
    const blocker: QueryRunner = s.h.db.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    await blocker.query(`SELECT 1 FROM payment_details WHERE order_id = $1 FOR UPDATE`, [o.orderId]);
    let released = false;
    try {
      const first = startWorker();
      await until(
        'the worker blocked inside the event transaction',
        async () => {
          const rows = (await s.h.db.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FROM payment_details p JOIN customer_order%'`,
          )) as Array<{ n: number }>;
          return rows[0].n > 0 ? true : undefined;
        },
        60_000,
      );
      await kill(first);
      await blocker.rollbackTransaction();
      released = true;
    } finally {
      if (!released) await blocker.rollbackTransaction();
      await blocker.release();
    }
    // Nothing of the killed attempt survived.
    const [afterKill] = await eventRows(s.h, `event_id = $1`, [eventId]);
    expect(afterKill).toMatchObject({ status: 'RECEIVED', attempts: 0 });
    expect((await paymentState(s.h, o.orderId)).isPaymentCompleted).toBe(false);

    startWorker();
    const [applied] = await until(
      'the event applied after the restart (stalled-job recovery)',
      async () => {
        const r = await eventRows(s.h, `event_id = $1`, [eventId]);
        return r[0]?.status === 'APPLIED' ? r : undefined;
      },
      100_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${workers.output()}`);
    });
    expect(applied).toMatchObject({ attempts: 1, order_id: o.orderId, error: null });
    const st = await paymentState(s.h, o.orderId);
    expect(st.isPaymentCompleted).toBe(true);
    expect(st.dates.every((d) => d.paymentStatus === 'COMPLETED')).toBe(true);
    expect(st.mails.every((m) => m !== 'AWAITING_PAYMENT')).toBe(true);
    // Exactly once: one stored event, applied in one attempt; the status history unchanged by a second run.
    expect(await eventRows(s.h, `event_id = $1`, [eventId])).toHaveLength(1);
  }, 180_000);
});
