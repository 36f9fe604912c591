import { randomInt } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_LOG_MAX_MESSAGE, CLIENT_LOG_MAX_STACK } from '@hearth/shared';
import { startHarness, type Harness } from '../setup/harness.js';

const API = '/services/publisher/api';
/** This file's own low limit for `POST log`: 5 reports per address (and per account) a minute. */
const LIMITS = { RATE_LIMIT_LOG: '5,5,60' };
/** A documentation address (RFC 5737) of its own per call, so no two tests share a counter. */
const freshIp = () => `203.0.${randomInt(0, 256)}.${randomInt(1, 255)}`;
/** A marker of letters only (digits would be scrubbed as numbers or tokens). */
const markerOf = (prefix: string) =>
  prefix + Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(0, 26))).join('');
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.6723.58 Safari/537.36';

describe('client logs', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(LIMITS);
  });
  afterAll(() => h?.close());

  const report = (body: object, ip = freshIp()) =>
    request(h.http).post(`${API}/log`).set('X-Forwarded-For', ip).set('User-Agent', CHROME).send(body);
  const rowsWith = (marker: string) =>
    h.db.query(
      `SELECT level, message, stack, context, consumer_id FROM log_entry WHERE message LIKE $1 ORDER BY at`,
      [`%${marker}%`],
    ) as Promise<
      Array<{
        level: string;
        message: string;
        stack: string | null;
        context: Record<string, string>;
        consumer_id: null;
      }>
    >;

  it('stores a bounded report with only the allowed context, scrubbed of personal data', async () => {
    const marker = markerOf('Boom');
    await report({
      message: `TypeError: ${marker} for priya@example.com calling +1 (201) 555-0134`,
      stack: `TypeError: ${marker}\n    at load (https://hearth.example/assets/root.js?token=abc:12:34)\n    at eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln`,
      path: '/l/orders/order-status?orderNumber=HX7K2M9QPA',
      release: '2026.11.25-abc',
      source: 'error',
    }).expect(204);
    const [row] = await rowsWith(marker);
    expect(row).toEqual({
      level: 'error',
      message: `TypeError: ${marker} for [email] calling [number]`,
      stack: `TypeError: ${marker}\n    at load (https://hearth.example/assets/root.js:12:34)\n    at [token]`,
      context: {
        path: '/l/orders/order-status',
        browser: 'Chrome 130',
        release: '2026.11.25-abc',
        source: 'error',
      },
      consumer_id: null,
    });
  });

  it('does not link a signed-in reporter to the report', async () => {
    const marker = markerOf('Signed');
    const customer = await h.customer();
    await report({ message: marker }).set(customer.auth).expect(204);
    expect((await rowsWith(marker))[0].consumer_id).toBeNull();
  });

  it('refuses an oversize message or stack, unknown fields and a release with odd characters, storing nothing', async () => {
    const marker = markerOf('Big');
    const long = await report({ message: `${marker}${'x'.repeat(CLIENT_LOG_MAX_MESSAGE)}` }).expect(400);
    expect(long.body.fieldErrors).toEqual([
      { field: 'message', message: `message must be between 1 and ${CLIENT_LOG_MAX_MESSAGE} characters` },
    ]);
    const stack = await report({ message: marker, stack: 'y'.repeat(CLIENT_LOG_MAX_STACK + 1) }).expect(400);
    expect(stack.body.fieldErrors).toEqual([
      { field: 'stack', message: `stack must be at most ${CLIENT_LOG_MAX_STACK} characters` },
    ]);
    await report({ message: marker, email: 'a@example.com' }).expect(400);
    await report({ message: marker, release: '<script>' }).expect(400);
    // Exactly at the bounds is fine.
    await report({
      message: `${marker}${'x'.repeat(CLIENT_LOG_MAX_MESSAGE - marker.length)}`,
      stack: 'y'.repeat(CLIENT_LOG_MAX_STACK),
    }).expect(204);
    expect(await rowsWith(marker)).toHaveLength(1);
  });

  it('rate-limits reports per client address with a problem object', async () => {
    const ip = freshIp();
    for (let n = 0; n < 5; n++) await report({ message: `Limit ${n}` }, ip).expect(204);
    const refused = await report({ message: 'Limit 5' }, ip).expect(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.body).toMatchObject({ status: 429, message: 'error.http.429' });
    // Another visitor is not affected.
    await report({ message: 'Limit other' }).expect(204);
  });

  it('shows admins the reports grouped by message with counts, first and last seen and a sample stack', async () => {
    const marker = markerOf('Group');
    // The same error from two people: their e-mails differ, the scrubbed message is one group.
    await report({ message: `${marker} for ann@example.com`, stack: 'at first', path: '/l/cart' }).expect(
      204,
    );
    await report({ message: `${marker} for bob@example.com`, stack: 'at second', path: '/l/favs' }).expect(
      204,
    );
    await report({ message: `${marker} other`, level: 'warn' }).expect(204);
    // An old report outside the period is not counted.
    await h.db.query(
      `INSERT INTO log_entry (level, message, context, at) VALUES ('error', $1, '{}', now() - interval '10 days')`,
      [`${marker} for [email]`],
    );
    const admin = await h.admin();
    const list = await request(h.http)
      .get(`${API}/admin/logs`)
      .query({ size: '100' })
      .set(admin.auth)
      .expect(200);
    expect(list.headers['x-total-count']).toMatch(/^\d+$/);
    const mine = (list.body as Array<{ message: string }>).filter((g) => g.message.includes(marker));
    expect(mine).toHaveLength(2);
    const group = mine.find((g) => g.message === `${marker} for [email]`) as Record<string, unknown>;
    expect(group).toMatchObject({
      level: 'error',
      count: 2,
      sampleStack: 'at second',
      samplePath: '/l/favs',
      browsers: ['Chrome 130'],
    });
    expect(Date.parse(group.firstSeen as string)).toBeLessThanOrEqual(Date.parse(group.lastSeen as string));
    expect(mine.find((g) => g.message === `${marker} other`)).toMatchObject({ level: 'warn', count: 1 });
    // Over 30 days the old one counts too.
    const month = await request(h.http)
      .get(`${API}/admin/logs`)
      .query({ size: '100', days: '30' })
      .set(admin.auth)
      .expect(200);
    expect(month.body.find((g: { message: string }) => g.message === `${marker} for [email]`).count).toBe(3);
    await request(h.http).get(`${API}/admin/logs`).query({ days: '31' }).set(admin.auth).expect(400);
  });

  it('refuses the admin list to visitors, customers and chefs', async () => {
    await request(h.http).get(`${API}/admin/logs`).expect(401);
    await request(h.http)
      .get(`${API}/admin/logs`)
      .set((await h.customer()).auth)
      .expect(403);
    await request(h.http)
      .get(`${API}/admin/logs`)
      .set((await h.chef()).auth)
      .expect(403);
  });
});
