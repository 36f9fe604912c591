import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, PublisherStatus } from '@hearth/shared';
import { startHarness, type Harness } from '../setup/harness.js';
import { createKitchens } from '../search/search-fixtures.js';

describe('consumer/favourites', () => {
  let h: Harness;
  const path = (publisherId = '') =>
    `${API_PREFIX}/consumer/favourites${publisherId ? `/${publisherId}` : ''}`;

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('adds and removes a kitchen, idempotently, and lists it with its next 3 orderable dates', async () => {
    const customer = await h.customer();
    const [kitchen] = await createKitchens(h.db, [
      {
        lat: 40,
        lng: -100,
        timeZone: 'America/Chicago',
        dates: [
          { startsInHours: 5 * 24, cutoffInHours: 4 * 24, slots: ['PM_5_7', 'LUNCH_12PM'] },
          { startsInHours: 2 * 24, cutoffInHours: 24 },
          { startsInHours: 3 * 24, cutoffInHours: 2 * 24 },
          { startsInHours: 4 * 24, cutoffInHours: 3 * 24, isDeleted: true },
          { startsInHours: 10, cutoffInHours: -1 },
          { startsInHours: 9 * 24, cutoffInHours: 8 * 24 },
        ],
        items: [{ name: 'Lentil soup' }],
      },
    ]);
    expect((await request(h.http).get(path()).set(customer.auth).expect(200)).body).toEqual([]);

    await request(h.http).post(path(kitchen.publisherId)).set(customer.auth).expect(204);
    await request(h.http).post(path(kitchen.publisherId)).set(customer.auth).expect(204);
    const list = await request(h.http).get(path()).set(customer.auth).expect(200);
    expect(list.body).toHaveLength(1);
    const [favourite] = list.body;
    expect(favourite).toMatchObject({
      id: kitchen.publisherId,
      timeZone: 'America/Chicago',
      rating: { value: 4.5, count: 10 },
    });
    // Past cut-off and deleted dates are not offered; the 9-day date is the 4th and falls off.
    const day = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(0, 10);
    expect(favourite.nextDates.map((d: { date: string }) => d.date)).toEqual([day(48), day(72), day(120)]);
    expect(favourite.nextDates[2].timeSlots).toEqual(['LUNCH_12PM', 'PM_5_7']);
    expect(favourite.nextDates[0].menus).toHaveLength(1);

    // The user details list it too (spec favChefs).
    const details = await request(h.http).get(`${API_PREFIX}/consumer`).set(customer.auth).expect(200);
    expect(details.body.favChefs).toEqual([kitchen.publisherId]);

    await request(h.http).delete(path(kitchen.publisherId)).set(customer.auth).expect(204);
    await request(h.http).delete(path(kitchen.publisherId)).set(customer.auth).expect(204);
    expect((await request(h.http).get(path()).set(customer.auth).expect(200)).body).toEqual([]);
  });

  it("keeps each customer's favourites to themselves", async () => {
    const [alice, bob] = [await h.customer(), await h.customer()];
    const [a, b] = await createKitchens(h.db, [
      { lat: 41, lng: -101, items: [{ name: 'Pie' }] },
      { lat: 41, lng: -101, items: [{ name: 'Pie' }] },
    ]);
    await request(h.http).post(path(a.publisherId)).set(alice.auth).expect(204);
    await request(h.http).post(path(b.publisherId)).set(bob.auth).expect(204);
    expect(
      (await request(h.http).get(path()).set(alice.auth).expect(200)).body.map((k: { id: string }) => k.id),
    ).toEqual([a.publisherId]);
    expect(
      (await request(h.http).get(path()).set(bob.auth).expect(200)).body.map((k: { id: string }) => k.id),
    ).toEqual([b.publisherId]);
    // Bob removing Alice's favourite kitchen changes only Bob's list (where it is not).
    await request(h.http).delete(path(a.publisherId)).set(bob.auth).expect(204);
    expect((await request(h.http).get(path()).set(alice.auth).expect(200)).body).toHaveLength(1);
  });

  it('refuses unknown and blocked kitchens with a 404, and anonymous callers with a 401', async () => {
    const customer = await h.customer();
    const [blocked] = await createKitchens(h.db, [
      { lat: 42, lng: -102, status: PublisherStatus.BLOCKED, items: [{ name: 'Pie' }] },
    ]);
    const unknown = await request(h.http)
      .post(path('7d4f1b9e-0000-4000-8000-000000000000'))
      .set(customer.auth)
      .expect(404);
    expect(unknown.body.detail).toBe('Kitchen 7d4f1b9e-0000-4000-8000-000000000000 was not found.');
    await request(h.http).post(path(blocked.publisherId)).set(customer.auth).expect(404);
    await request(h.http).post(path('not-a-uuid')).set(customer.auth).expect(404);
    await request(h.http).delete(path('7d4f1b9e-0000-4000-8000-000000000000')).set(customer.auth).expect(404);
    await request(h.http).get(path()).expect(401);
    await request(h.http).post(path(blocked.publisherId)).expect(401);
  });

  it('hides a favourite kitchen that was blocked later, and lets it be removed', async () => {
    const customer = await h.customer();
    const [kitchen] = await createKitchens(h.db, [{ lat: 43, lng: -103, items: [{ name: 'Pie' }] }]);
    await request(h.http).post(path(kitchen.publisherId)).set(customer.auth).expect(204);
    await h.db.query(`UPDATE publisher SET status = 'BLOCKED' WHERE id = $1`, [kitchen.publisherId]);
    expect((await request(h.http).get(path()).set(customer.auth).expect(200)).body).toEqual([]);
    await request(h.http).delete(path(kitchen.publisherId)).set(customer.auth).expect(204);
    const [{ n }] = (await h.db.query(
      `SELECT count(*)::int AS n FROM consumer_favourite_chef WHERE consumer_id = $1`,
      [customer.consumer.id],
    )) as Array<{ n: number }>;
    expect(n).toBe(0);
  });
});
