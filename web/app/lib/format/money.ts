import { formatMoney, toMinor } from '@hearth/shared';

/**
 * A decimal amount as the API sends it (`"26.97"`, in the chef's currency) formatted by the shared
 * rules: `formatAmount("26.97", "USD") === "$26.97"`. An amount that is missing or malformed reads as
 * an empty string (the page then shows nothing rather than a wrong price).
 */
export function formatAmount(
  amount: string | number | null | undefined,
  currencyCode: string | null | undefined,
): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const code = currencyCode || 'USD';
  try {
    return formatMoney(toMinor(amount, code), code);
  } catch {
    return '';
  }
}

/** True for a positive decimal amount (`"4.99"`), false for `"0.00"`, empty or malformed. */
export function isPositiveAmount(
  amount: string | number | null | undefined,
  currencyCode?: string | null,
): boolean {
  if (amount === null || amount === undefined || amount === '') return false;
  try {
    return toMinor(amount, currencyCode) > 0;
  } catch {
    return false;
  }
}
