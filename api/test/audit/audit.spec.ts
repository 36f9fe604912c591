import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@hearth/shared';
import { DEV_DATA_ENCRYPTION_KEY, FieldCipher } from '../../src/common/crypto/field-cipher.js';
import { mintToken } from '../setup/identity.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { API, approvedChef, register } from '../publisher/kitchens.js';

// S-10 audit trail, S-12 bank accounts (encrypted, masked, e-mailed, audited), S-09 step-up and admin MFA.

const HYDERABAD = {
  country: 'India',
  timeZone: 'Asia/Kolkata',
  address: {
    addressLine1: '12 MG Road',
    city: 'Hyderabad',
    state: 'Telangana',
    zipcode: '500081',
    lat: 17.4474,
    lng: 78.3762,
  },
};
const beneficiary = {
  accountNumber: '123456789012',
  ifsc: 'HDFC0001234',
  name: 'Priya Raman',
  email: 'priya@example.com',
  phone: '98765 43210',
  address1: '12 MG Road',
  city: 'Hyderabad',
  state: 'Telangana',
  pincode: '500081',
};
const cipher = new FieldCipher(DEV_DATA_ENCRYPTION_KEY);

type AuditRow = {
  actor_consumer_id: string;
  actor_role: string;
  action: string;
  target_type: string;
  target_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  request_id: string | null;
  ip: string | null;
};

