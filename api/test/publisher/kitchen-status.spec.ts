import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { API, register } from './kitchens.js';

/** The header offers "Become a chef", the kitchen's review state or "My kitchen" from `auth/me`. */
describe("auth/me: the caller's kitchen status", () => {
  let h: Harness;
  let admin: TestActor;
  beforeAll(async () => {
    h = await startHarness();
    admin = await h.admin();
  });
  afterAll(() => h?.close());

  const me = async (actor: TestActor) =>
    (await request(h.http).get(`${API}/auth/me`).set(actor.auth).expect(200)).body as {
      kitchenStatus: string | null;
      roles: string[];
    };

  it('is null without a kitchen, PENDING once registered, APPROVED (a chef) and BLOCKED (no longer a chef) after review', async () => {
    const person = await h.customer();
    expect(await me(person)).toMatchObject({ kitchenStatus: null, roles: ['ROLE_USER'] });
    const kitchen = await register(h, person);
    expect(await me(person)).toMatchObject({ kitchenStatus: 'PENDING', roles: ['ROLE_USER'] });
    await request(h.http)
      .post(`${API}/publisher/approve`)
      .set(admin.auth)
      .send({ publisherId: kitchen.id })
      .expect(200);
    expect(await me(person)).toMatchObject({ kitchenStatus: 'APPROVED', roles: ['ROLE_USER', 'ROLE_CHEF'] });
    await request(h.http)
      .post(`${API}/publisher/block`)
      .set(admin.auth)
      .send({ publisherId: kitchen.id, statusReviewComments: 'The permit has expired.' })
      .expect(200);
    expect(await me(person)).toMatchObject({ kitchenStatus: 'BLOCKED', roles: ['ROLE_USER'] });
  });
});
