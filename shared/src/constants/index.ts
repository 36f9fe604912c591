export * from './time-slots.js';
export * from './countries.js';
export * from './defaults.js';
export * from './messages.js';
export * from './payouts.js';
export * from './search-examples.js';
export * from './limits.js';
export * from './nutrients.js';
