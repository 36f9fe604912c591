// Test helpers shared by the packages' tests (`@hearth/shared/testing`); needs the dev dependency fast-check.
export * from './random-cart.js';
// One fast-check for every package's property tests (the API's CommonJS build would otherwise see other types).
export { default as fc } from 'fast-check';
