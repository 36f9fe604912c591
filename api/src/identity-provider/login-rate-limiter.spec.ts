import { describe, expect, it } from 'vitest';
import { LoginRateLimiter } from './login-rate-limiter.js';

describe(LoginRateLimiter.name, () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('blocks an email + address after the allowed failures until the window ends', () => {
    const time = clock();
    const sut = new LoginRateLimiter(3, 60_000, time.now);
    for (let i = 0; i < 3; i++) {
      expect(sut.retryAfterMs('Chef@Hearth.test', '10.0.0.1')).toBe(0);
      sut.recordFailure('chef@hearth.test', '10.0.0.1');
    }
    expect(sut.retryAfterMs('chef@hearth.test ', '10.0.0.1')).toBe(60_000);
    expect(sut.retryAfterMs('chef@hearth.test', '10.0.0.2')).toBe(0);
    expect(sut.retryAfterMs('customer@hearth.test', '10.0.0.1')).toBe(0);
    time.advance(60_000);
    expect(sut.retryAfterMs('chef@hearth.test', '10.0.0.1')).toBe(0);
  });

  it('forgets earlier failures after a successful sign-in', () => {
    const sut = new LoginRateLimiter(2, 60_000);
    sut.recordFailure('chef@hearth.test', '10.0.0.1');
    sut.recordSuccess('chef@hearth.test', '10.0.0.1');
    sut.recordFailure('chef@hearth.test', '10.0.0.1');
    expect(sut.retryAfterMs('chef@hearth.test', '10.0.0.1')).toBe(0);
  });
});
