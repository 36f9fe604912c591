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

  /**
   * `POST order`'s check, on the facts its read returned with {@link checkoutRead}'s columns: 400 on
   * paymentMethod with the reason the method isn't offered for this cart.
   */
  vet(row: Record<string, unknown>, cart: CheckoutCart, method: PaymentMethod): void {
    const chosen = checkoutMethods(this.factsOf(row as unknown as FactsRow, cart)).find(
      (o) => o.method === method,
    );
    if (!chosen?.offered) {
      throw badField('paymentMethod', chosen?.reason ?? `${method} is not a payment method.`);
    }
  }

  /**
   * What checkout's one read adds to read this module's facts in the same statement (a fixed text, so that
   * the read stays one prepared statement): the columns `kitchens` and `no_shows` of the cart's kitchens and
   * the customer (SQL expressions), with placeholders from `$first` on, and their values.
   */
  readonly checkoutRead = {
    columns: (kitchens: string, consumer: string, first: number): string =>
      checkoutFactsColumns(kitchens, `$${first}`, `$${first + 1}`, consumer, `$${first + 2}`),
    values: (): unknown[] => [
      SettingsKey.PAYMENT_PREFERENCES,
      SettingsKey.CASH_MAX_ORDER_VALUE,
      this.config.get('NO_SHOW_WINDOW_DAYS', { infer: true }),
    ],
  };

  async facts(m: EntityManager, cart: CheckoutCart): Promise<CheckoutMethodFacts> {
    const {
      rows: [facts],
    } = await runPrepared<FactsRow>(m, CHECKOUT_FACTS_SQL, [
      cart.publisherIds,
      cart.consumerId,
      ...this.checkoutRead.values(),
    ]);
    return this.factsOf(facts, cart);
  }

  private factsOf(facts: FactsRow, cart: CheckoutCart): CheckoutMethodFacts {
    const windowDays = this.config.get('NO_SHOW_WINDOW_DAYS', { infer: true });
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

/**
 * The kitchens' payment facts and the customer's no-shows as two columns, `kitchens` and `no_shows`, of a larger
 * select list: `kitchens` a uuid[] and `consumer` SQL expressions, the setting keys and the no-show window in days
 * placeholders.
 */
const checkoutFactsColumns = (
  kitchens: string,
  prefsKey: string,
  cashKey: string,
  consumer: string,
  days: string,
) => `
         (SELECT json_agg(k ORDER BY k.kitchen_name) FROM (
            SELECT p.kitchen_name,
                   (SELECT value FROM chef_setting WHERE publisher_id = p.id AND key = ${prefsKey}) AS prefs,
                   (SELECT value FROM chef_setting WHERE publisher_id = p.id AND key = ${cashKey}) AS cash_max,
                   EXISTS (SELECT 1 FROM payout_account a WHERE a.publisher_id = p.id AND a.gateway = 'stripe' AND a.charges_enabled) AS stripe_ready,
                   EXISTS (SELECT 1 FROM bank_beneficiary b WHERE b.publisher_id = p.id AND b.registered_at IS NOT NULL) AS beneficiary
              FROM publisher p WHERE p.id = ANY(${kitchens})) k) AS kitchens,
         (SELECT count(DISTINCT l.order_id)::int
            FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
            JOIN customer_order o ON o.id = l.order_id
           WHERE o.consumer_id = ${consumer} AND s.no_show_at > now() - make_interval(days => ${days})) AS no_shows`;

/** The facts on their own ($1 kitchens, $2 customer, $3/$4 setting keys, $5 days): the checkout page's methods. */
const CHECKOUT_FACTS_SQL = prepared(`SELECT ${checkoutFactsColumns('$1::uuid[]', '$3', '$4', '$2', '$5')}`);
