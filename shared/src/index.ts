export * from './enums/index.js';
export * from './constants/index.js';
export * from './errors/index.js';
export * from './money/index.js';
export * from './pricing/index.js';
export * from './cart/index.js';
export * from './orders/index.js';
export * from './address/index.js';
