export * from './enums/index.js';
export * from './constants/index.js';
export * from './errors/index.js';
