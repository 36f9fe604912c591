import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BulkMessageKind } from '@hearth/shared';
import { chefIn, newItem } from '../menu/catalog-kit.js';
import { daysFromNow, uniqueEmail } from '../subscription/subscription-kit.js';
import { api, finished, startBulkStack, type BulkStack } from './bulk-worker.js';

/*
 * The whole path of a chef's news, across the subscription module and the bulk sender: customers follow a
 * kitchen, the chef publishes a menu, the worker fans the news out to the followers who are subscribed and
 * the SMTP server receives it with a one-click unsubscribe that works.
 */
describe("a chef's news reaches the kitchen's followers", () => {
  let s: BulkStack;
  beforeAll(async () => {
    s = await startBulkStack();
  });
  afterAll(() => s?.close());

  it('follow → publish → one e-mail per subscribed follower → one-click unsubscribe stops the next', async () => {
    const h = s.h;
    const chef = await chefIn(h);
    const follower = await h.customer({ name: 'Fern Follower' });
    const leaver = await h.customer({ name: 'Lee Leaver' });
    for (const c of [follower, leaver])
      await request(h.http)
        .post(api(`subscriptions/subscribe/consumer/${chef.publisher.id}`))
        .set(c.auth)
        .expect(204);
    await request(h.http)
      .post(api(`subscriptions/unsubscribe/consumer/${chef.publisher.id}`))
      .set(leaver.auth)
      .expect(204);
    // A guest who never confirmed gets nothing but the confirmation.
    const guest = uniqueEmail('unconfirmed');
    await request(h.http)
      .post(api('subscriptions/subscribe/guest'))
      .send({ email: guest, publisherId: chef.publisher.id })
      .expect(202);

    const publish = async (name: string, date: string) => {
      const item = await newItem(h, chef);
      const menu = await request(h.http)
        .post(api('menu'))
        .set(chef.auth)
        .send({ name, deliveryZipCodes: ['07302'], items: [item.id], deliveryDate: date })
        .expect(201);
      await request(h.http)
        .post(api(`menu/${menu.body.id}/publish`))
        .set(chef.auth)
        .expect(200);
    };
    await publish('Sunday roast', daysFromNow(3));

    const [news] = (await h.db.query(`SELECT id FROM bulk_message WHERE publisher_id = $1 AND kind = $2`, [
      chef.publisher.id,
      BulkMessageKind.CHEF_NEWS,
    ])) as Array<{ id: string }>;
    const done = await finished(s, news.id);
    expect(done.status).toBe('COMPLETED');
    expect(done.progress).toMatchObject({ total: 1, sent: 1, failed: 0, skipped: 0 });

    const followerEmail = follower.consumer.userEmail!.toLowerCase();
    const received = s.smtp.received.filter(
      (m) => m.subject === `${chef.publisher.kitchenName} has a new menu`,
    );
    expect(received.map((m) => m.to)).toEqual([[followerEmail]]);
    expect(received[0].raw).toContain('Sunday roast');
    expect(s.smtp.received.some((m) => m.to.includes(leaver.consumer.userEmail!.toLowerCase()))).toBe(false);
    expect(
      s.smtp.received.filter((m) => m.to.includes(guest)).every((m) => !m.subject.includes('new menu')),
    ).toBe(true);

    // The follower's mail client unsubscribes with one click (RFC 8058): no cookie, only the form field.
    const headers = received[0].raw.replace(/\r?\n[ \t]+/g, ' ');
    const oneClick = /^List-Unsubscribe: <([^>]+)>/im.exec(headers)?.[1];
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    const target = new URL(oneClick!);
    await request(h.http)
      .post(target.pathname + target.search)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect((res) => expect(res.status).toBeLessThan(300));
    const [row] = await h.db.query(`SELECT status FROM subscription WHERE publisher_id = $1 AND email = $2`, [
      chef.publisher.id,
      followerEmail,
    ]);
    expect(row.status).toBe('UNSUBSCRIBED');

    // A day later the chef publishes again: nobody is subscribed, so nothing more is sent.
    await h.db.query(
      `UPDATE subscriber_news SET last_sent_at = now() - interval '25 hours' WHERE publisher_id = $1`,
      [chef.publisher.id],
    );
    const before = s.smtp.received.length;
    await publish('Monday curry', daysFromNow(4));
    const later = (await h.db.query(`SELECT id FROM bulk_message WHERE publisher_id = $1 AND kind = $2`, [
      chef.publisher.id,
      BulkMessageKind.CHEF_NEWS,
    ])) as Array<{ id: string }>;
    for (const m of later) await finished(s, m.id);
    expect(s.smtp.received.slice(before).filter((m) => m.to.includes(followerEmail))).toEqual([]);
  });
});
