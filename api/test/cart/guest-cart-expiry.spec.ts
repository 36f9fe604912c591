import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { Test } from '@nestjs/testing';
import type { Job, Queue } from 'bullmq';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CART_LIFETIME_MS } from '@hearth/shared';
import { coreImports } from '../../src/app.module.js';
import { hashCartToken } from '../../src/modules/cart/cart-cookie.js';
import { GUEST_CART_EXPIRY_JOB } from '../../src/modules/cart/guest-cart-expiry.service.js';
import { ScheduledJobsProcessor } from '../../src/queue/scheduled-jobs.processor.js';
import { ScheduledWorkModule } from '../../src/worker.module.js';
import { QUEUES } from '../../src/queue/queues.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { CHEF_ZONE, createOfferedItem, type OfferedItem } from '../setup/shop.js';

const API = '/services/publisher/api';
const TZ = { 'X-Time-Zone': CHEF_ZONE };

/** The worker's scheduled jobs, booted as worker.ts boots them. */
async function startScheduledWorker(): Promise<INestApplicationContext> {
  const saved = { ...process.env };
  Object.assign(process.env, { LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  try {
    const moduleRef = await Test.createTestingModule({
      imports: [...coreImports(), ScheduledWorkModule],
    }).compile();
    const ctx = moduleRef.createNestApplication({ bufferLogs: true });
    await ctx.init();
    return ctx;
  } finally {
    process.env = saved;
  }
}

describe('guest cart expiry', () => {
  let h: Harness;
  let worker: INestApplicationContext;
  let offered: OfferedItem;
  beforeAll(async () => {
    h = await startHarness();
    worker = await startScheduledWorker();
    const chef = await h.chef();
    offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id });
  });
  afterAll(async () => {
    await worker?.close();
    await h?.close();
  });

  const line = () => ({
    itemId: offered.item.id,
    userSelectedPricingOption: { id: offered.optionId },
    dates: [{ date: offered.dates[0], timeSlots: ['PM_5_7'] }],
  });
  const cartCookie = (res: request.Response) =>
    ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).filter((c) =>
      c.startsWith('hearth_cart='),
    );
  const tokenOf = (cookie: string) => cookie.split(';')[0].split('=')[1];

  /** A guest with one line in their cart: the browser (cookie jar), the cookie token and the cart's id. */
  async function guestCart() {
    const browser = request.agent(h.http);
    const res = await browser.post(`${API}/cart/items`).set(TZ).send(line()).expect(201);
    const token = tokenOf(cartCookie(res)[0]);
    const [{ id }] = await h.db.query(`SELECT id FROM cart WHERE guest_token = $1`, [hashCartToken(token)]);
    return { browser, token, cartId: id as string, set: cartCookie(res)[0] };
  }

  async function customerCart(customer: TestActor): Promise<string> {
    await request(h.http)
      .post(`${API}/cart/items`)
      .set({ ...TZ, ...customer.auth })
      .send(line())
      .expect(201);
    const [{ id }] = await h.db.query(`SELECT id FROM cart WHERE consumer_id = $1`, [customer.consumer.id]);
    return id;
  }

  const lastChanged = (cartId: string, daysAgo: number) =>
    h.db.query(`UPDATE cart SET updated_at = now() - make_interval(days => $2) WHERE id = $1`, [
      cartId,
      daysAgo,
    ]);
  const rows = async (cartId: string) => {
    const [counts] = await h.db.query(
      `SELECT (SELECT count(*)::int FROM cart WHERE id = $1) AS carts,
              (SELECT count(*)::int FROM cart_item WHERE cart_id = $1) AS lines,
              (SELECT count(*)::int FROM cart_item_date d JOIN cart_item i ON i.id = d.cart_item_id WHERE i.cart_id = $1) AS dates`,
      [cartId],
    );
    return counts as { carts: number; lines: number; dates: number };
  };
  const runJob = () =>
    worker.get(ScheduledJobsProcessor).process({ name: GUEST_CART_EXPIRY_JOB, data: {} } as unknown as Job);

  it('schedules the daily job once, by id', async () => {
    const scheduler = await worker
      .get<Queue>(getQueueToken(QUEUES.SCHEDULED))
      .getJobScheduler(GUEST_CART_EXPIRY_JOB);
    expect(scheduler).toMatchObject({
      key: GUEST_CART_EXPIRY_JOB,
      name: GUEST_CART_EXPIRY_JOB,
      pattern: '45 3 * * *',
    });
  });

  it('deletes a guest cart left alone for 30 days with its lines and dates; keeps a recent guest cart and an old customer cart', async () => {
    const old = await guestCart();
    const recent = await guestCart();
    const customer = await h.customer();
    const mine = await customerCart(customer);
    await lastChanged(old.cartId, 31);
    await lastChanged(recent.cartId, 29);
    await lastChanged(mine, 400);
    expect(await rows(old.cartId)).toEqual({ carts: 1, lines: 1, dates: 1 });

    expect(await runJob()).toMatchObject({ deleted: expect.any(Number) });
    expect(await rows(old.cartId)).toEqual({ carts: 0, lines: 0, dates: 0 });
    expect(await rows(recent.cartId)).toEqual({ carts: 1, lines: 1, dates: 1 });
    expect(await rows(mine)).toEqual({ carts: 1, lines: 1, dates: 1 });
    expect(
      (
        await request(h.http)
          .get(`${API}/cart`)
          .set({ ...TZ, ...customer.auth })
          .expect(200)
      ).body.cartItems,
    ).toHaveLength(1);
    // A second run finds nothing more of these to delete.
    await runJob();
    expect(await rows(recent.cartId)).toMatchObject({ carts: 1 });

    // The old cookie now names nothing: the guest sees an empty cart, and the next add starts a new cart
    // under a new cookie (not the expired token renewed).
    expect((await old.browser.get(`${API}/cart`).set(TZ).expect(200)).body.cartItems).toEqual([]);
    const again = await old.browser.post(`${API}/cart/items`).set(TZ).send(line()).expect(201);
    const cookies = cartCookie(again);
    expect(cookies).toHaveLength(1);
    expect(tokenOf(cookies[0])).not.toBe(old.token);
    expect(again.body.cartItems).toHaveLength(1);
  });

  it("gives the guest's cookie the cart's lifetime, and renews both on every change", async () => {
    const guest = await guestCart();
    expect(guest.set).toContain(`Max-Age=${GUEST_CART_LIFETIME_MS / 1000}`);
    const changedRecently = async () =>
      (
        await h.db.query(
          `SELECT updated_at > now() - interval '1 minute' AS recent FROM cart WHERE id = $1`,
          [guest.cartId],
        )
      )[0].recent as boolean;

    await lastChanged(guest.cartId, 29);
    const [lineId] = (await guest.browser.get(`${API}/cart`).set(TZ).expect(200)).body.cartItems.map(
      (l: { cartItemId: string }) => l.cartItemId,
    );
    expect(await changedRecently()).toBe(false);
    const updated = await guest.browser
      .put(`${API}/cart/items/${lineId}`)
      .set(TZ)
      .send({ orderQuantity: 2 })
      .expect(200);
    expect(await changedRecently()).toBe(true);
    expect(cartCookie(updated)).toEqual([
      expect.stringContaining(`hearth_cart=${guest.token}; Max-Age=${GUEST_CART_LIFETIME_MS / 1000}`),
    ]);

    await lastChanged(guest.cartId, 29);
    const removed = await guest.browser.delete(`${API}/cart/items/${lineId}`).set(TZ).expect(200);
    expect(await changedRecently()).toBe(true);
    expect(cartCookie(removed)).toHaveLength(1);

    await lastChanged(guest.cartId, 31);
    await runJob();
    expect(await rows(guest.cartId)).toMatchObject({ carts: 0 });
  });
});
