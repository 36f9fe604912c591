import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../setup/harness.js';

describe('test harness', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('gives each actor the roles the API derives for them', async () => {
    const chef = await h.chef();
    const customer = await h.customer();
    const admin = await h.admin();
    const roles = async (auth: { Authorization: string }) =>
      (await request(h.http).get('/services/publisher/api/auth/me').set(auth).expect(200)).body.roles;
    expect(await roles(chef.auth)).toEqual(['ROLE_USER', 'ROLE_CHEF']);
    expect(await roles(customer.auth)).toEqual(['ROLE_USER']);
    expect(await roles(admin.auth)).toEqual(['ROLE_USER', 'ROLE_ADMIN']);
    const mine = await request(h.http)
      .get('/services/publisher/api/publisher/mine')
      .set(chef.auth)
      .expect(200);
    expect(mine.body.id).toBe(chef.publisher.id);
  });
});
