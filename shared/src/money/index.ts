export * from './currency.js';
export type { DecimalInput } from './decimal.js';
export { parseDecimal, divideRoundHalfAwayFromZero } from './decimal.js';
export type { ScaledDecimal } from './decimal.js';
export * from './money.js';
