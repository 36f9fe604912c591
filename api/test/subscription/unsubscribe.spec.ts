import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../setup/harness.js';
import { API, links, uniqueEmail, unsubscribeToken } from './subscription-kit.js';

describe('unsubscribe: the signed link, one-click, forged tokens and other addresses', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  const suppressed = async (email: string) =>
    (
      (await h.db.query(`SELECT source FROM email_suppression WHERE email = $1`, [email])) as Array<{
        source: string;
      }>
    )[0]?.source ?? null;

  it('GET shows what the link unsubscribes from and changes nothing; POST does it; resubscribe undoes it', async () => {
    const email = uniqueEmail('all');
    const token = unsubscribeToken(h, email, { kind: 'all' });
    const shown = await request(h.http).get(`${API}/unsubscribe`).query({ token }).expect(200);
    expect(shown.body).toEqual({
      email,
      scope: 'all',
      label: 'Hearth announcements and kitchen news',
      publisherId: null,
      kitchenName: null,
      zipcode: null,
      unsubscribed: false,
    });
    expect(await suppressed(email)).toBeNull();

    const done = await request(h.http).post(`${API}/unsubscribe`).query({ token }).expect(200);
    expect(done.body.unsubscribed).toBe(true);
    expect(await suppressed(email)).toBe('LINK');
    // Twice: no change.
    await request(h.http).post(`${API}/unsubscribe`).query({ token }).expect(200);

    const back = await request(h.http).post(`${API}/unsubscribe/resubscribe`).query({ token }).expect(200);
    expect(back.body.unsubscribed).toBe(false);
    expect(await suppressed(email)).toBeNull();
  });

  it('RFC 8058 one-click: a form-encoded POST without cookies or Origin, as a mail provider sends it', async () => {
    const email = uniqueEmail('oneclick');
    const url = new URL(links(h).oneClickUrl(email, { kind: 'all' }));
    expect(url.pathname).toBe(`${API}/unsubscribe`);
    await request(h.http)
      .post(`${url.pathname}${url.search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(await suppressed(email)).toBe('ONE_CLICK');
    const headers = links(h).listUnsubscribeHeaders(email, { kind: 'all' });
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['List-Unsubscribe']).toBe(`<${url.toString()}>`);
  });

  it('refuses a forged or altered token and an e-mail that is not the token’s, changing nothing', async () => {
    const victim = uniqueEmail('victim');
    const attacker = uniqueEmail('attacker');
    const token = unsubscribeToken(h, attacker, { kind: 'all' });
    const [body, mac] = token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    claims.s = JSON.stringify({ email: victim, scope: { kind: 'all' } });
    const altered = `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${mac}`;
    for (const bad of [altered, 'garbage', `${body}.AAAA`]) {
      const res = await request(h.http).post(`${API}/unsubscribe`).query({ token: bad }).expect(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body.detail).toBe(
        'This unsubscribe link is not valid. Open the link from your e-mail exactly as it was sent.',
      );
      await request(h.http).get(`${API}/unsubscribe`).query({ token: bad }).expect(400);
    }
    // spec unsubscribe?email: another address with a valid token is refused.
    const other = await request(h.http)
      .post(`${API}/unsubscribe`)
      .query({ token, email: victim })
      .expect(400);
    expect(other.body.detail).toBe(
      'This unsubscribe link belongs to another e-mail address. Nothing was changed.',
    );
    await request(h.http).post(`${API}/unsubscribe`).expect(400);
    expect(await suppressed(victim)).toBeNull();
    expect(await suppressed(attacker)).toBeNull();
    // The token's own address (any case) works.
    await request(h.http)
      .post(`${API}/unsubscribe`)
      .query({ token, email: attacker.toUpperCase() })
      .expect(200);
    expect(await suppressed(attacker)).toBe('LINK');
  });

  it("scope chef ends that kitchen's subscription only; resubscribe restores it", async () => {
    const [chefA, chefB] = [await h.chef(), await h.chef()];
    const customer = await h.customer();
    const email = customer.consumer.userEmail!.toLowerCase();
    for (const chef of [chefA, chefB])
      await request(h.http)
        .post(`${API}/subscriptions/subscribe/consumer/${chef.publisher.id}`)
        .set(customer.auth)
        .expect(204);
    const token = unsubscribeToken(h, email, { kind: 'chef', publisherId: chefA.publisher.id });
    const shown = await request(h.http).get(`${API}/unsubscribe`).query({ token }).expect(200);
    expect(shown.body).toMatchObject({
      scope: 'chef',
      kitchenName: chefA.publisher.kitchenName,
      label: `${chefA.publisher.kitchenName}'s news`,
      unsubscribed: false,
    });
    await request(h.http).post(`${API}/unsubscribe`).query({ token }).expect(200);
    const status = async (publisherId: string) =>
      (
        await h.db.query(`SELECT status FROM subscription WHERE publisher_id = $1 AND email = $2`, [
          publisherId,
          email,
        ])
      )[0].status;
    expect(await status(chefA.publisher.id)).toBe('UNSUBSCRIBED');
    expect(await status(chefB.publisher.id)).toBe('SUBSCRIBED');
    expect(await suppressed(email)).toBeNull();
    await request(h.http).post(`${API}/unsubscribe/resubscribe`).query({ token }).expect(200);
    expect(await status(chefA.publisher.id)).toBe('SUBSCRIBED');
  });
});
