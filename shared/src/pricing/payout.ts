import { allocateMinor, applyRate, type DecimalInput, type MinorUnits } from '../money/index.js';

/** One paid date of an order, for {@link splitDatePayouts}. */
export interface PayoutDateInput {
  id: string;
  /** What the customer paid for this date (its item total + the delivery fee it carries), minor units. */
  gross: MinorUnits;
  /** The kitchen's platform fee share (`0.2` = 20 %), as stored on the order line. */
  vsFeeRate: DecimalInput;
}

/** How one date's gross divides: `gatewayFee + platformFee + payout === gross`, exactly. */
export interface DatePayoutSplit {
  gross: MinorUnits;
  /** This date's share of the order's gateway fees (by gross, largest remainder). */
  gatewayFee: MinorUnits;
  /** The platform's fee: the rate applied to `gross − gatewayFee`, rounded half away from zero. */
  platformFee: MinorUnits;
  /** What the chef is paid out for this date. */
  payout: MinorUnits;
}

/**
 * Splits an order's gateway fees over all its dates in proportion to what each date was paid (cancelled
 * dates included, so the shares always add up to the order's fees), then takes the platform fee of each date
 * at its kitchen's rate from what is left, as {@link computePaymentAmounts} does for a whole order. Each
 * date's parts add up to its gross, so a kitchen's payouts plus platform fees plus gateway fees are what the
 * customer paid for that kitchen's dates, to the minor unit. Dates are taken in the order given: pass them
 * in a stable order (by id) so every call splits the same way.
 */
export function splitDatePayouts(
  dates: readonly PayoutDateInput[],
  transactionFees: MinorUnits,
): Map<string, DatePayoutSplit> {
  const total = dates.reduce((sum, d) => sum + d.gross, 0);
  if (transactionFees > total)
    throw new RangeError(`Gateway fees ${transactionFees} exceed what was paid (${total})`);
  const fees =
    total === 0
      ? dates.map(() => 0)
      : allocateMinor(
          transactionFees,
          dates.map((d) => d.gross),
        );
  const out = new Map<string, DatePayoutSplit>();
  dates.forEach((d, i) => {
    const gatewayFee = fees[i] ?? 0;
    const net = d.gross - gatewayFee;
    const platformFee = applyRate(net, d.vsFeeRate);
    out.set(d.id, { gross: d.gross, gatewayFee, platformFee, payout: net - platformFee });
  });
  return out;
}
