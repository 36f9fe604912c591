import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, LoginRateLimiter, MemoryFailureStore } from './login-rate-limiter.js';

describe(LoginRateLimiter.name, () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('blocks an email + address after the allowed failures until the window ends', async () => {
    const time = clock();
    const sut = new LoginRateLimiter(new MemoryFailureStore(time.now), 3, 60_000);
    for (let i = 0; i < 3; i++) {
      expect(await sut.retryAfterMs('Chef@Hearth.test', '10.0.0.1')).toBe(0);
      await sut.recordFailure('chef@hearth.test', '10.0.0.1');
    }
    expect(await sut.retryAfterMs('chef@hearth.test ', '10.0.0.1')).toBe(60_000);
    expect(await sut.retryAfterMs('chef@hearth.test', '10.0.0.2')).toBe(0);
    expect(await sut.retryAfterMs('customer@hearth.test', '10.0.0.1')).toBe(0);
    time.advance(60_000);
    expect(await sut.retryAfterMs('chef@hearth.test', '10.0.0.1')).toBe(0);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const sut = new LoginRateLimiter(new MemoryFailureStore(), 2, 60_000);
    await sut.recordFailure('chef@hearth.test', '10.0.0.1');
    await sut.recordSuccess('chef@hearth.test', '10.0.0.1');
    await sut.recordFailure('chef@hearth.test', '10.0.0.1');
    expect(await sut.retryAfterMs('chef@hearth.test', '10.0.0.1')).toBe(0);
  });
});

describe(clientAddress.name, () => {
  const req = (remoteAddress: string, forwarded?: string) =>
    ({
      socket: { remoteAddress },
      headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    }) as unknown as IncomingMessage;

  it('takes the entry a proxy on this machine appended to X-Forwarded-For', () => {
    expect(clientAddress(req('127.0.0.1', '203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddress(req('::ffff:127.0.0.1', '6.6.6.6, 203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddress(req('::1'))).toBe('::1');
  });

  it('ignores the header from anyone else, and a malformed entry', () => {
    expect(clientAddress(req('198.51.100.4', '203.0.113.9'))).toBe('198.51.100.4');
    expect(clientAddress(req('127.0.0.1', 'not-an-address'))).toBe('127.0.0.1');
  });
});
