import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { API } from '../order/helpers.js';

type Entry = {
  action: string;
  actorConsumerId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  targetType: string;
  targetId: string | null;
  createdAt: string;
  requestId: string | null;
};

/*
 * The audit trail reader (issue 18 part 9): GET admin/audit-log narrowed by actor (id or e-mail), action
 * (exact or prefix), target and days, with the actor's name and e-mail; GET admin/audit-log/actions. The rows
 * are this file's own: their actions start with a prefix no other suite uses.
 */
describe('the audit trail reader', () => {
  let h: Harness;
  let ann: TestActor;
  let bob: TestActor;
  const ns = `reader${randomUUID().slice(0, 8)}`;

  async function row(actor: TestActor, action: string, targetId: string, at: string) {
    await h.db.query(
      `INSERT INTO audit_log (actor_consumer_id, actor_role, action, target_type, target_id, before, after, request_id, created_at)
       VALUES ($1, 'ROLE_ADMIN', $2, 'publisher', $3, '{"status":"PENDING"}', '{"status":"APPROVED"}', $4, $5)`,
      [actor.consumer.id, action, targetId, `req-${action}-${targetId}`, at],
    );
  }

  const list = async (query: Record<string, string>, headers: Record<string, string> = {}) => {
    const res = await request(h.http)
      .get(`${API}/admin/audit-log`)
      .query({ size: '50', ...query })
      .set({ ...ann.auth, ...headers })
      .expect(200);
    return { entries: res.body as Entry[], total: Number(res.headers['x-total-count']) };
  };
  const actions = (entries: Entry[]) => entries.map((e) => `${e.action}@${e.targetId}`);

  beforeAll(async () => {
    h = await startHarness();
    ann = await h.admin();
    bob = await h.admin();
    await h.db.query(`UPDATE consumer SET name = 'Ann Admin', user_email = $2 WHERE id = $1`, [
      ann.consumer.id,
      `Ann.${ns}@example.test`,
    ]);
    await row(ann, `${ns}.approve`, 'k1', '2035-01-10T12:00:00Z');
    await row(bob, `${ns}.approve`, 'k2', '2035-01-11T23:30:00Z');
    await row(ann, `${ns}.block`, 'k1', '2035-01-12T12:00:00Z');
    await row(bob, `${ns}x.other`, 'k3', '2035-01-13T12:00:00Z');
  });
  afterAll(() => h?.close());

  it('narrows by action, exact or by prefix (a final "." or "*"), newest first with the actor named', async () => {
    const exact = await list({ action: `${ns}.approve` });
    expect(actions(exact.entries)).toEqual([`${ns}.approve@k2`, `${ns}.approve@k1`]);
    expect(exact.total).toBe(2);
    expect(exact.entries[1]).toMatchObject({
      actorConsumerId: ann.consumer.id,
      actorName: 'Ann Admin',
      actorEmail: `Ann.${ns}@example.test`,
      requestId: `req-${ns}.approve-k1`,
    });
    const prefix = await list({ action: `${ns}.` });
    expect(actions(prefix.entries)).toEqual([`${ns}.block@k1`, `${ns}.approve@k2`, `${ns}.approve@k1`]);
    const star = await list({ action: `${ns}*` });
    expect(star.total).toBe(4);
    // LIKE's wildcards are taken literally: "_" is not "any character".
    expect((await list({ action: `${ns.slice(0, -1)}_.` })).total).toBe(0);
  });

  it('narrows by actor id or e-mail (any case), and an unknown e-mail finds nothing', async () => {
    const byId = await list({ actor: bob.consumer.id, action: `${ns}*` });
    expect(actions(byId.entries)).toEqual([`${ns}x.other@k3`, `${ns}.approve@k2`]);
    const byMail = await list({ actor: `ann.${ns}@EXAMPLE.test`, action: `${ns}*` });
    expect(actions(byMail.entries)).toEqual([`${ns}.block@k1`, `${ns}.approve@k1`]);
    expect((await list({ actor: `nobody.${ns}@example.test` })).total).toBe(0);
  });

  it('narrows by target type and id', async () => {
    const k1 = await list({ targetType: 'publisher', targetId: 'k1', action: `${ns}*` });
    expect(actions(k1.entries)).toEqual([`${ns}.block@k1`, `${ns}.approve@k1`]);
    expect((await list({ targetType: 'order-date', action: `${ns}*` })).total).toBe(0);
  });

  it('narrows by days, both included, in the caller’s time zone', async () => {
    const utc = await list({ action: `${ns}*`, from: '2035-01-11', to: '2035-01-12' });
    expect(actions(utc.entries)).toEqual([`${ns}.block@k1`, `${ns}.approve@k2`]);
    // 2035-01-11 23:30 UTC is already the 12th in Kolkata (UTC+5:30).
    const kolkata = await list(
      { action: `${ns}*`, from: '2035-01-12', to: '2035-01-12' },
      { 'X-Time-Zone': 'Asia/Kolkata' },
    );
    expect(actions(kolkata.entries)).toEqual([`${ns}.block@k1`, `${ns}.approve@k2`]);
    expect((await list({ action: `${ns}*`, from: '2035-01-13' })).total).toBe(1);
    expect((await list({ action: `${ns}*`, to: '2035-01-10' })).total).toBe(1);
  });

  it('refuses bad filters with a field error each', async () => {
    const res = await request(h.http)
      .get(`${API}/admin/audit-log`)
      .query({ actor: 'not an id', action: 'a b', from: '2035-13-01' })
      .set(ann.auth)
      .expect(400);
    expect(res.body.fieldErrors.map((e: { field: string }) => e.field).sort()).toEqual([
      'action',
      'actor',
      'from',
    ]);
    expect(res.body.fieldErrors).toContainEqual({
      field: 'actor',
      message: 'actor must be an account id or an e-mail address',
    });
  });

  it('lists the actions present with their counts', async () => {
    const res = await request(h.http).get(`${API}/admin/audit-log/actions`).set(ann.auth).expect(200);
    const ours = (res.body as Array<{ action: string; count: number }>).filter((a) =>
      a.action.startsWith(ns),
    );
    expect(ours).toEqual([
      { action: `${ns}.approve`, count: 2 },
      { action: `${ns}.block`, count: 1 },
      { action: `${ns}x.other`, count: 1 },
    ]);
  });

  it('is for admins only', async () => {
    const customer = await h.customer();
    const chef = await h.chef();
    for (const path of ['admin/audit-log', 'admin/audit-log/actions']) {
      await request(h.http).get(`${API}/${path}`).expect(401);
      await request(h.http).get(`${API}/${path}`).set(customer.auth).expect(403);
      await request(h.http).get(`${API}/${path}`).set(chef.auth).expect(403);
    }
    // Even when the filter names the caller: a customer cannot read their own rows this way.
    await request(h.http)
      .get(`${API}/admin/audit-log`)
      .query({ actor: customer.consumer.id })
      .set(customer.auth)
      .expect(403);
  });
});
