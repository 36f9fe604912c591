import { DiscoveryModule } from '@nestjs/core';
import { Test, type TestingModule } from '@nestjs/testing';
import request from 'supertest';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@hearth/shared';
import { coreImports } from '../../src/app.module.js';
import { PaymentAccountEventsModule } from '../../src/modules/payment/accounts/payment-account-events.module.js';
import { PaymentEventRegistry } from '../../src/modules/payment/events/payment-event.registry.js';
import { PaymentGatewaysService } from '../../src/modules/payment/gateways/payment-gateways.service.js';
import { PayoutAccountEntity } from '../../src/modules/payment/payout-account.entity.js';
import { BankBeneficiaryEntity } from '../../src/modules/settings/bank-beneficiary.entity.js';
import { startTestGateways, type TestGateways } from '../setup/gateways.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { mintToken } from '../setup/identity.js';
import { API, approvedChef } from '../publisher/kitchens.js';
import { formAction } from './webhook-receiver.js';

/**
 * Chefs getting paid (issue 15 items 1 and 3), with the API's real gateway clients against the local
 * sandbox: Stripe Connect Express onboarding through the hosted page submitted like a browser without
 * JavaScript, and Cashfree Payouts beneficiaries registered (or refused) at the sandbox.
 */
let gateways: TestGateways;
let h: Harness;
let admin: TestActor;

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

beforeAll(async () => {
  gateways = await startTestGateways();
  h = await startHarness(gateways.apiEnv);
  admin = await h.admin();
});

afterAll(async () => {
  await h?.close();
  await gateways?.close();
});

const post = (actor: TestActor, path: string) =>
  request(h.http).post(`${API}/settings/${path}`).set(actor.auth);
const get = (actor: TestActor, path: string) =>
  request(h.http).get(`${API}/settings/${path}`).set(actor.auth);

/** The worker's side of the Connect account: core modules, the registry, and PaymentAccountEventsModule. */
async function startEventsWorker(): Promise<TestingModule> {
  const saved = { ...process.env };
  Object.assign(process.env, { LOG_LEVEL: 'silent', NODE_ENV: 'test' }, gateways.apiEnv);
  try {
    const moduleRef = await Test.createTestingModule({
      imports: [...coreImports(), DiscoveryModule, PaymentAccountEventsModule],
      providers: [PaymentEventRegistry],
    }).compile();
    await moduleRef.init();
    return moduleRef;
  } finally {
    process.env = saved;
  }
}

