export * from './dates.js';
export * from './labels.js';
export * from './time-zones.js';
