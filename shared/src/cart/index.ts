export * from './prune.js';