/** Completes the sandbox's hosted onboarding like a browser with JavaScript off; returns where it sent us. */
async function completeOnboarding(url: string): Promise<string | null> {
  const page = await fetch(url);
  const html = await page.text();
  expect(page.status).toBe(200);
  const res = await fetch(new URL(formAction(html, /Complete onboarding/), url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return res.headers.get('location');
}

describe('Stripe Connect Express onboarding', () => {
  it('creates one account, hands out a fresh link each time, and records the finished onboarding', async () => {
    const chef = await approvedChef(h, admin);
    expect((await get(chef, 'stripe-account').expect(200)).body).toEqual({
      state: 'NOT_SET_UP',
      accountId: null,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
    });
    const [first, second] = await Promise.all([
      post(chef, 'setup-stripe-account').expect(200),
      post(chef, 'setup-stripe-account').expect(200),
    ]);
    const accountId = first.body.account.accountId as string;
    expect(accountId).toMatch(/^acct_/);
    expect(second.body.account.accountId).toBe(accountId);
    expect(first.body.account.state).toBe('ONBOARDING');
    expect(first.body.url).not.toBe(second.body.url);
    const rows = await h.db.getRepository(PayoutAccountEntity).findBy({ publisherId: chef.kitchen.id });
    expect(rows).toHaveLength(1);
    const stripe = h.app.get(PaymentGatewaysService).stripe!;
    const account = await stripe.accounts.retrieve(accountId);
    expect(account).toMatchObject({
      type: 'express',
      country: 'US',
      metadata: { publisherId: chef.kitchen.id },
    });

    // Not onboarded yet: connect records what Stripe says, still not enabled.
    expect((await post(chef, 'connect-stripe-account').expect(200)).body.state).toBe('ONBOARDING');

    const back = await completeOnboarding(second.body.url);
    expect(back).toBe(`${h.origin}/l/settings/stripe-return`);
    const connected = await get(chef, 'connect-stripe-account').expect(200);
    expect(connected.body).toEqual({
      state: 'ENABLED',
      accountId,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
    expect(await h.db.getRepository(PayoutAccountEntity).findOneByOrFail({ accountId })).toMatchObject({
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
    // Later calls reuse the account.
    const again = await post(chef, 'setup-stripe-account').expect(200);
    expect(again.body.account).toMatchObject({ accountId, state: 'ENABLED' });
  });

  it('keeps the row in step with account.updated events (handler declared for the payment-events worker)', async () => {
    const chef = await approvedChef(h, admin);
    const setup = await post(chef, 'setup-stripe-account').expect(200);
    await completeOnboarding(setup.body.url);
    // Booted as the payment-events worker boots it: the registry finds the handler among its providers.
    const worker = await startEventsWorker();
    const handler = worker.get(PaymentEventRegistry).handlerFor('stripe', 'account.updated');
    expect(handler?.declaredBy).toBe('StripeAccountListener.onAccountUpdated');
    const account = await h.app
      .get(PaymentGatewaysService)
      .stripe!.accounts.retrieve(setup.body.account.accountId);
    const apply = (a: Partial<Stripe.Account>) =>
      h.db.transaction((m) =>
        handler!.run({
          m,
          event: {
            id: '00000000-0000-4000-8000-000000000000',
            gateway: 'stripe',
            eventId: `evt_${Date.now()}`,
            type: 'account.updated',
            payload: { type: 'account.updated', account: a.id, data: { object: a } },
            receivedAt: new Date(),
            attempt: 1,
          },
          afterCommit: () => undefined,
          relateToOrder: () => undefined,
        }),
      );
    await apply(account);
    expect((await get(chef, 'stripe-account').expect(200)).body.state).toBe('ENABLED');
    // Stripe disables charges (e.g. documents overdue): card payment stops being offered.
    await apply({ ...account, charges_enabled: false, payouts_enabled: false });
    expect((await get(chef, 'stripe-account').expect(200)).body).toMatchObject({
      state: 'ONBOARDING',
      chargesEnabled: false,
      payoutsEnabled: false,
    });
    // An account that is no kitchen's changes nothing and does not fail.
    await apply({ ...account, id: 'acct_unknown' });
    await worker.close();
  });

  it('asks for a recent sign-in, refuses Indian kitchens, and is for chefs only', async () => {
    const chef = await approvedChef(h, admin);
    const stale = await mintToken(
      {
        realm_access: { roles: [Role.USER] },
        email: chef.consumer.userEmail,
        auth_time: Math.floor(Date.now() / 1000) - 3600,
      },
      { issuer: h.idp.issuer, audience: 'hearth-web', subject: chef.consumer.keycloakId },
    );
    const refused = await request(h.http)
      .post(`${API}/settings/setup-stripe-account`)
      .set({ Authorization: `Bearer ${stale}` })
      .expect(403);
    expect(refused.body.message).toBe('error.auth.stepUp');
    expect(await h.db.getRepository(PayoutAccountEntity).countBy({ publisherId: chef.kitchen.id })).toBe(0);

    const indian = await approvedChef(h, admin, HYDERABAD);
    const india = await post(indian, 'setup-stripe-account').expect(409);
    expect(india.body.message).toBe('error.payout.country');

    const customer = await h.customer();
    await post(customer, 'setup-stripe-account').expect(403);
    await post(chef, 'connect-stripe-account').expect(409);
  });
});

describe('Cashfree Payouts beneficiary', () => {
  it('registers the bank account with Cashfree Payouts before storing it', async () => {
    const chef = await approvedChef(h, admin, HYDERABAD);
    const res = await post(chef, 'add-cashfree-beneficiary').send(beneficiary).expect(201);
    expect(res.body).toMatchObject({ registeredWithGateway: true, bankAccount: '••••••••9012' });
    const row = await h.db.getRepository(BankBeneficiaryEntity).findOneByOrFail({ beneId: res.body.beneId });
    expect(row.registeredAt).toBeInstanceOf(Date);
    const atCashfree = await h.app
      .get(PaymentGatewaysService)
      .cashfreePayout!.getBeneficiary(res.body.beneId);
    expect(atCashfree).toMatchObject({
      beneficiary_id: res.body.beneId,
      beneficiary_name: 'Priya Raman',
      beneficiary_instrument_details: { bank_account_number: '123456789012', bank_ifsc: 'HDFC0001234' },
      beneficiary_contact_details: { beneficiary_phone: '9876543210' },
    });
    expect((await request(h.http).get(`${API}/settings`).set(chef.auth).expect(200)).body.CASH_FREE).toEqual(
      res.body,
    );
  });

  it("refuses an account Cashfree does not accept with Cashfree's reason, and stores nothing", async () => {
    const chef = await approvedChef(h, admin, HYDERABAD);
    const res = await post(chef, 'add-cashfree-beneficiary')
      .send({ ...beneficiary, ifsc: 'NONE0000001' })
      .expect(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).toMatchObject({
      status: 400,
      message: 'error.payout.beneficiary_refused',
      params: { code: 'beneficiary_instrument_details.bank_ifsc_not_found' },
    });
    expect(res.body.detail).toContain('NONE0000001 is not the IFSC of any bank branch');
    expect(await h.db.getRepository(BankBeneficiaryEntity).countBy({ publisherId: chef.kitchen.id })).toBe(0);
    const settings = (await request(h.http).get(`${API}/settings`).set(chef.auth).expect(200)).body;
    expect(settings).toMatchObject({ CASH_FREE: null, CASH_FREE_ACCOUNT_NUMBER: null });
    // Corrected, it goes through.
    await post(chef, 'add-cashfree-beneficiary').send(beneficiary).expect(201);
  });
});
