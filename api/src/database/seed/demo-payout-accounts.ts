/**
 * Ready Stripe Connect accounts for the demo kitchens, so a newcomer on `npm start` can pay by card at once:
 * `node dist/database/seed/demo-payout-accounts.js`, run by `npm start` (scripts/stack.mjs) after the local
 * gateway sandbox and the API are up. Accounts live in the gateway, not in the seed: for each demo kitchen
 * that takes card payments this creates an Express account through the sandbox with the real `stripe` SDK,
 * completes the sandbox's onboarding page (the form a chef would submit) and records the account in
 * `payout_account`, as the chef's own onboarding (`settings/setup-stripe-account`) would.
 *
 * Idempotent: a kitchen whose recorded account the sandbox still knows and reports ready is left alone; one
 * whose account the sandbox no longer knows (its state file was deleted) gets a new one. Refuses to run
 * without HEARTH_DEMO=1 or against a real Stripe (STRIPE_API_BASE unset): demo accounts never go to Stripe.
 */
import { findCountry, PaymentMethod, SettingsKey } from '@hearth/shared';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { demoAllowed } from '../../config/production-guard.js';
import { loadGatewayConfig } from '../../modules/payment/gateways/gateway-config.js';
import { createStripeClient } from '../../modules/payment/gateways/stripe-client.js';
import { buildDataSourceOptions, DEFAULT_DATABASE_URL } from '../data-source.js';
import { DEMO_KITCHENS } from './demo-data.js';

export interface DemoPayoutAccountsSummary {
  /** Kitchens whose account was created (or re-created) and onboarded by this run. */
  created: string[];
  /** Kitchens that already had a ready account. */
  ready: string[];
  /** Kitchens skipped, with why (no card payments in their preferences, not seeded). */
  skipped: string[];
}

interface KitchenRow {
  publisher_id: string;
  kitchen_name: string;
  user_email: string;
  account_id: string | null;
  charges_enabled: boolean | null;
  preferences: unknown;
}

/**
 * Gives every demo kitchen that accepts STRIPE_CARD a ready Express account at the sandbox `stripe` points
 * at. `returnUrl` is where the onboarding page would send the chef back (never followed here).
 */
export async function prepareDemoPayoutAccounts(
  dataSource: DataSource,
  stripe: Stripe,
  options: { returnUrl: string },
): Promise<DemoPayoutAccountsSummary> {
  const summary: DemoPayoutAccountsSummary = { created: [], ready: [], skipped: [] };
  const rows = (await dataSource.query(
    `SELECT p.id AS publisher_id, p.kitchen_name, p.user_email, a.account_id, a.charges_enabled,
            s.value AS preferences
       FROM publisher p
       LEFT JOIN payout_account a ON a.publisher_id = p.id AND a.gateway = 'stripe'
       LEFT JOIN chef_setting s ON s.publisher_id = p.id AND s.key = $2
      WHERE lower(p.kitchen_name) = ANY($1::text[])`,
    [DEMO_KITCHENS.map((k) => k.kitchenName.toLowerCase()), SettingsKey.PAYMENT_PREFERENCES],
  )) as KitchenRow[];
  const byName = new Map(rows.map((r) => [r.kitchen_name.toLowerCase(), r]));

  for (const kitchen of DEMO_KITCHENS) {
    const row = byName.get(kitchen.kitchenName.toLowerCase());
    if (!row) {
      summary.skipped.push(`${kitchen.kitchenName} (not in the database)`);
      continue;
    }
    const preferences = Array.isArray(row.preferences) ? (row.preferences as string[]) : [];
    if (!preferences.includes(PaymentMethod.STRIPE_CARD)) {
      summary.skipped.push(`${kitchen.kitchenName} (does not take card payments)`);
      continue;
    }
    if (row.account_id && row.charges_enabled && (await readyAt(stripe, row.account_id))) {
      summary.ready.push(kitchen.kitchenName);
      continue;
    }

    const account = await stripe.accounts.create({
      type: 'express',
      country: findCountry(kitchen.address.country)?.code ?? 'US',
      email: row.user_email,
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      metadata: { publisher_id: row.publisher_id, demo: 'true' },
    });
    // Recorded before onboarding completes, so the account.updated webhook the sandbox then sends finds it.
    await dataSource.query(
      `INSERT INTO payout_account (publisher_id, gateway, account_id)
       VALUES ($1, 'stripe', $2)
       ON CONFLICT (publisher_id, gateway) DO UPDATE
         SET account_id = EXCLUDED.account_id, charges_enabled = false, payouts_enabled = false,
             details_submitted = false, updated_at = now()`,
      [row.publisher_id, account.id],
    );
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      return_url: options.returnUrl,
      refresh_url: options.returnUrl,
    });
    // The sandbox's onboarding page is a plain form; posting it is what "Complete onboarding" does.
    const submitted = await fetch(link.url, { method: 'POST', redirect: 'manual' });
    if (submitted.status !== 303) {
      throw new Error(
        `the sandbox's onboarding page answered ${submitted.status} for ${kitchen.kitchenName} (expected 303)`,
      );
    }
    const onboarded = await stripe.accounts.retrieve(account.id);
    await dataSource.query(
      `UPDATE payout_account
          SET charges_enabled = $2, payouts_enabled = $3, details_submitted = $4, updated_at = now()
        WHERE account_id = $1`,
      [account.id, onboarded.charges_enabled, onboarded.payouts_enabled, onboarded.details_submitted],
    );
    summary.created.push(kitchen.kitchenName);
  }
  return summary;
}

/** Whether the gateway knows the account and it can take charges (false when it no longer exists). */
async function readyAt(stripe: Stripe, accountId: string): Promise<boolean> {
  try {
    const account = await stripe.accounts.retrieve(accountId);
    return account.charges_enabled === true;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return false;
    throw error;
  }
}

async function main(): Promise<void> {
  const problems: string[] = [];
  if (!demoAllowed(process.env, problems)) {
    throw new Error(problems[0] ?? 'demo payout accounts are prepared only with HEARTH_DEMO=1');
  }
  const stripeConfig = loadGatewayConfig(process.env).stripe;
  if (!stripeConfig?.apiBase) {
    throw new Error(
      'demo payout accounts are made only at the local gateway sandbox (STRIPE_API_BASE and the Stripe keys set)',
    );
  }
  const dataSource = await new DataSource(
    buildDataSourceOptions(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL),
  ).initialize();
  try {
    const webOrigin = process.env.WEB_ORIGIN || 'http://localhost:3000';
    const s = await prepareDemoPayoutAccounts(dataSource, createStripeClient(stripeConfig), {
      returnUrl: `${webOrigin}/`,
    });
    console.log(
      `demo payout accounts (test gateway): ${s.created.length} created and onboarded, ${s.ready.length} already ready` +
        (s.skipped.length ? `, skipped ${s.skipped.join(', ')}` : ''),
    );
  } finally {
    await dataSource.destroy();
  }
}

// Run only as a script, not when imported by a test.
if (typeof require !== 'undefined' && require.main === module) {
  main().catch((error: unknown) => {
    console.error(`demo payout accounts: failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
