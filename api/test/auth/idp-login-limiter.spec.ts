import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { LoginRateLimiter, RedisFailureStore } from '../../src/identity-provider/login-rate-limiter.js';

describe('the local identity provider counts failed sign-ins in Redis (S-15)', () => {
  const prefix = `hearth:test-idp-${randomUUID()}:`;
  const url = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  // Two clients: two provider processes.
  const clients = [new Redis(url, { keyPrefix: prefix }), new Redis(url, { keyPrefix: prefix })];
  afterAll(async () => {
    const keys = await clients[0].keys(`${prefix}*`);
    if (keys.length > 0) await clients[0].del(...keys.map((k) => k.slice(prefix.length)));
    for (const c of clients) c.disconnect();
  });

  it('blocks an email + address after the failures counted by either process, until the window ends', async () => {
    const [a, b] = clients.map((c) => new LoginRateLimiter(new RedisFailureStore(c), 3, 1_500));
    await a.recordFailure('chef@hearth.test', '203.0.113.5');
    await b.recordFailure('Chef@Hearth.test', '203.0.113.5');
    expect(await a.retryAfterMs('chef@hearth.test', '203.0.113.5')).toBe(0);
    await a.recordFailure('chef@hearth.test', '203.0.113.5');
    const wait = await b.retryAfterMs('chef@hearth.test', '203.0.113.5');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(1_500);
    // Another address is not blocked: nobody can lock the account out for everyone.
    expect(await b.retryAfterMs('chef@hearth.test', '203.0.113.6')).toBe(0);
    await new Promise((r) => setTimeout(r, 1_600));
    expect(await a.retryAfterMs('chef@hearth.test', '203.0.113.5')).toBe(0);
  });

  it('clears the count on a successful sign-in, for every process', async () => {
    const [a, b] = clients.map((c) => new LoginRateLimiter(new RedisFailureStore(c), 2, 60_000));
    await a.recordFailure('customer@hearth.test', '203.0.113.7');
    await b.recordSuccess('customer@hearth.test', '203.0.113.7');
    await a.recordFailure('customer@hearth.test', '203.0.113.7');
    expect(await b.retryAfterMs('customer@hearth.test', '203.0.113.7')).toBe(0);
  });
});
