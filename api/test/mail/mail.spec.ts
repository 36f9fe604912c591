import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { UnrecoverableError, type Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailDeliveryService } from '../../src/modules/mail/mail-delivery.service.js';
import { MailTransportAdapter } from '../../src/modules/mail/mail-transport.adapter.js';
import { MailProcessor } from '../../src/modules/mail/mail.processor.js';
import { OutboxService } from '../../src/modules/mail/outbox.service.js';
import type { Harness } from '../setup/harness.js';
import { createOfferedItem } from '../setup/shop.js';
import { checkoutBody, fillCart, placeOrder } from '../order/helpers.js';
import { startMailStack, until, type MailStack } from './mail-worker.js';
import type { ReceivedMail } from './smtp-peer.js';

const fakeJob = (outboxId: string, attemptsMade = 0): Job =>
  ({ name: 'send', data: { outboxId }, attemptsMade, opts: { attempts: 5 } }) as unknown as Job;

describe('confirmation e-mails through the outbox and the worker', () => {
  let stack: MailStack;
  let h: Harness;
  let smtp: MailStack['smtp'];
  let worker: INestApplicationContext;

  beforeAll(async () => {
    stack = await startMailStack();
    ({ h, smtp, worker } = stack);
  });
  afterAll(() => stack?.close());

  const outboxRow = async (id: string) =>
    (
      await h.db.query(`SELECT state, attempts, last_error, message_id FROM email_outbox WHERE id = $1`, [id])
    )[0];
  const stage = async (to: string) => {
    const outbox = worker.get(OutboxService);
    const [id] = await outbox.stage(h.db.manager, [
      { to, subject: `Test ${randomUUID()}`, text: 'Hello', html: '<p>Hello</p>' },
    ]);
    return id;
  };

  it("sends the customer's and each chef's confirmation through the real queue, with the order number, lines and totals", async () => {
    const [a, b] = [await h.chef(), await h.chef()];
    const chicken = await createOfferedItem(h.db, {
      publisherId: a.publisher.id,
      name: 'Butter Chicken',
      chefPrice: '8.99',
      deliveryFees: '5.00',
    });
    const pierogi = await createOfferedItem(h.db, {
      publisherId: b.publisher.id,
      name: 'Pierogi Ruskie',
      chefPrice: '10.00',
      dates: chicken.dates,
    });
    const customer = await h.customer();
    await fillCart(h, customer, [
      {
        itemId: chicken.item.id,
        optionId: chicken.optionId,
        orderQuantity: 2,
        dates: [{ date: chicken.dates[0] }],
      },
      { itemId: pierogi.item.id, optionId: pierogi.optionId, dates: [{ date: chicken.dates[0] }] },
    ]);
    // The confirmation goes to the account's address; the contact address typed at checkout gets nothing (S-08).
    const email = customer.consumer.userEmail!;
    const contact = `buyer-${randomUUID()}@example.test`;
    const order = (
      await placeOrder(
        h,
        customer,
        checkoutBody({ contact: { name: 'Casey Jones', email: contact, phone: '+1 201 555 0100' } }),
      ).expect(201)
    ).body;

    const mine = (m: ReceivedMail) => m.subject.includes(order.orderNumber);
    const mails = await until('three e-mails', () => {
      const got = smtp.received.filter(mine);
      return got.length >= 3 ? got : undefined;
    });
    const toCustomer = mails.find((m) => m.to.includes(email))!;
    expect(mails.some((m) => m.to.includes(contact))).toBe(false);
    expect(toCustomer.subject).toBe(`Your Hearth order ${order.orderNumber} is placed`);
    expect(toCustomer.raw).toContain('Butter Chicken × 2');
    expect(toCustomer.raw).toContain('Pierogi Ruskie × 1');
    expect(toCustomer.raw).toContain('Total: $32.98');
    expect(toCustomer.raw).toMatch(/5 PM – 7 PM \(delivery\)/);
    expect(toCustomer.raw).toMatch(/Content-Type: text\/html/);
    const toA = mails.find((m) => m.to.includes(a.publisher.userEmail!))!;
    expect(toA.subject).toBe(`New order ${order.orderNumber}: Butter Chicken x 2`);
    expect(toA.raw).toContain('Casey Jones');
    expect(toA.raw).not.toContain('Pierogi');
    expect(mails.find((m) => m.to.includes(b.publisher.userEmail!))!.subject).toBe(
      `New order ${order.orderNumber}: Pierogi Ruskie x 1`,
    );

    const rows = await h.db.query(
      `SELECT id, state, attempts, message_id FROM email_outbox WHERE related_id = $1`,
      [order.id],
    );
    await until('rows marked SENT', async () => {
      const states = await h.db.query(`SELECT state FROM email_outbox WHERE related_id = $1`, [order.id]);
      return states.every((s: { state: string }) => s.state === 'SENT') ? true : undefined;
    });
    expect(rows).toHaveLength(3);
    for (const row of rows) expect((await outboxRow(row.id)).message_id).toBe(`<${row.id}@hearth.mail>`);
  }, 90_000);

  it('does not send twice when a job runs again after the mail went out', async () => {
    const processor = worker.get(MailProcessor);
    const to = `again-${randomUUID()}@example.test`;
    const id = await stage(to);
    expect(await processor.process(fakeJob(id))).toBe('sent');
    expect(await processor.process(fakeJob(id, 1))).toBe('already-sent');
    await Promise.all([processor.process(fakeJob(id, 2)), processor.process(fakeJob(id, 3))]);
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ state: 'SENT', attempts: 1 });
  });

  it('retries a temporary refusal, and records a permanent one with the error without retrying', async () => {
    const processor = worker.get(MailProcessor);
    const flaky = `flaky-${randomUUID()}@example.test`;
    const flakyId = await stage(flaky);
    await expect(processor.process(fakeJob(flakyId))).rejects.toThrow(/451/);
    expect(await outboxRow(flakyId)).toMatchObject({
      state: 'QUEUED',
      attempts: 1,
      last_error: expect.stringContaining('451'),
    });
    expect(await processor.process(fakeJob(flakyId, 1))).toBe('sent');
    expect(await outboxRow(flakyId)).toMatchObject({ state: 'SENT', attempts: 2, last_error: null });
    expect(smtp.received.filter((m) => m.to.includes(flaky))).toHaveLength(1);

    const bounce = `bounce-${randomUUID()}@example.test`;
    const bounceId = await stage(bounce);
    await expect(processor.process(fakeJob(bounceId))).rejects.toBeInstanceOf(UnrecoverableError);
    expect(await outboxRow(bounceId)).toMatchObject({
      state: 'FAILED',
      attempts: 1,
      last_error: expect.stringContaining('550'),
    });
    expect(await processor.process(fakeJob(bounceId, 1))).toBe('already-failed');
  });

  it('marks a mail FAILED when its last attempt fails', async () => {
    const processor = worker.get(MailProcessor);
    const id = await stage(`flaky-${randomUUID()}@example.test`);
    await expect(processor.process(fakeJob(id, 4))).rejects.toThrow(/451/);
    expect(await outboxRow(id)).toMatchObject({
      state: 'FAILED',
      last_error: expect.stringContaining('451'),
    });
  });

  it('keeps mail in the outbox as HELD, not SENT, when no SMTP server is configured (S-19)', async () => {
    const config = {
      get: (key: string) => (key === 'MAIL_FROM' ? 'Hearth <x@hearth.test>' : undefined),
    } as unknown as ConfigService;
    const sut = new MailDeliveryService(h.db, new MailTransportAdapter(config as never));
    const to = `outbox-only-${randomUUID()}@example.test`;
    const id = await stage(to);
    expect(await sut.deliver(id, { lastAttempt: false })).toBe('kept-in-outbox');
    expect(await outboxRow(id)).toMatchObject({ state: 'HELD', message_id: null });
    const [row] = await h.db.query(`SELECT sent_at FROM email_outbox WHERE id = $1`, [id]);
    expect(row.sent_at).toBeNull();
    // A repeated job leaves it held.
    expect(await sut.deliver(id, { lastAttempt: false })).toBe('kept-in-outbox');
    expect(await outboxRow(id)).toMatchObject({ state: 'HELD' });
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(0);
  });

  it('re-enqueues a QUEUED row whose job was lost, and the worker then sends it', async () => {
    const to = `lost-${randomUUID()}@example.test`;
    const id = await stage(to);
    await h.db.query(`UPDATE email_outbox SET created_at = now() - interval '2 minutes' WHERE id = $1`, [id]);
    expect(await worker.get(OutboxService).requeueLost()).toBeGreaterThanOrEqual(1);
    await until('the lost mail', () => smtp.received.find((m) => m.to.includes(to)));
    await until('the row SENT', async () => ((await outboxRow(id)).state === 'SENT' ? true : undefined));
  }, 90_000);
});
