import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataSourceOptions } from '../../src/database/data-source.js';
import { migrate } from '../../src/database/migrate.js';
import {
  createDatabase,
  dropDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '../../src/database/postgres-admin.js';
import { DEMO_KITCHENS } from '../../src/database/seed/demo-data.js';
import { prepareDemoPayoutAccounts } from '../../src/database/seed/demo-payout-accounts.js';
import { seedDemoData } from '../../src/database/seed/seed.js';
import { loadGatewayConfig } from '../../src/modules/payment/gateways/gateway-config.js';
import { createStripeClient } from '../../src/modules/payment/gateways/stripe-client.js';
import { LocalDiskStorage } from '../../src/modules/storage/local-disk.storage.js';
import { startTestGateways, type TestGateways } from '../setup/gateways.js';

/** The demo kitchens that take cards: every one outside India. */
const CARD_KITCHENS = DEMO_KITCHENS.filter((k) => k.currencyCode !== 'INR').map((k) => k.kitchenName);

describe('prepareDemoPayoutAccounts (npm start with the gateway sandbox)', () => {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL as string;
  const databaseName = uniqueDatabaseName('hearth_demo_accounts_test');
  let db: DataSource;
  let storageDir: string;
  let gateways: TestGateways;
  let stripe: Stripe;

  beforeAll(async () => {
    await createDatabase(adminUrl, databaseName);
    const url = withDatabase(adminUrl, databaseName);
    await migrate(url);
    db = await new DataSource(buildDataSourceOptions(url)).initialize();
    storageDir = await mkdtemp(join(tmpdir(), 'hearth-demo-accounts-'));
    await seedDemoData(db, new LocalDiskStorage(storageDir));
    gateways = await startTestGateways();
    stripe = createStripeClient(loadGatewayConfig(gateways.apiEnv).stripe!);
  });

  afterAll(async () => {
    await gateways?.close();
    await db?.destroy();
    await dropDatabase(adminUrl, databaseName);
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });

  const accounts = async () =>
    (await db.query(
      `SELECT p.kitchen_name, a.account_id, a.charges_enabled, a.payouts_enabled, a.details_submitted
         FROM payout_account a JOIN publisher p ON p.id = a.publisher_id
        WHERE a.gateway = 'stripe' ORDER BY p.kitchen_name`,
    )) as Array<{
      kitchen_name: string;
      account_id: string;
      charges_enabled: boolean;
      payouts_enabled: boolean;
      details_submitted: boolean;
    }>;

  it('gives every card-taking demo kitchen an onboarded Express account at the sandbox, and none to the Indian one', async () => {
    const summary = await prepareDemoPayoutAccounts(db, stripe, { returnUrl: 'http://localhost:3000/' });
    expect([...summary.created].sort()).toEqual([...CARD_KITCHENS].sort());
    expect(summary.skipped).toEqual(['annapurna-hyderabad (does not take card payments)']);

    const rows = await accounts();
    expect(rows.map((r) => r.kitchen_name).sort()).toEqual([...CARD_KITCHENS].sort());
    for (const row of rows) {
      expect(row).toMatchObject({ charges_enabled: true, payouts_enabled: true, details_submitted: true });
      // The gateway agrees: the account exists there and was onboarded through its page.
      const account = await stripe.accounts.retrieve(row.account_id);
      expect(account).toMatchObject({ type: 'express', charges_enabled: true, payouts_enabled: true });
    }
  });

  it('changes nothing when run again', async () => {
    const before = await accounts();
    const summary = await prepareDemoPayoutAccounts(db, stripe, { returnUrl: 'http://localhost:3000/' });
    expect(summary.created).toEqual([]);
    expect(summary.ready.length).toBe(CARD_KITCHENS.length);
    expect(await accounts()).toEqual(before);
  });

  it('makes a new account when the sandbox has forgotten the recorded one (its state file deleted)', async () => {
    const [first] = await accounts();
    delete gateways.sandbox.store.state.stripe.accounts[first!.account_id];
    const summary = await prepareDemoPayoutAccounts(db, stripe, { returnUrl: 'http://localhost:3000/' });
    expect(summary.created).toEqual([first!.kitchen_name]);
    const [again] = (await accounts()).filter((r) => r.kitchen_name === first!.kitchen_name);
    expect(again!.account_id).not.toBe(first!.account_id);
    expect(again!.charges_enabled).toBe(true);
  });
});
