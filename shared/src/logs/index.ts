export * from './client-log.js';
