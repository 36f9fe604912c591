import { describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { BlockCounter, blockSize } from './rate-limit.counter.js';

/** The Lua script's effect, in memory: one shared counter per key, as Redis keeps it for every process. */
function fakeRedis() {
  const counters = new Map<string, { total: number; ends: number }>();
  let calls = 0;
  const redis = {
    defineCommand: () => undefined,
    hearthRateLimitCount: async (key: string, by: number, ms: number) => {
      calls += 1;
      const now = Date.now();
      let c = counters.get(key);
      if (!c || c.ends <= now) counters.set(key, (c = { total: 0, ends: now + ms }));
      c.total += by;
      return [c.total, c.ends - now];
    },
  };
  return {
    redis: redis as unknown as Redis,
    calls: () => calls,
    total: (key: string) => counters.get(key)?.total,
  };
}

describe('BlockCounter', () => {
  it('counts one request per Redis call for limits of 100 or less (exact), then refuses from memory', async () => {
    const { redis, calls } = fakeRedis();
    const counter = new BlockCounter(redis);
    const results = [];
    for (let n = 0; n < 6; n++) results.push((await counter.count('search:ip:a', 4, 60_000)).allowed);
    expect(results).toEqual([true, true, true, true, false, false]);
    // The 5th is refused by Redis; the 6th from memory, as the window's count can only have grown.
    expect(calls()).toBe(5);
  });

  it('counts a block per call for high limits and never admits more than the limit across processes', async () => {
    const { redis, calls, total } = fakeRedis();
    expect(blockSize(3000)).toBe(30);
    // Three processes sharing one Redis, taking requests in turn.
    const processes = [new BlockCounter(redis), new BlockCounter(redis), new BlockCounter(redis)];
    let admitted = 0;
    for (let n = 0; n < 4000; n++) {
      if ((await processes[n % 3].count('default:ip:a', 3000, 60_000)).allowed) admitted += 1;
    }
    expect(admitted).toBeLessThanOrEqual(3000);
    // Refused early by at most (block − 1) × processes.
    expect(admitted).toBeGreaterThanOrEqual(3000 - 29 * 3);
    expect(calls()).toBeLessThan(4000 / 10);
    expect(total('rate-limit:default:ip:a')).toBeGreaterThanOrEqual(3000);
  });

  it('refuses with the seconds left in the window, at least 1', async () => {
    const { redis } = fakeRedis();
    const counter = new BlockCounter(redis);
    await counter.count('contact:ip:a', 1, 60_000);
    const refused = await counter.count('contact:ip:a', 1, 60_000);
    expect(refused.allowed).toBe(false);
    expect(refused.ttlSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.ttlSeconds).toBeLessThanOrEqual(60);
  });
});
