import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumMinor, toMinor } from '@hearth/shared';
import {
  onlineOrder,
  paymentState,
  payOnHostedPage,
  startPaymentStack,
  until,
  type PaymentStack,
} from './payment-stack.js';

/** The six currencies Hearth's countries use (shared/src/constants/countries.ts). */
const CURRENCIES = ['USD', 'INR', 'CAD', 'SGD', 'MYR', 'AUD'] as const;

/**
 * Amounts reconcile to the minor unit for every paid order: gross = Σ chef net + Σ platform fee + gateway
 * fees, with PayPal's real fee (2.9 % + 0.30 in the sandbox) split across two kitchens at different
 * platform rates, in each currency.
 */
describe('paid orders reconcile to the minor unit in every currency', () => {
  let s: PaymentStack;
  beforeAll(async () => {
    s = await startPaymentStack();
  });
  afterAll(() => s?.close());

  it.each(CURRENCIES)('%s: gross = Σ chef net + Σ platform fee + gateway fees', async (currency) => {
    const o = await onlineOrder(s, { gateway: 'paypal', currency });
    // The second kitchen keeps a different platform rate (15 %).
    const [second] = (await s.h.db.query(
      `SELECT l.publisher_id FROM ordered_cart_item l WHERE l.order_id = $1 ORDER BY l.item_total DESC LIMIT 1`,
      [o.orderId],
    )) as Array<{ publisher_id: string }>;
    await s.h.db.query(
      `UPDATE ordered_cart_item SET vs_fees = 0.15 WHERE order_id = $1 AND publisher_id = $2`,
      [o.orderId, second.publisher_id],
    );
    await payOnHostedPage(o.checkoutUrl);
    const st = await until(`the ${currency} order paid`, async () => {
      const x = await paymentState(s.h, o.orderId);
      return x.isPaymentCompleted ? x : undefined;
    });
    const m = (v: string) => toMinor(v, currency);
    const split = st.additionalDetails?.split as Array<Record<string, string>>;
    expect(split).toHaveLength(2);
    const chefNet = sumMinor(split.map((k) => m(k.vsNet)));
    const platform = sumMinor(split.map((k) => m(k.vsFees)));
    const fees = sumMinor(split.map((k) => m(k.transactionFees)));
    expect(m(st.grossAmount)).toBe(m(o.gross));
    expect(chefNet + platform + fees).toBe(m(st.grossAmount));
    expect(sumMinor(split.map((k) => m(k.grossAmount)))).toBe(m(st.grossAmount));
    // The order's totals are the kitchens' sums, and the fee is what PayPal kept on its captures.
    expect([m(st.vsNet), m(st.vsFees), m(st.transactionFees)]).toEqual([chefNet, platform, fees]);
    expect(m(st.netAmount)).toBe(m(st.grossAmount) - fees);
    const order = await s.paypal.getOrder(o.checkoutId);
    const paypalFees = sumMinor(
      order.purchase_units.flatMap((u) =>
        (u.payments?.captures ?? []).map((c) => m(c.seller_receivable_breakdown?.paypal_fee.value ?? '0')),
      ),
    );
    expect(fees).toBe(paypalFees);
    expect(fees).toBeGreaterThan(0);
    // Each kitchen's platform fee is its own rate of its own net.
    const rates = split.map((k) =>
      m(k.grossAmount) - m(k.transactionFees) === 0
        ? 0
        : m(k.vsFees) / (m(k.grossAmount) - m(k.transactionFees)),
    );
    expect(rates.map((r) => Math.round(r * 100)).sort()).toEqual([15, 20]);
  });
});
