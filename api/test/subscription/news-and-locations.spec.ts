import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BulkMessageKind, PublisherStatus } from '@hearth/shared';
import { QUEUES } from '../../src/queue/queues.js';
import { AudienceRegistry } from '../../src/modules/messaging/audience.registry.js';
import { ChefNewsService } from '../../src/modules/subscription/chef-news.service.js';
import { chefIn, newItem, type Chef } from '../menu/catalog-kit.js';
import { startHarness, type Harness } from '../setup/harness.js';
import { API, daysFromNow, mailsTo, tokenIn, uniqueEmail } from './subscription-kit.js';

describe("chefs' news to their subscribers, and location checks told once", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  const publish = async (chef: Chef, name: string, dates: string[]) => {
    const item = await newItem(h, chef);
    const menu = await request(h.http)
      .post(`${API}/menu`)
      .set(chef.auth)
      .send({ name, deliveryZipCodes: ['07302'], items: [item.id], deliveryDate: dates[0] })
      .expect(201);
    await request(h.http).post(`${API}/menu/${menu.body.id}/publish`).set(chef.auth).expect(200);
    return menu.body.id as string;
  };
  const newsOf = async (publisherId: string) =>
    (await h.db.query(
      `SELECT id, subject, text, html, content FROM bulk_message WHERE publisher_id = $1 AND kind = $2 ORDER BY created_at`,
      [publisherId, BulkMessageKind.CHEF_NEWS],
    )) as Array<{ id: string; subject: string; text: string; html: string; content: string }>;

  it('a published menu becomes ONE CHEF_NEWS bulk message a day, to SUBSCRIBED subscribers only', async () => {
    const chef = await chefIn(h);
    const [follower, leaver] = [await h.customer({ name: 'Follower' }), await h.customer()];
    for (const c of [follower, leaver])
      await request(h.http)
        .post(`${API}/subscriptions/subscribe/consumer/${chef.publisher.id}`)
        .set(c.auth)
        .expect(204);
    await request(h.http)
      .post(`${API}/subscriptions/unsubscribe/consumer/${chef.publisher.id}`)
      .set(leaver.auth)
      .expect(204);
    const pendingGuest = uniqueEmail('pending');
    await request(h.http)
      .post(`${API}/subscriptions/subscribe/guest`)
      .send({ email: pendingGuest, publisherId: chef.publisher.id })
      .expect(202);

    const date = daysFromNow(3);
    await publish(chef, 'Sunday roast', [date]);
    const news = await newsOf(chef.publisher.id);
    expect(news).toHaveLength(1);
    expect(news[0].subject).toBe(`${chef.publisher.kitchenName} has a new menu`);
    expect(news[0].text).toContain('Sunday roast');
    expect(news[0].text).toContain(date);
    expect(news[0].text).toContain(`/kitchen/${chef.publisher.id}`);
    expect(news[0].html).toContain(`/kitchen/${chef.publisher.id}`);

    const message = {
      id: news[0].id,
      kind: BulkMessageKind.CHEF_NEWS,
      targetGroup: null,
      publisherId: chef.publisher.id,
      toAddress: null,
    };
    const audience = h.app.get(AudienceRegistry).for(message);
    expect(await audience.count(message)).toBe(1);
    expect(await audience.page(message, null, 10)).toEqual([
      {
        email: follower.consumer.userEmail!.toLowerCase(),
        name: 'Follower',
        consumerId: follower.consumer.id,
      },
    ]);
    expect(await audience.page(message, follower.consumer.userEmail!.toLowerCase(), 10)).toEqual([]);
    const queue = h.app.get<Queue>(getQueueToken(QUEUES.BULK_MESSAGES));
    expect(await queue.getJob(`fanout-${news[0].id}`)).toBeTruthy();

    // A second menu the same day: no second e-mail.
    await publish(chef, 'Monday curry', [daysFromNow(4)]);
    expect(await newsOf(chef.publisher.id)).toHaveLength(1);
    // A day later, new dates on a published menu are news again.
    await h.db.query(
      `UPDATE subscriber_news SET last_sent_at = now() - interval '25 hours' WHERE publisher_id = $1`,
      [chef.publisher.id],
    );
    await publish(chef, 'Tuesday tacos', [daysFromNow(5)]);
    const after = await newsOf(chef.publisher.id);
    expect(after).toHaveLength(2);
    const [gate] = await h.db.query(
      `SELECT last_bulk_message_id FROM subscriber_news WHERE publisher_id = $1`,
      [chef.publisher.id],
    );
    expect(gate.last_bulk_message_id).toBe(after[1].id);
  });

  it('two menus published at the same moment make one e-mail', async () => {
    const chef = await chefIn(h);
    const fan = await h.customer();
    await request(h.http)
      .post(`${API}/subscriptions/subscribe/consumer/${chef.publisher.id}`)
      .set(fan.auth)
      .expect(204);
    const news = h.app.get(ChefNewsService);
    const ids = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        news.menuNews({ publisherId: chef.publisher.id, menuName: `Menu ${i}`, dates: [daysFromNow(3)] }),
      ),
    );
    expect(ids.filter(Boolean)).toHaveLength(1);
    expect(await newsOf(chef.publisher.id)).toHaveLength(1);
  });

  it('a chef with no subscribers sends nothing and keeps the day', async () => {
    const chef = await chefIn(h);
    await publish(chef, 'Quiet menu', [daysFromNow(3)]);
    expect(await newsOf(chef.publisher.id)).toEqual([]);
    expect(
      await h.db.query(`SELECT 1 FROM subscriber_news WHERE publisher_id = $1`, [chef.publisher.id]),
    ).toEqual([]);
  });

  const askAndConfirm = async (email: string, zipcode: string, country = 'US') => {
    await request(h.http).post(`${API}/subscriptions/location`).send({ email, zipcode, country }).expect(202);
    const [mail] = await mailsTo(h.db, email);
    const token = tokenIn(mail.text, '/l/subscriptions/confirm');
    const res = await request(h.http).post(`${API}/subscriptions/confirm`).query({ token }).expect(200);
    expect(res.body).toMatchObject({
      kind: 'location',
      zipcode: zipcode.toUpperCase(),
      status: 'SUBSCRIBED',
    });
  };
  const zip = () => `9${Math.floor(1000 + Math.random() * 8999)}`;

  it('a confirmed location check is told once when a chef starts delivering to its zip', async () => {
    const [z, email, pending] = [zip(), uniqueEmail('loc'), uniqueEmail('loc-pending')];
    await askAndConfirm(email, z);
    await request(h.http)
      .post(`${API}/subscriptions/location`)
      .send({ email: pending, zipcode: z, country: 'United States' })
      .expect(202);
    expect(await mailsTo(h.db, email)).toHaveLength(1); // the confirmation only

    const chef = await chefIn(h);
    const save = (zips: string[]) =>
      request(h.http)
        .post(`${API}/settings/save-settings`)
        .set(chef.auth)
        .send({ ZIPCODES: zips })
        .expect(200);
    await save(['07302', z]);
    const mails = await mailsTo(h.db, email);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe(`Chefs deliver to ${z} now`);
    expect(mails[1].text).toContain(chef.publisher.kitchenName);
    expect(mails[1].text).toContain('/l/unsubscribe?token=');
    // A mail client's one-click unsubscribe (RFC 8058) for the same location check.
    expect(mails[1].headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        /^<http.*\/services\/publisher\/api\/unsubscribe\?token=.+>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // The PENDING one is not told; saving again tells nobody twice; another chef there neither.
    expect(await mailsTo(h.db, pending)).toHaveLength(1);
    await save([z]);
    const other = await chefIn(h);
    await request(h.http)
      .post(`${API}/settings/save-settings`)
      .set(other.auth)
      .send({ ZIPCODES: [z] })
      .expect(200);
    expect(await mailsTo(h.db, email)).toHaveLength(2);
    const [row] = await h.db.query(
      `SELECT notified_at, notified_publisher_id FROM location_subscription WHERE email = $1`,
      [email],
    );
    expect(row.notified_publisher_id).toBe(chef.publisher.id);
    // Its unsubscribe link ends that location check.
    const token = tokenIn(mails[1].text, '/l/unsubscribe');
    const res = await request(h.http).post(`${API}/unsubscribe`).query({ token }).expect(200);
    expect(res.body).toMatchObject({ scope: 'location', zipcode: z, unsubscribed: true });
  });

  it('an approved kitchen tells the checks of its zips (mail queued after the commit); confirming where one delivers tells at once', async () => {
    const [z, email] = [zip(), uniqueEmail('approve')];
    await askAndConfirm(email, z);
    const owner = await h.customer();
    const pending = await h.chef({ status: PublisherStatus.PENDING, consumerId: owner.consumer.id });
    await h.db.query(`INSERT INTO chef_setting (publisher_id, key, value) VALUES ($1, 'ZIPCODES', $2)`, [
      pending.publisher.id,
      JSON.stringify([z]),
    ]);
    expect(await mailsTo(h.db, email)).toHaveLength(1);
    const admin = await h.admin();
    await request(h.http)
      .post(`${API}/publisher/approve`)
      .set(admin.auth)
      .send({ publisherId: pending.publisher.id })
      .expect(200);
    const mails = await mailsTo(h.db, email);
    expect(mails).toHaveLength(2);
    const mailQueue = h.app.get<Queue>(getQueueToken(QUEUES.MAIL));
    expect(await mailQueue.getJob(mails[1].id)).toBeTruthy();

    // Someone asking later for a zip that is already served hears at once.
    const late = uniqueEmail('late');
    await askAndConfirm(late, z.toLowerCase(), 'united states');
    const lateMails = await mailsTo(h.db, late);
    expect(lateMails.map((m) => m.subject)).toEqual([
      'Confirm your subscription to Hearth',
      `Chefs deliver to ${z} now`,
    ]);
  });

  it('validates location checks', async () => {
    await request(h.http)
      .post(`${API}/subscriptions/location`)
      .send({ email: uniqueEmail('v'), zipcode: '07302', country: 'Narnia' })
      .expect(400);
    await request(h.http)
      .post(`${API}/subscriptions/location`)
      .send({ email: uniqueEmail('v'), zipcode: '<script>', country: 'US' })
      .expect(400);
  });
});
