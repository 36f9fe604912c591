export * from './transitions.js';
export * from './timeline.js';
