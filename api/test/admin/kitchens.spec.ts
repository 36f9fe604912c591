import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublisherStatus } from '@hearth/shared';
import { createConsumer, createPublisher, uniqueSuffix } from '../setup/factories.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';

const API = '/services/publisher/api';

interface Row {
  id: string;
  kitchenName: string;
  brandDisplayName: string;
  status: string;
  owner: { name: string | null; email: string | null };
  fee: { percentage: number; share: string; isDefault: boolean };
}

describe('the admin kitchen list (admin/kitchens)', () => {
  let h: Harness;
  let admin: TestActor;
  beforeAll(async () => {
    h = await startHarness();
    admin = await h.admin();
  });
  afterAll(() => h?.close());

  const list = (query: Record<string, string | number>) =>
    request(h.http).get(`${API}/admin/kitchens`).query(query).set(admin.auth);

  /** A kitchen owned by a new person, in the given state. */
  const kitchen = async (fields: {
    brandDisplayName: string;
    status?: PublisherStatus;
    owner?: { name: string; userEmail: string };
  }) => {
    const owner = await createConsumer(h.db, fields.owner ?? {});
    return createPublisher(h.db, {
      consumerId: owner.id,
      kitchenName: `k-${uniqueSuffix()}`,
      brandDisplayName: fields.brandDisplayName,
      status: fields.status ?? PublisherStatus.PENDING,
    });
  };

  it("finds a kitchen by part of its kitchen or brand name or its owner's name or e-mail, whatever the case, with its fee", async () => {
    const tag = uniqueSuffix();
    const mine = await kitchen({
      brandDisplayName: `Saffron Table ${tag}`,
      status: PublisherStatus.APPROVED,
      owner: { name: `Meera Iyer ${tag}`, userEmail: `meera.${tag}@example.test` },
    });
    const other = await kitchen({ brandDisplayName: `Other Place ${tag}` });
    await request(h.http)
      .post(`${API}/admin/set-percentage-by-kitchen-name`)
      .set(admin.auth)
      .send({ kitchenName: mine.kitchenName, percentage: 12.5 })
      .expect(200);

    for (const query of [
      `saffron table ${tag}`,
      mine.kitchenName.toUpperCase(),
      `MEERA IYER ${tag}`,
      `meera.${tag}@EXAMPLE`,
    ]) {
      const res = await list({ query }).expect(200);
      expect(
        (res.body as Row[]).map((r) => r.id),
        query,
      ).toEqual([mine.id]);
      expect(res.headers['x-total-count']).toBe('1');
    }
    const [row] = (await list({ query: `Saffron Table ${tag}` }).expect(200)).body as Row[];
    expect(row).toMatchObject({
      brandDisplayName: `Saffron Table ${tag}`,
      status: 'APPROVED',
      owner: { name: `Meera Iyer ${tag}`, email: `meera.${tag}@example.test` },
      fee: { percentage: 12.5, share: '0.125', isDefault: false },
    });
    const [plain] = (await list({ query: `Other Place ${tag}` }).expect(200)).body as Row[];
    expect(plain).toMatchObject({
      id: other.id,
      status: 'PENDING',
      fee: { percentage: 20, share: '0.2', isDefault: true },
    });
  });

  it('narrows to one review state, and every state without one (an empty status too)', async () => {
    const tag = uniqueSuffix();
    const pending = await kitchen({ brandDisplayName: `State Test ${tag} A` });
    const approved = await kitchen({
      brandDisplayName: `State Test ${tag} B`,
      status: PublisherStatus.APPROVED,
    });
    const blocked = await kitchen({
      brandDisplayName: `State Test ${tag} C`,
      status: PublisherStatus.BLOCKED,
    });
    const ids = async (query: Record<string, string>) =>
      ((await list({ query: `State Test ${tag}`, ...query }).expect(200)).body as Row[])
        .map((r) => r.id)
        .sort();
    expect(await ids({ status: 'PENDING' })).toEqual([pending.id]);
    expect(await ids({ status: 'APPROVED' })).toEqual([approved.id]);
    expect(await ids({ status: 'BLOCKED' })).toEqual([blocked.id]);
    expect(await ids({})).toEqual([pending.id, approved.id, blocked.id].sort());
    expect(await ids({ status: '' })).toEqual([pending.id, approved.id, blocked.id].sort());
  });

  it('pages newest first with X-Total-Count and Link headers', async () => {
    const tag = uniqueSuffix();
    const made = [];
    for (const n of [1, 2, 3]) made.push(await kitchen({ brandDisplayName: `Paged ${tag} ${n}` }));
    const first = await list({ query: `Paged ${tag}`, size: 2 }).expect(200);
    expect(first.headers['x-total-count']).toBe('3');
    expect((first.body as Row[]).map((r) => r.brandDisplayName)).toEqual([
      `Paged ${tag} 3`,
      `Paged ${tag} 2`,
    ]);
    expect(first.headers.link).toContain('rel="next"');
    const second = await list({ query: `Paged ${tag}`, size: 2, page: 1 }).expect(200);
    expect((second.body as Row[]).map((r) => r.id)).toEqual([made[0].id]);
    expect(second.headers.link).not.toContain('rel="next"');
    const byName = await list({ query: `Paged ${tag}`, sort: 'brandDisplayName,asc' }).expect(200);
    expect((byName.body as Row[]).map((r) => r.id)).toEqual(made.map((k) => k.id));
  });

  it('matches % and _ as themselves, not as patterns', async () => {
    const tag = uniqueSuffix();
    const literal = await kitchen({ brandDisplayName: `Half_price 50% ${tag}` });
    await kitchen({ brandDisplayName: `HalfXprice 50 ${tag}` });
    expect(
      ((await list({ query: `Half_price 50% ${tag}` }).expect(200)).body as Row[]).map((r) => r.id),
    ).toEqual([literal.id]);
    expect((await list({ query: `_${tag}` }).expect(200)).body as Row[]).toEqual([]);
  });

  it('is for admins only, and refuses an unknown status beside the field', async () => {
    const customer = await h.customer();
    await request(h.http).get(`${API}/admin/kitchens`).set(customer.auth).expect(403);
    await request(h.http).get(`${API}/admin/kitchens`).expect(401);
    const bad = await list({ status: 'SLEEPING' }).expect(400);
    expect((bad.body as { fieldErrors: { field: string }[] }).fieldErrors.map((f) => f.field)).toEqual([
      'status',
    ]);
  });
});
