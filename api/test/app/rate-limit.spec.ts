import type { INestApplication } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../setup/app.js';
import { startHarness, type Harness } from '../setup/harness.js';

const API = '/services/publisher/api';
/** Low limits for this file: search 4 per address and 3 per account a minute; contact 2 per address. */
const LIMITS = {
  RATE_LIMIT_SEARCH: '4,3,60',
  RATE_LIMIT_CONTACT: '2,2,60',
  RATE_LIMIT_DEFAULT: '1000,1000,60',
};

/** A documentation address (RFC 5737) of its own per call, so reruns and other tests never share a counter. */
const freshIp = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;

describe('rate limits across two API processes sharing Redis', () => {
  let h: Harness;
  let second: INestApplication;
  // Requests alternate between the two apps: a limit kept in one process's memory would never trip.
  let apps: ReturnType<INestApplication['getHttpServer']>[];

  beforeAll(async () => {
    h = await startHarness(LIMITS);
    second = await createTestApp({ OIDC_ISSUER_URL: h.idp.issuer, WEB_ORIGIN: h.origin, ...LIMITS });
    apps = [h.http, second.getHttpServer()];
  });
  afterAll(async () => {
    await second?.close();
    await h?.close();
  });

  const search = (n: number, ip: string, auth: Record<string, string> = {}) =>
    request(apps[n % 2])
      .get(`${API}/_search/items`)
      .query({ zip: '07302', country: 'US' })
      .set('X-Forwarded-For', ip)
      .set(auth);

  it('refuses the 5th search from one address with 429, Retry-After and a problem object', async () => {
    const ip = freshIp();
    for (let n = 0; n < 4; n++) expect((await search(n, ip)).status).toBe(200);
    const refused = await search(4, ip);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({
      type: 'https://hearth.example/problems/too-many-requests',
      title: 'Too Many Requests',
      status: 429,
      detail: `Too many requests. Try again in ${retryAfter} seconds.`,
      message: 'error.http.429',
      path: `${API}/_search/items`,
    });
    // Still refused on the other process.
    expect((await search(5, ip)).status).toBe(429);
    // Another address is not affected, nor is another route class from the same address.
    expect((await search(0, freshIp())).status).toBe(200);
    await request(apps[1]).get(`${API}/cart/count`).set('X-Forwarded-For', ip).expect(200);
  });

  it('counts a signed-in account across addresses, and only that account', async () => {
    const customer = await h.customer();
    for (let n = 0; n < 3; n++) expect((await search(n, freshIp(), customer.auth)).status).toBe(200);
    const refused = await search(3, freshIp(), customer.auth);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    const other = await h.customer();
    expect((await search(0, freshIp(), other.auth)).status).toBe(200);
  });

  it('limits the contact form per address on its own budget', async () => {
    const ip = freshIp();
    const send = (n: number) =>
      request(apps[n % 2])
        .post(`${API}/contactus`)
        .set('X-Forwarded-For', ip)
        .send({ legalName: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello there, a question.' });
    expect((await send(0)).status).toBe(201);
    expect((await send(1)).status).toBe(201);
    const refused = await send(2);
    expect(refused.status).toBe(429);
    expect(refused.body.status).toBe(429);
    // The search budget of that address is untouched.
    expect((await search(0, ip)).status).toBe(200);
  });
});

describe('the default class and the endpoints left out', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await createTestApp({ RATE_LIMIT_DEFAULT: '2,2,60' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('limits any other endpoint by the default class, never the health check', async () => {
    const ip = freshIp();
    const get = (path: string) =>
      request(app.getHttpServer()).get(`${API}/${path}`).set('X-Forwarded-For', ip);
    for (let n = 0; n < 5; n++) expect((await get('health')).status).not.toBe(429);
    expect((await get('cart/count')).status).toBe(200);
    expect((await get('cart/count')).status).toBe(200);
    const refused = await get('cart/count');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });
});