describe('audit trail and payout accounts', () => {
  let h: Harness;
  let admin: TestActor;
  beforeAll(async () => {
    h = await startHarness();
    admin = await h.admin();
  });
  afterAll(() => h?.close());

  const auditOf = async (targetId: string): Promise<AuditRow[]> =>
    h.db.query(`SELECT * FROM audit_log WHERE target_id = $1 ORDER BY created_at, id`, [targetId]);

  it('records who approved and blocked a kitchen, with before and after, request id and IP', async () => {
    const owner = await h.customer();
    const kitchen = await register(h, owner);
    const approved = await request(h.http)
      .post(`${API}/publisher/approve`)
      .set(admin.auth)
      .set('X-Request-Id', 'audit-test-approve-1')
      .send({ publisherId: kitchen.id })
      .expect(200);
    expect(approved.headers['x-request-id']).toBe('audit-test-approve-1');
    await request(h.http)
      .post(`${API}/publisher/block`)
      .set(admin.auth)
      .send({ publisherId: kitchen.id, statusReviewComments: 'Missing permit' })
      .expect(200);
    const rows = await auditOf(kitchen.id);
    expect(rows).toMatchObject([
      {
        actor_consumer_id: admin.consumer.id,
        actor_role: Role.ADMIN,
        action: 'publisher.approve',
        target_type: 'publisher',
        before: { status: 'PENDING' },
        after: { status: 'APPROVED' },
        request_id: 'audit-test-approve-1',
        ip: expect.stringMatching(/127\.0\.0\.1/),
      },
      {
        action: 'publisher.block',
        before: { status: 'APPROVED' },
        after: { status: 'BLOCKED', statusReviewComments: 'Missing permit' },
      },
    ]);
  });

  it('records a fee change, and a refused change records nothing', async () => {
    const chef = await approvedChef(h, admin);
    await request(h.http)
      .post(`${API}/admin/set-percentage-by-kitchen-name`)
      .set(admin.auth)
      .send({ kitchenName: chef.kitchen.kitchenName, percentage: 15 })
      .expect(200);
    await request(h.http)
      .post(`${API}/admin/set-percentage-by-kitchen-name`)
      .set(admin.auth)
      .send({ kitchenName: 'no-such-kitchen', percentage: 15 })
      .expect(404);
    const rows = (await auditOf(chef.kitchen.id)).filter((r) => r.action === 'kitchen-fee.set');
    expect(rows).toMatchObject([{ before: { share: null }, after: { share: '0.15' } }]);
  });

  it('records an admin reading the kitchen cache and lists the trail for admins only', async () => {
    const chef = await approvedChef(h, admin);
    await request(h.http)
      .post(`${API}/publisher/cache-publisher?publisherId=${chef.kitchen.id}`)
      .set(admin.auth)
      .expect(200);
    const list = await request(h.http)
      .get(`${API}/admin/audit-log?targetType=publisher&targetId=${chef.kitchen.id}&size=5`)
      .set(admin.auth)
      .expect(200);
    expect(list.body.map((e: { action: string }) => e.action)).toEqual([
      'publisher.cache',
      'publisher.approve',
    ]);
    expect(list.headers['x-total-count']).toBe('2');
    await request(h.http).get(`${API}/admin/audit-log`).set(chef.auth).expect(403);
  });

  it('is append-only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    const [row] = await h.db.query(`SELECT id FROM audit_log LIMIT 1`);
    await expect(h.db.query(`UPDATE audit_log SET action = 'x' WHERE id = $1`, [row.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(h.db.query(`DELETE FROM audit_log WHERE id = $1`, [row.id])).rejects.toThrow(/append-only/);
    await expect(h.db.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
  });

  describe('a payout bank account (S-12)', () => {
    it('is stored encrypted, answered masked, audited with the last 4 digits only and e-mailed to the chef', async () => {
      const chef = await approvedChef(h, admin, HYDERABAD);
      const res = await request(h.http)
        .post(`${API}/settings/add-cashfree-beneficiary`)
        .set(chef.auth)
        .send(beneficiary)
        .expect(201);
      expect(res.body.bankAccount).toBe('••••••••9012');
      expect(JSON.stringify(res.body)).not.toContain('123456789012');
      const settings = await request(h.http).get(`${API}/settings`).set(chef.auth).expect(200);
      expect(JSON.stringify(settings.body)).not.toContain('123456789012');
      const asAdmin = await request(h.http)
        .get(`${API}/settings?publisherId=${chef.kitchen.id}`)
        .set(admin.auth)
        .expect(200);
      expect(asAdmin.body.CASH_FREE_ACCOUNT_NUMBER).toBe('••••••••9012');
      expect(JSON.stringify(asAdmin.body)).not.toContain('123456789012');

      const [stored] = await h.db.query(`SELECT bank_account FROM bank_beneficiary WHERE publisher_id = $1`, [
        chef.kitchen.id,
      ]);
      const [setting] = await h.db.query(
        `SELECT value #>> '{}' AS value FROM chef_setting WHERE publisher_id = $1 AND key = 'CASH_FREE_ACCOUNT_NUMBER'`,
        [chef.kitchen.id],
      );
      for (const value of [stored.bank_account, setting.value]) {
        expect(value).toMatch(/^v1:/);
        expect(cipher.decrypt(value)).toBe('123456789012');
      }
      const audit = (await auditOf(chef.kitchen.id)).filter((r) => r.action === 'payout-account.change');
      expect(audit).toMatchObject([
        {
          actor_consumer_id: chef.consumer.id,
          before: { accountLast4: null },
          after: { accountLast4: '9012', ifsc: 'HDFC0001234' },
        },
      ]);
      expect(JSON.stringify(audit)).not.toContain('123456789012');
      const mails = await h.db.query(
        `SELECT to_address, subject, text FROM email_outbox WHERE related_type = 'payout-account' AND to_address = $1`,
        [chef.consumer.userEmail],
      );
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('Your Hearth payout bank account was changed');
      expect(mails[0].text).toContain('ending 9012');
      expect(mails[0].text).not.toContain('123456789012');
    });

    it('needs a sign-in of the last 10 minutes (step-up), else nothing changes', async () => {
      const chef = await approvedChef(h, admin, HYDERABAD);
      const stale = await mintToken(
        {
          realm_access: { roles: [Role.USER] },
          email: chef.consumer.userEmail,
          auth_time: Math.floor(Date.now() / 1000) - 11 * 60,
        },
        { issuer: h.idp.issuer, audience: 'hearth-web', subject: chef.consumer.keycloakId },
      );
      const res = await request(h.http)
        .post(`${API}/settings/add-cashfree-beneficiary`)
        .set({ Authorization: `Bearer ${stale}` })
        .send(beneficiary)
        .expect(403);
      expect(res.body).toMatchObject({ message: 'error.auth.stepUp', params: { maxAgeSeconds: 600 } });
      await request(h.http)
        .post(`${API}/settings/save-settings`)
        .set({ Authorization: `Bearer ${stale}` })
        .send({ CASH_FREE_ACCOUNT_NUMBER: '999988887777' })
        .expect(403);
      const [count] = await h.db.query(
        `SELECT count(*)::int AS n FROM bank_beneficiary WHERE publisher_id = $1`,
        [chef.kitchen.id],
      );
      expect(count.n).toBe(0);
      expect((await auditOf(chef.kitchen.id)).map((r) => r.action)).toEqual(['publisher.approve']);
    });

    it('changed through save-settings is encrypted, masked and audited too', async () => {
      const chef = await approvedChef(h, admin, HYDERABAD);
      const res = await request(h.http)
        .post(`${API}/settings/save-settings`)
        .set(chef.auth)
        .send({ CASH_FREE_ACCOUNT_NUMBER: '999988887777', CASH_FREE_IFSC: 'HDFC0001234' })
        .expect(200);
      expect(res.body.CASH_FREE_ACCOUNT_NUMBER).toBe('••••••••7777');
      const audit = (await auditOf(chef.kitchen.id)).filter((r) => r.action === 'payout-account.change');
      expect(audit).toMatchObject([{ after: { accountLast4: '7777' } }]);
    });
  });
});

describe('MFA for admins (OIDC_ADMIN_ACR)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ OIDC_ADMIN_ACR: 'mfa' });
  });
  afterAll(() => h?.close());

  it('refuses an admin route to a sign-in without the second factor, and allows it with it', async () => {
    const admin = await h.admin();
    const token = (acr?: string) =>
      mintToken(
        { realm_access: { roles: [Role.USER, Role.ADMIN] }, ...(acr ? { acr } : {}) },
        { issuer: h.idp.issuer, audience: 'hearth-web', subject: admin.consumer.keycloakId },
      );
    const without = await request(h.http)
      .get(`${API}/admin/kitchens`)
      .set({ Authorization: `Bearer ${await token()}` })
      .expect(403);
    expect(without.body.message).toBe('error.auth.mfa');
    await request(h.http)
      .get(`${API}/admin/kitchens`)
      .set({ Authorization: `Bearer ${await token('mfa')}` })
      .expect(200);
    // Routes open to customers too are not affected.
    await request(h.http)
      .get(`${API}/auth/me`)
      .set({ Authorization: `Bearer ${await token()}` })
      .expect(200);
  });
});
