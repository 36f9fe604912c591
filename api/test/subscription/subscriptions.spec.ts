import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublisherStatus } from '@hearth/shared';
import { startHarness, type Harness } from '../setup/harness.js';
import { API, expiredConfirmToken, links, mailsTo, tokenIn, uniqueEmail } from './subscription-kit.js';

describe('subscriptions: following kitchens, guests with double opt-in, chefs and admins', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  const statusOf = async (publisherId: string, email: string) =>
    (
      (await h.db.query(`SELECT status FROM subscription WHERE publisher_id = $1 AND email = $2`, [
        publisherId,
        email.toLowerCase(),
      ])) as Array<{ status: string }>
    )[0]?.status;

  it('a customer follows and unfollows a kitchen, idempotently, and lists what they follow', async () => {
    const chef = await h.chef();
    const customer = await h.customer();
    const follow = () =>
      request(h.http).post(`${API}/subscriptions/subscribe/consumer/${chef.publisher.id}`).set(customer.auth);
    await follow().expect(204);
    await follow().expect(204);
    const list = await request(h.http)
      .get(`${API}/subscriptions/subscribed/consumer/list`)
      .set(customer.auth)
      .expect(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      publisherId: chef.publisher.id,
      kitchenName: chef.publisher.kitchenName,
      email: customer.consumer.userEmail!.toLowerCase(),
      consumerId: customer.consumer.id,
      status: 'SUBSCRIBED',
    });
    expect(list.body[0].confirmedAt).not.toBeNull();
    // No e-mail: a signed-in customer needs no opt-in.
    expect(await mailsTo(h.db, customer.consumer.userEmail!.toLowerCase())).toEqual([]);

    const unfollow = () =>
      request(h.http)
        .post(`${API}/subscriptions/unsubscribe/consumer/${chef.publisher.id}`)
        .set(customer.auth);
    await unfollow().expect(204);
    await unfollow().expect(204);
    expect(
      (await request(h.http).get(`${API}/subscriptions/subscribed/consumer/list`).set(customer.auth)).body,
    ).toEqual([]);
    const all = await request(h.http).get(`${API}/subscriptions`).set(customer.auth).expect(200);
    expect(all.body.map((s: { status: string }) => s.status)).toEqual(['UNSUBSCRIBED']);
    await follow().expect(204);
    expect(await statusOf(chef.publisher.id, customer.consumer.userEmail!)).toBe('SUBSCRIBED');
  });

  it('refuses unknown and blocked kitchens, and anonymous callers', async () => {
    const customer = await h.customer();
    const blocked = await h.chef({ status: PublisherStatus.BLOCKED });
    await request(h.http)
      .post(`${API}/subscriptions/subscribe/consumer/${blocked.publisher.id}`)
      .set(customer.auth)
      .expect(404);
    await request(h.http)
      .post(`${API}/subscriptions/subscribe/consumer/00000000-0000-4000-8000-000000000000`)
      .set(customer.auth)
      .expect(404);
    await request(h.http)
      .post(`${API}/subscriptions/subscribe/consumer/not-a-uuid`)
      .set(customer.auth)
      .expect(404);
    await request(h.http).post(`${API}/subscriptions/subscribe/consumer/${blocked.publisher.id}`).expect(401);
    const none = await h.db.query(`SELECT 1 FROM subscription WHERE publisher_id = $1`, [
      blocked.publisher.id,
    ]);
    expect(none).toEqual([]);
  });

  it('a guest gets only a confirmation e-mail, at most one per 10 minutes, and the same answer every time', async () => {
    const chef = await h.chef();
    const email = uniqueEmail('Guest');
    const ask = (address = email) =>
      request(h.http)
        .post(`${API}/subscriptions/subscribe/guest`)
        .send({ email: address, publisherId: chef.publisher.id })
        .expect(202);
    const first = await ask();
    expect(first.body).toEqual({ message: 'Check your inbox to confirm.' });
    expect(await statusOf(chef.publisher.id, email)).toBe('PENDING');
    const again = await ask(email.toUpperCase());
    expect(again.body).toEqual(first.body);
    const mails = await mailsTo(h.db, email.toLowerCase());
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Confirm your subscription to Hearth');
    expect(mails[0].text).toContain(`${chef.publisher.kitchenName}'s news`);
    // After the quiet period, asking again re-sends the confirmation.
    await h.db.query(
      `UPDATE subscription SET updated_at = now() - interval '11 minutes' WHERE publisher_id = $1 AND email = $2`,
      [chef.publisher.id, email.toLowerCase()],
    );
    await ask();
    expect(await mailsTo(h.db, email.toLowerCase())).toHaveLength(2);
    // Nothing goes to a PENDING guest: the CHEF_NEWS audience counts only SUBSCRIBED rows.
    expect(await statusOf(chef.publisher.id, email)).toBe('PENDING');
  });

  it('an already subscribed address gets no e-mail but the same answer', async () => {
    const chef = await h.chef();
    const customer = await h.customer();
    await request(h.http)
      .post(`${API}/subscriptions/subscribe/consumer/${chef.publisher.id}`)
      .set(customer.auth)
      .expect(204);
    const res = await request(h.http)
      .post(`${API}/subscriptions/subscribe/guest`)
      .send({ email: customer.consumer.userEmail, publisherId: chef.publisher.id })
      .expect(202);
    expect(res.body).toEqual({ message: 'Check your inbox to confirm.' });
    expect(await mailsTo(h.db, customer.consumer.userEmail!.toLowerCase())).toEqual([]);
  });

  it('the confirmation link shows, confirms once, and refuses forged and expired tokens', async () => {
    const chef = await h.chef();
    const email = uniqueEmail('confirm');
    await request(h.http)
      .post(`${API}/subscriptions/subscribe/guest`)
      .send({ email, publisherId: chef.publisher.id })
      .expect(202);
    const [mail] = await mailsTo(h.db, email);
    const token = tokenIn(mail.text, '/l/subscriptions/confirm');
    expect(mail.html).toContain('/l/subscriptions/confirm?token=');

    const preview = await request(h.http).get(`${API}/subscriptions/confirm`).query({ token }).expect(200);
    expect(preview.body).toMatchObject({
      kind: 'chef',
      email,
      status: 'PENDING',
      publisherId: chef.publisher.id,
    });
    expect(await statusOf(chef.publisher.id, email)).toBe('PENDING');

    const forged = `${token.slice(0, -3)}${token.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`;
    const bad = await request(h.http)
      .post(`${API}/subscriptions/confirm`)
      .query({ token: forged })
      .expect(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(bad.body.detail).toBe(
      'This confirmation link is not valid or has expired. Subscribe again to get a new one.',
    );
    const [row] = (await h.db.query(`SELECT id FROM subscription WHERE publisher_id = $1 AND email = $2`, [
      chef.publisher.id,
      email,
    ])) as Array<{ id: string }>;
    await request(h.http)
      .post(`${API}/subscriptions/confirm`)
      .query({ token: expiredConfirmToken(h, 'chef', row.id) })
      .expect(400);
    expect(await statusOf(chef.publisher.id, email)).toBe('PENDING');

    const done = await request(h.http).post(`${API}/subscriptions/confirm`).query({ token }).expect(200);
    expect(done.body.status).toBe('SUBSCRIBED');
    const [{ confirmed_at }] = await h.db.query(`SELECT confirmed_at FROM subscription WHERE id = $1`, [
      row.id,
    ]);
    expect(confirmed_at).not.toBeNull();
    // Twice: no change.
    await request(h.http).post(`${API}/subscriptions/confirm`).query({ token }).expect(200);
    // Unsubscribed since: the old link does not subscribe them again.
    const unsub = links(h).unsubscribeToken(email, { kind: 'chef', publisherId: chef.publisher.id });
    await request(h.http).post(`${API}/unsubscribe`).query({ token: unsub }).expect(200);
    await request(h.http).post(`${API}/subscriptions/confirm`).query({ token }).expect(409);
    expect(await statusOf(chef.publisher.id, email)).toBe('UNSUBSCRIBED');
  });

  it('validates guest requests', async () => {
    const chef = await h.chef();
    await request(h.http)
      .post(`${API}/subscriptions/subscribe/guest`)
      .send({ email: 'not-an-address', publisherId: chef.publisher.id })
      .expect(400);
    await request(h.http)
      .post(`${API}/subscriptions/subscribe/guest`)
      .send({ email: uniqueEmail('x'), publisherId: '00000000-0000-4000-8000-000000000000' })
      .expect(404);
    await request(h.http).get(`${API}/subscriptions/confirm`).expect(400);
  });

  it('a chef sees only their own SUBSCRIBED subscribers, guests masked, paged with X-Total-Count', async () => {
    const chefA = await h.chef();
    const chefB = await h.chef();
    const customers = [await h.customer({ name: 'Ada Lovelace' }), await h.customer(), await h.customer()];
    for (const c of customers)
      await request(h.http)
        .post(`${API}/subscriptions/subscribe/consumer/${chefA.publisher.id}`)
        .set(c.auth)
        .expect(204);
    await request(h.http)
      .post(`${API}/subscriptions/unsubscribe/consumer/${chefA.publisher.id}`)
      .set(customers[2].auth)
      .expect(204);
    await request(h.http)
      .post(`${API}/subscriptions/subscribe/consumer/${chefB.publisher.id}`)
      .set(customers[0].auth)
      .expect(204);
    const guest = uniqueEmail('casey');
    await h.db.query(
      `INSERT INTO subscription (publisher_id, email, status, confirmed_at) VALUES ($1, $2, 'SUBSCRIBED', now() - interval '1 day'), ($1, $3, 'PENDING', NULL)`,
      [chefA.publisher.id, guest, uniqueEmail('pending')],
    );

    const page0 = await request(h.http)
      .get(`${API}/subscriptions/subscribed/publisher/list`)
      .query({ page: 0, size: 2 })
      .set(chefA.auth)
      .expect(200);
    expect(page0.headers['x-total-count']).toBe('3');
    expect(page0.body).toHaveLength(2);
    const page1 = await request(h.http)
      .get(`${API}/subscriptions/subscribed/publisher/list`)
      .query({ page: 1, size: 2 })
      .set(chefA.auth)
      .expect(200);
    const all = [...page0.body, ...page1.body];
    expect(all.map((s: { customer: boolean }) => s.customer).sort()).toEqual([false, true, true]);
    expect(all.find((s: { customer: boolean }) => !s.customer)).toMatchObject({
      name: null,
      email: `c***${guest.split('@')[0].slice(-1)}@example.test`,
    });
    expect(all.some((s: { name: string | null }) => s.name === 'Ada Lovelace')).toBe(true);

    const b = await request(h.http)
      .get(`${API}/subscriptions/subscribed/publisher/list`)
      .set(chefB.auth)
      .expect(200);
    expect(b.headers['x-total-count']).toBe('1');
    await request(h.http)
      .get(`${API}/subscriptions/subscribed/publisher/list`)
      .set(customers[1].auth)
      .expect(403);
  });

  it('admins list all, subscribed and unsubscribed, by kitchen and address', async () => {
    const admin = await h.admin();
    const chef = await h.chef();
    const [a, b] = [uniqueEmail('adm-a'), uniqueEmail('adm-b')];
    await h.db.query(
      `INSERT INTO subscription (publisher_id, email, status, confirmed_at, unsubscribed_at)
       VALUES ($1, $2, 'SUBSCRIBED', now(), NULL), ($1, $3, 'UNSUBSCRIBED', now(), now())`,
      [chef.publisher.id, a, b],
    );
    const list = (path: string, query: Record<string, string> = {}) =>
      request(h.http)
        .get(`${API}/subscriptions/${path}`)
        .query({ publisherId: chef.publisher.id, ...query })
        .set(admin.auth)
        .expect(200);
    const all = await list('admin/all');
    expect(all.headers['x-total-count']).toBe('2');
    expect((await list('admin/subscribed/all')).body.map((s: { email: string }) => s.email)).toEqual([a]);
    expect((await list('admin/unsubscribed/all')).body.map((s: { email: string }) => s.email)).toEqual([b]);
    expect((await list('admin/all', { email: 'ADM-B' })).body.map((s: { email: string }) => s.email)).toEqual(
      [b],
    );
    await request(h.http).get(`${API}/subscriptions/admin/all`).set(chef.auth).expect(403);
  });
});
