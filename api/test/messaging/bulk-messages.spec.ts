import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailLinksService } from '../../src/modules/messaging/mail-links.service.js';
import {
  api,
  bulkView,
  finished,
  seedPopulation,
  sendBulk,
  startBulkStack,
  until,
  type BulkStack,
} from './bulk-worker.js';

/*
 * Admin bulk messages end to end: the API stores and queues, the worker (booted as the worker boots it)
 * fans out and sends to a real SMTP server (smtp-server), the API reads the progress.
 */
describe('bulk messages', () => {
  let s: BulkStack;
  let pop: Awaited<ReturnType<typeof seedPopulation>>;

  beforeAll(async () => {
    s = await startBulkStack();
    pop = await seedPopulation(s.h);
  });
  afterAll(() => s?.close());

  const recipients = async (id: string) =>
    (await s.h.db.query(`SELECT email, state, error FROM bulk_message_recipient WHERE bulk_message_id = $1`, [
      id,
    ])) as Array<{ email: string; state: string; error: string | null }>;
  /** The population's recipients as `local-part:state`, sorted. */
  const ours = async (id: string) =>
    (await recipients(id))
      .filter((r) => r.email.endsWith(`@${pop.domain}`))
      .map((r) => `${r.email.split('@')[0]}:${r.state}`)
      .sort();
  const received = (address: string) => s.smtp.received.filter((m) => m.to.includes(address));

  const send = async (body: Record<string, unknown>) => {
    const { id } = await sendBulk(s, { subject: 'News', content: 'Hello **there**', ...body });
    const view = await finished(s, id);
    return { id, view };
  };

  it('ALL_USERS: every active account, unsubscribed ones SKIPPED, disabled ones never', async () => {
    const { id, view } = await send({ target_group: 'ALL_USERS' });
    expect(view.status).toBe('COMPLETED');
    expect(await ours(id)).toEqual(
      [
        'buyer-a:SENT',
        'buyer-b:SENT',
        'chef-approved2:SENT',
        'chef-approved:SENT',
        'chef-blocked:SENT',
        'chef-pending:SENT',
        'follower:SENT',
        'idle:SENT',
        'unsub:SKIPPED',
      ].sort(),
    );
    expect(received(`unsub@${pop.domain}`)).toHaveLength(0);
    expect(received(`buyer-disabled@${pop.domain}`)).toHaveLength(0);
    expect(view.progress.percent).toBe(100);
    expect(view.progress.pending).toBe(0);
  });

  it('CUSTOMERS: accounts with an order; with target_chef, that kitchen’s customers and subscribers', async () => {
    const all = await send({ target_group: 'CUSTOMERS' });
    expect(await ours(all.id)).toEqual(['buyer-a:SENT', 'buyer-b:SENT', 'unsub:SKIPPED']);
    const one = await send({ target_group: 'CUSTOMERS', target_chef: pop.approved.p.id });
    expect(await ours(one.id)).toEqual(['buyer-a:SENT', 'follower:SENT', 'guest:SENT', 'unsub:SKIPPED']);
    // Only that kitchen's: nobody else's customers or subscribers.
    expect((await recipients(one.id)).length).toBe(4);
  });

  it('REGISTERED_CHEFS, HALF_REGISTERED_CHEFS and ALL_CHEFS by kitchen state', async () => {
    expect(await ours((await send({ target_group: 'REGISTERED_CHEFS' })).id)).toEqual([
      'chef-approved2:SENT',
      'chef-approved:SENT',
    ]);
    expect(await ours((await send({ target_group: 'HALF_REGISTERED_CHEFS' })).id)).toEqual([
      'chef-pending:SENT',
    ]);
    expect(await ours((await send({ target_group: 'ALL_CHEFS' })).id)).toEqual([
      'chef-approved2:SENT',
      'chef-approved:SENT',
      'chef-blocked:SENT',
      'chef-pending:SENT',
    ]);
  });

  it('ONE_USER by e-mail or id, TEST_EMAIL to the admin, EXTERNAL addresses de-duplicated', async () => {
    const byMail = await send({ target_group: 'ONE_USER', to: `IDLE@${pop.domain}` });
    expect(await recipients(byMail.id)).toEqual([
      { email: `idle@${pop.domain}`, state: 'SENT', error: null },
    ]);
    const byId = await send({ target_group: 'ONE_USER', to: pop.follower.id });
    expect((await recipients(byId.id)).map((r) => r.email)).toEqual([`follower@${pop.domain}`]);
    const gone = await request(s.h.http)
      .post(api('admin'))
      .set(s.admin.auth)
      .send({ target_group: 'ONE_USER', to: `buyer-disabled@${pop.domain}`, subject: 'x', content: 'x' });
    expect(gone.status).toBe(400);
    expect(gone.body.fieldErrors[0].field).toBe('to');

    const test = await send({ target_group: 'TEST_EMAIL' });
    expect((await recipients(test.id)).map((r) => r.email)).toEqual([
      s.admin.consumer.userEmail!.toLowerCase(),
    ]);

    const ext = await send({
      target_group: 'EXTERNAL',
      to: `one@${pop.domain}, ONE@${pop.domain}\ntwo@${pop.domain}; buyer-disabled@${pop.domain}`,
    });
    expect(await ours(ext.id)).toEqual(['one:SENT', 'two:SENT']);
    expect(received(`one@${pop.domain}`).filter((m) => m.subject === 'News')).toHaveLength(1);

    const bad = await request(s.h.http)
      .post(api('admin'))
      .set(s.admin.auth)
      .send({ target_group: 'EXTERNAL', to: 'not-an-address', subject: 'x', content: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
  });

  it('preview: the rendered content, the count and a sample, before anything is stored', async () => {
    const before = await s.h.db.query(`SELECT count(*)::int AS n FROM bulk_message`);
    const res = await request(s.h.http).post(api('admin/bulk-messages/preview')).set(s.admin.auth).send({
      target_group: 'HALF_REGISTERED_CHEFS',
      template_type: 'HEALTH_TIP',
      subject: 'Drink water',
      content: 'Water **helps**<script>alert(1)</script>',
    });
    expect(res.status).toBe(200);
    expect(res.body.html).toContain('Health tip: Drink water');
    expect(res.body.html).toContain('<strong>helps</strong>');
    expect(res.body.html).not.toContain('<script');
    expect(res.body.text).toContain('Water helps');
    expect(res.body.recipientCount).toBeGreaterThanOrEqual(1);
    expect(res.body.sample.length).toBeLessThanOrEqual(5);
    expect(await s.h.db.query(`SELECT count(*)::int AS n FROM bulk_message`)).toEqual(before);
  });

  it('every e-mail carries its own unsubscribe link and the RFC 8058 headers; the link verifies', async () => {
    const { id } = await send({ target_group: 'EXTERNAL', to: `links@${pop.domain}` });
    const [mail] = received(`links@${pop.domain}`);
    expect(mail.raw).toMatch(/^List-Unsubscribe:\s+<[^>]*\/services\/publisher\/api\/unsubscribe\?token=/m);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const [row] = await s.h.db.query(`SELECT id FROM bulk_message_recipient WHERE bulk_message_id = $1`, [
      id,
    ]);
    expect(mail.messageId).toBe(`<${row.id}@hearth.mail>`);
    const token = /\/l\/unsubscribe\?token=([^\s"&<]+)/.exec(mail.raw)?.[1];
    expect(token).toBeTruthy();
    const links = s.h.app.get(MailLinksService);
    expect(links.verifyUnsubscribe(decodeURIComponent(token!))).toEqual({
      email: `links@${pop.domain}`,
      scope: { kind: 'all' },
    });
  });

  it('the SMTP server refusing addresses: 550 FAILED with its answer at once, 451 retried and SENT', async () => {
    const { id, view } = await send({
      target_group: 'EXTERNAL',
      to: `bounce-1@${pop.domain}\nflaky-1@${pop.domain}\nfine@${pop.domain}`,
    });
    expect(view.status).toBe('COMPLETED');
    const rows = await recipients(id);
    const by = Object.fromEntries(rows.map((r) => [r.email.split('@')[0], r]));
    expect(by['bounce-1'].state).toBe('FAILED');
    expect(by['bounce-1'].error).toMatch(/550/);
    expect(by['flaky-1'].state).toBe('SENT');
    expect(by['fine'].state).toBe('SENT');
    expect(view.progress).toMatchObject({
      total: 3,
      sent: 2,
      failed: 1,
      skipped: 0,
      pending: 0,
      percent: 100,
    });
    const listed = await request(s.h.http)
      .get(api(`admin/bulk-messages/${id}/recipients`))
      .query({ state: 'FAILED' })
      .set(s.admin.auth);
    expect(listed.body).toEqual([
      expect.objectContaining({ email: `bounce-1@${pop.domain}`, state: 'FAILED', sentAt: null }),
    ]);
    expect(listed.headers['x-total-count']).toBe('1');
  });

  it('2,000 recipients: each address receives exactly one e-mail', async () => {
    const to = Array.from({ length: 2000 }, (_, i) => `bulk-${String(i).padStart(4, '0')}@${pop.domain}`);
    const { id, view } = await send({ target_group: 'EXTERNAL', to: to.join('\n'), subject: 'Two thousand' });
    expect(view.status).toBe('COMPLETED');
    expect(view.progress).toMatchObject({ total: 2000, sent: 2000, pending: 0 });
    const got = s.smtp.received.filter((m) => m.subject === 'Two thousand').flatMap((m) => m.to);
    expect(got.length).toBe(2000);
    expect(new Set(got).size).toBe(2000);
    expect(new Set(got)).toEqual(new Set(to));
    expect((await recipients(id)).every((r) => r.state === 'SENT')).toBe(true);
  });

  it('pause stops sending with rows left PENDING, resume finishes, cancel skips the rest; 409 when not allowed', async () => {
    // A slow send: the worker's rate is high, so pause right after the first e-mails arrive.
    const to = Array.from({ length: 600 }, (_, i) => `pause-${i}@${pop.domain}`);
    const { id } = await sendBulk(s, {
      target_group: 'EXTERNAL',
      to: to.join('\n'),
      subject: 'Pausable',
      content: 'x',
    });
    const paused = await request(s.h.http)
      .post(api(`admin/bulk-messages/${id}/pause`))
      .set(s.admin.auth);
    expect(paused.status).toBe(200);
    expect(paused.body.status).toBe('PAUSED');
    // In-flight sends finish; then nothing moves.
    await new Promise((r) => setTimeout(r, 500));
    const a = await bulkView(s, id);
    await new Promise((r) => setTimeout(r, 700));
    const b = await bulkView(s, id);
    expect(b.progress.sent).toBe(a.progress.sent);
    expect(b.status).toBe('PAUSED');
    expect(
      (
        await request(s.h.http)
          .post(api(`admin/bulk-messages/${id}/pause`))
          .set(s.admin.auth)
      ).status,
    ).toBe(409);

    const resumed = await request(s.h.http)
      .post(api(`admin/bulk-messages/${id}/resume`))
      .set(s.admin.auth);
    expect(resumed.status).toBe(200);
    const done = await finished(s, id);
    expect(done.status).toBe('COMPLETED');
    expect(done.progress.sent).toBe(600);
    const got = s.smtp.received.filter((m) => m.subject === 'Pausable').flatMap((m) => m.to);
    expect(new Set(got).size).toBe(600);
    expect(got.length).toBe(600);
    expect(
      (
        await request(s.h.http)
          .post(api(`admin/bulk-messages/${id}/cancel`))
          .set(s.admin.auth)
      ).status,
    ).toBe(409);

    // Cancel a paused message: what was not sent is SKIPPED ('cancelled'), and stays unsent.
    const other = await sendBulk(s, {
      target_group: 'EXTERNAL',
      to: Array.from({ length: 300 }, (_, i) => `cancel-${i}@${pop.domain}`).join('\n'),
      subject: 'Cancelled',
      content: 'x',
    });
    await request(s.h.http)
      .post(api(`admin/bulk-messages/${other.id}/pause`))
      .set(s.admin.auth);
    await until('the fan-out to stop', async () => {
      const v = await bulkView(s, other.id);
      return v.status === 'PAUSED' ? v : undefined;
    });
    const cancelled = await request(s.h.http)
      .post(api(`admin/bulk-messages/${other.id}/cancel`))
      .set(s.admin.auth);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED');
    const rows = await recipients(other.id);
    expect(rows.filter((r) => r.state === 'PENDING')).toHaveLength(0);
    const sentRows = rows.filter((r) => r.state === 'SENT').length;
    expect(rows.filter((r) => r.state === 'SKIPPED').every((r) => r.error === 'cancelled')).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    const mails = s.smtp.received.filter((m) => m.subject === 'Cancelled');
    expect(mails.length).toBe(sentRows);
  });

  it('history newest first with paging headers; only admins', async () => {
    const res = await request(s.h.http).get(api('admin/bulk-messages')).query({ size: 2 }).set(s.admin.auth);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(2);
    expect(res.headers.link).toContain('rel="next"');
    expect(new Date(res.body[0].createdAt) >= new Date(res.body[1].createdAt)).toBe(true);
    const customer = await s.h.customer();
    expect((await request(s.h.http).get(api('admin/bulk-messages')).set(customer.auth)).status).toBe(403);
    expect((await request(s.h.http).post(api('admin')).send({})).status).toBe(401);
  });

  it('the pickers: users by e-mail or name, items by name', async () => {
    const users = await request(s.h.http)
      .get(api('admin/bulk-messages/users'))
      .query({ query: `follower@${pop.domain}` })
      .set(s.admin.auth);
    expect(users.body).toEqual([{ id: pop.follower.id, name: 'follower', email: `follower@${pop.domain}` }]);
    const items = await request(s.h.http)
      .get(api('admin/bulk-messages/items'))
      .query({ query: 'zzz-none' })
      .set(s.admin.auth);
    expect(items.status).toBe(200);
    expect(items.body).toEqual([]);
  });
});
