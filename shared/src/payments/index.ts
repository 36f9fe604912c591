export * from './checkout-methods.js';
