export * from './types.js';
export * from './pricing.js';
export * from './payment.js';
export * from './order-amounts.js';
export * from './payout.js';
