import { DEFAULTS } from '../constants/index.js';
import { PaymentMethod } from '../enums/index.js';
import {
  applyRate,
  parseDecimal,
  percentToRate,
  type DecimalInput,
  type MinorUnits,
} from '../money/index.js';

/** The platform's default share (spec §9 `vsFees` 0.2, i.e. 20 %), as a decimal string. */
export const DEFAULT_PLATFORM_FEE_RATE: string = DEFAULTS.vsFees;

/**
 * The platform fee rate of a kitchen. `kitchenPercentage` is what an admin set for that kitchen by name
 * (spec §6 "set-percentage-by-kitchen-name"), as a percentage: `15` means 15 % → `"0.15"`. Without one
 * (null, undefined or blank) the default {@link DEFAULT_PLATFORM_FEE_RATE} applies.
 *
 * @throws RangeError when the percentage is not between 0 and 100.
 */
export function platformFeeRate(kitchenPercentage?: DecimalInput | null): string {
  if (kitchenPercentage === null || kitchenPercentage === undefined) return DEFAULT_PLATFORM_FEE_RATE;
  if (typeof kitchenPercentage === 'string' && kitchenPercentage.trim() === '')
    return DEFAULT_PLATFORM_FEE_RATE;
  const rate = percentToRate(kitchenPercentage);
  assertRate(rate);
  return rate;
}

function assertRate(rate: DecimalInput): void {
  const { coefficient, scale } = parseDecimal(rate);
  if (coefficient < 0n || coefficient > 10n ** BigInt(scale)) {
    throw new RangeError(`A platform fee rate must be between 0 and 1, got ${rate}`);
  }
}

/** Input of {@link computePaymentAmounts}. Amounts are minor units of `currencyCode`. */
export interface PaymentAmountsInput {
  /** What the customer pays for the order (its cart total in this currency). */
  grossAmount: MinorUnits;
  currencyCode: string;
  paymentMethod: PaymentMethod;
  /** What the payment gateway keeps, as reported by it. Always 0 for cash. Default 0. */
  transactionFees?: MinorUnits;
  /** Platform share as a fraction (`0.2` = 20 %); see {@link platformFeeRate}. Default 0.2. */
  vsFeeRate?: DecimalInput;
}

/** The amounts of spec §3 "Payment details", in minor units of `currencyCode`. */
export interface PaymentAmounts {
  currencyCode: string;
  paymentMethod: PaymentMethod;
  grossAmount: MinorUnits;
  transactionFees: MinorUnits;
  /** `grossAmount − transactionFees`: what reaches the platform for this order. */
  netAmount: MinorUnits;
  /** The rate applied, as given (decimal string). */
  vsFeeRate: string;
  /** The platform fee: `vsFeeRate × netAmount`, rounded half away from zero to a minor unit. */
  vsFees: MinorUnits;
  /** What the chef keeps: `netAmount − vsFees`. */
  vsNet: MinorUnits;
}

/**
 * Splits a payment into the amounts of spec §3 "Payment details".
 *
 * `netAmount = grossAmount − transactionFees`; `vsFees = round(vsFeeRate × netAmount)` (half away from
 * zero, so the platform's share of 19.99 at 20 % is 4.00); `vsNet = netAmount − vsFees` is the chef's
 * payout. The chef therefore bears the gateway fee, and the platform takes its share of what is left
 * (delivery fees included, since they are part of the gross). `vsFees + vsNet === netAmount` always
 * holds, so no minor unit is lost to rounding. Cash on pickup/delivery has no gateway, so its
 * transaction fees are 0.
 *
 * @throws RangeError for a negative gross, fees larger than the gross, fees on a cash payment, or a rate outside 0..1.
 */
export function computePaymentAmounts(input: PaymentAmountsInput): PaymentAmounts {
  const { grossAmount, currencyCode, paymentMethod } = input;
  const transactionFees = input.transactionFees ?? 0;
  const rate = String(input.vsFeeRate ?? DEFAULT_PLATFORM_FEE_RATE).trim();
  if (!Number.isSafeInteger(grossAmount) || grossAmount < 0) {
    throw new RangeError(`grossAmount must be a non-negative integer of minor units, got ${grossAmount}`);
  }
  if (!Number.isSafeInteger(transactionFees) || transactionFees < 0 || transactionFees > grossAmount) {
    throw new RangeError(
      `transactionFees must be an integer between 0 and grossAmount, got ${transactionFees}`,
    );
  }
  if (paymentMethod === PaymentMethod.CASH_ON_PICKUP_DELIVERY && transactionFees !== 0) {
    throw new RangeError('A cash payment has no transaction fees');
  }
  assertRate(rate);
  const netAmount = grossAmount - transactionFees;
  const vsFees = applyRate(netAmount, rate);
  return {
    currencyCode,
    paymentMethod,
    grossAmount,
    transactionFees,
    netAmount,
    vsFeeRate: rate,
    vsFees,
    vsNet: netAmount - vsFees,
  };
}
