import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.server';

describe('parseEnv in production (security review S-06)', () => {
  const production = { NODE_ENV: 'production', API_URL: 'http://127.0.0.1:8080' };

  it('refuses a missing SESSION_SECRET with one line naming it', () => {
    expect(() => parseEnv(production)).toThrow(
      /^Invalid environment for @hearth\/web: SESSION_SECRET is required in production$/,
    );
  });

  it.each([
    'change-me-in-production-please-32chars',
    'local-demo-session-secret-not-for-production',
    'dev-only-secret-change-me',
    'please-change-me-before-going-live',
  ])('refuses the published secret %s', (secret) => {
    expect(() => parseEnv({ ...production, SESSION_SECRET: secret })).toThrow(
      'SESSION_SECRET is a default published with Hearth',
    );
  });

  it('accepts a published secret only for an explicitly allowed local demo', () => {
    const secret = 'local-demo-session-secret-not-for-production';
    expect(() => parseEnv({ ...production, SESSION_SECRET: secret, HEARTH_DEMO: '1' })).toThrow();
    expect(
      parseEnv({ ...production, SESSION_SECRET: secret, HEARTH_DEMO: '1', HEARTH_DEMO_IN_PRODUCTION: '1' })
        .SESSION_SECRET,
    ).toBe(secret);
  });

  it('accepts a secret of its own', () => {
    expect(parseEnv({ ...production, SESSION_SECRET: 'a7f0c2e9b4d14f6a8e3c5b7d9f1a2c4e' }).NODE_ENV).toBe(
      'production',
    );
  });
});
