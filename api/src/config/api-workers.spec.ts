import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { apiWorkerCount } from './env.js';

describe('apiWorkerCount', () => {
  it('takes API_WORKERS when set, in every mode', () => {
    expect(apiWorkerCount({ API_WORKERS: 3, NODE_ENV: 'development' })).toBe(3);
    expect(apiWorkerCount({ API_WORKERS: 1, NODE_ENV: 'production' })).toBe(1);
  });

  it('defaults to one per core, at most 4, in production, and to one otherwise', () => {
    expect(apiWorkerCount({ NODE_ENV: 'production' })).toBe(Math.min(availableParallelism(), 4));
    expect(apiWorkerCount({ NODE_ENV: 'development' })).toBe(1);
    expect(apiWorkerCount({ NODE_ENV: 'test' })).toBe(1);
  });
});
