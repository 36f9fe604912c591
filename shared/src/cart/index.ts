export * from './dates.js';
export * from './prune.js';
