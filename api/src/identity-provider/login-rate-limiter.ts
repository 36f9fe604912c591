interface Window {
  failures: number;
  resetAt: number;
}

/**
 * Counts failed sign-ins per email and client address in memory (enough for a single development
 * provider): after `maxFailures` failures within `windowMs` that pair is blocked until the window ends.
 * A successful sign-in clears the count.
 */
export class LoginRateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly maxFailures = 10,
    private readonly windowMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the pair may try again, or 0 when it is not blocked. */
  retryAfterMs(email: string, ip: string): number {
    const window = this.current(this.key(email, ip));
    return window && window.failures >= this.maxFailures ? window.resetAt - this.now() : 0;
  }

  recordFailure(email: string, ip: string): void {
    const key = this.key(email, ip);
    const window = this.current(key) ?? { failures: 0, resetAt: this.now() + this.windowMs };
    window.failures += 1;
    this.windows.set(key, window);
    if (this.windows.size > 10_000) this.prune();
  }

  recordSuccess(email: string, ip: string): void {
    this.windows.delete(this.key(email, ip));
  }

  private key(email: string, ip: string): string {
    return `${email.trim().toLowerCase()}\n${ip}`;
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private prune(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
