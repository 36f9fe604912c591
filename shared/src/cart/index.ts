export * from './prune.js';
export * from './count-cookie.js';
