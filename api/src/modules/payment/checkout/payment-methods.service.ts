import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  checkoutMethods,
  PaymentMethod,
  SettingsKey,
  type CheckoutMethodFacts,
  type CheckoutMethodOption,
} from '@hearth/shared';
import type { Env } from '../../../config/env.js';
import { badField } from '../../../common/problem/problem.exception.js';
import { prepared, runPrepared } from '../../../common/database/prepared.js';
import type { CheckoutCart } from '../../order/checkout.service.js';
import { PaymentGatewaysService } from '../gateways/payment-gateways.service.js';

/** Loopback hosts: a gateway base there is the local gateway sandbox, where no money moves. */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

function isLocal(base: string | null | undefined): boolean {
  if (!base) return false;
  try {
    return LOCAL_HOSTS.has(new URL(base).hostname);
  } catch {
    return false;
  }
}

/**
 * Reads the facts `checkoutMethods` (@hearth/shared) decides on — the kitchens' PAYMENT_PREFERENCES and
 * CASH_MAX_ORDER_VALUE, their Stripe accounts and Cashfree beneficiaries, the configured gateways, the
 * customer's no-shows — for the checkout page and for `POST order`, which refuses a method not offered.
 */
@Injectable()
export class PaymentMethodsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly gateways: PaymentGatewaysService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  /** True when the gateway's API base points at the local sandbox: the page says "Test gateway". */
  get testMode(): { stripe: boolean; paypal: boolean; cashfree: boolean } {
    const c = this.gateways.config;
    return {
      stripe: isLocal(c.stripe?.apiBase),
      paypal: isLocal(c.paypal?.apiBase),
      cashfree: isLocal(c.cashfree?.apiBase),
    };
  }

  async options(cart: CheckoutCart, m: EntityManager = this.db.manager): Promise<CheckoutMethodOption[]> {
    return checkoutMethods(await this.facts(m, cart));
  }

  /** `POST order`'s check, inside its transaction: 400 on paymentMethod with the reason it isn't offered. */
  async vet(m: EntityManager, cart: CheckoutCart, method: PaymentMethod): Promise<void> {
    const chosen = (await this.options(cart, m)).find((o) => o.method === method);
    if (!chosen?.offered) {
      throw badField('paymentMethod', chosen?.reason ?? `${method} is not a payment method.`);
    }
  }

  async facts(m: EntityManager, cart: CheckoutCart): Promise<CheckoutMethodFacts> {
    const windowDays = this.config.get('NO_SHOW_WINDOW_DAYS', { infer: true });
    // One statement (checkout's hot path): the kitchens' facts and the customer's no-shows.
    const {
      rows: [facts],
    } = await runPrepared<FactsRow>(m, CHECKOUT_FACTS_SQL, [
      cart.publisherIds,
      SettingsKey.PAYMENT_PREFERENCES,
      SettingsKey.CASH_MAX_ORDER_VALUE,
      cart.consumerId,
      windowDays,
    ]);
    const kitchens = facts.kitchens ?? [];
    const methods = Object.values(PaymentMethod) as string[];
    return {
      currencyCode: cart.currencyCode,
      orderTotal: cart.orderTotal,
      kitchens: kitchens.map((k) => ({
        kitchenName: k.kitchen_name,
        // A kitchen that never saved its preferences takes cash only (settings-values.ts defaults).
        paymentPreferences: Array.isArray(k.prefs)
          ? (k.prefs.filter((v) => methods.includes(v as string)) as PaymentMethod[])
          : [PaymentMethod.CASH_ON_PICKUP_DELIVERY],
        stripeReady: k.stripe_ready,
        cashfreeBeneficiary: k.beneficiary,
        cashMaxOrderValue:
          (typeof k.cash_max === 'string' || typeof k.cash_max === 'number') &&
          /^\d+(\.\d+)?$/.test(String(k.cash_max))
            ? String(k.cash_max)
            : null,
      })),
      gateways: {
        stripe: this.gateways.stripe !== null,
        paypal: this.gateways.paypal !== null,
        cashfree: this.gateways.cashfree !== null,
      },
      noShows: {
        count: facts.no_shows ?? 0,
        limit: this.config.get('NO_SHOW_LIMIT', { infer: true }),
        windowDays,
      },
    };
  }
}

interface FactsRow {
  kitchens: Array<{
    kitchen_name: string;
    prefs: unknown;
    cash_max: unknown;
    stripe_ready: boolean;
    beneficiary: boolean;
  }> | null;
  no_shows: number;
}

/** The kitchens' payment facts and the customer's no-shows ($1 kitchens, $2/$3 setting keys, $4 customer, $5 days). */
const CHECKOUT_FACTS_SQL = prepared(`SELECT
         (SELECT json_agg(k ORDER BY k.kitchen_name) FROM (
            SELECT p.kitchen_name,
                   (SELECT value FROM chef_setting WHERE publisher_id = p.id AND key = $2) AS prefs,
                   (SELECT value FROM chef_setting WHERE publisher_id = p.id AND key = $3) AS cash_max,
                   EXISTS (SELECT 1 FROM payout_account a WHERE a.publisher_id = p.id AND a.gateway = 'stripe' AND a.charges_enabled) AS stripe_ready,
                   EXISTS (SELECT 1 FROM bank_beneficiary b WHERE b.publisher_id = p.id AND b.registered_at IS NOT NULL) AS beneficiary
              FROM publisher p WHERE p.id = ANY($1::uuid[])) k) AS kitchens,
         (SELECT count(DISTINCT l.order_id)::int
            FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
            JOIN customer_order o ON o.id = l.order_id
           WHERE o.consumer_id = $4 AND s.no_show_at > now() - make_interval(days => $5)) AS no_shows`);
