export * from './types.js';
export * from './pricing.js';
export * from './payment.js';
