import { describe, expect, it } from 'vitest';
import { SharedLoads } from './shared-loads.js';

describe('SharedLoads', () => {
  it('gives concurrent callers of a key one load, and starts a new one once it has settled', async () => {
    const loads = new SharedLoads<number>();
    let started = 0;
    let release!: (n: number) => void;
    const start = () => {
      started += 1;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const a = loads.load('k', start);
    const b = loads.load('k', start);
    const other = loads.load('other', () => Promise.resolve(7));
    expect(started).toBe(1);
    release(42);
    expect(await Promise.all([a, b, other])).toEqual([42, 42, 7]);
    await Promise.resolve();
    void loads.load('k', start);
    expect(started).toBe(2);
  });

  it('shares a failure with the callers that waited, and forgets it', async () => {
    const loads = new SharedLoads<number>();
    const failing = () => Promise.reject(new Error('database down'));
    await expect(Promise.all([loads.load('k', failing), loads.load('k', failing)])).rejects.toThrow(
      'database down',
    );
    await Promise.resolve();
    expect(await loads.load('k', () => Promise.resolve(1))).toBe(1);
  });
});
