import { DEFAULT_PLATFORM_FEE_RATE, parseDecimal } from '@hearth/shared';

/** A share as a percentage, exactly (no floating point): `"0.2"` → `"20"`, `"0.125"` → `"12.5"`. */
export function sharePercent(rate: string): string {
  const { coefficient, scale } = parseDecimal(rate);
  if (scale <= 2) return (coefficient * 10n ** BigInt(2 - scale)).toString();
  const digits = scale - 2;
  const text = coefficient.toString().padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`.replace(/\.?0+$/, '');
}

/** The platform's default share of an order (spec §9 `vsFees` 0.2) as a percentage: `"20"`. */
export const PLATFORM_SHARE_PERCENT = sharePercent(DEFAULT_PLATFORM_FEE_RATE);
