import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { validateEnv } from './env.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://hearth_app:Qm4v9x2LrT7k@db.internal:5432/hearth',
  REDIS_URL: 'rediss://:r3d1s-pw@cache.internal:6380',
  WEB_ORIGIN: 'https://hearth.example',
  OIDC_ISSUER_URL: 'https://id.hearth.example/realms/hearth',
  OIDC_CLIENT_SECRET: 'b1d9f3a7c52e4e0f9a6d8c1b7e3f5a20',
  DATA_ENCRYPTION_KEY: 'q3Jx0mVb8Yt1cN5sW2eR7uK4pL9oA6dF0gH3jZ8xC1E=',
};

describe('validateEnv in production (security review S-06)', () => {
  it('accepts a complete production configuration', () => {
    expect(validateEnv(PRODUCTION).OIDC_CLIENT_SECRET).toBe(PRODUCTION.OIDC_CLIENT_SECRET);
  });

  it.each([
    'DATABASE_URL',
    'REDIS_URL',
    'WEB_ORIGIN',
    'OIDC_ISSUER_URL',
    'OIDC_CLIENT_SECRET',
    'DATA_ENCRYPTION_KEY',
  ])('refuses an unset %s, naming it on one line', (name) => {
    const env: Record<string, string> = { ...PRODUCTION, [name]: '' };
    expect(() => validateEnv(env)).toThrow(
      new Error(`Refused production configuration: ${name} must be set in production`),
    );
  });

  it.each(['hearth-dev-secret', 'change-me-in-production-please-32chars', 'ChangeMe-0123456789'])(
    'refuses the published client secret %s',
    (secret) => {
      expect(() => validateEnv({ ...PRODUCTION, OIDC_CLIENT_SECRET: secret })).toThrow(
        'OIDC_CLIENT_SECRET is a default published with Hearth',
      );
    },
  );

  it.each(['aGVhcnRoLWRldi1vbmx5LWRhdGEta2V5LTMyLWJ5dGU=', 'bG9jYWwtZGVtby1rZXktbm90LWZvci1wcm9kdWN0aW8='])(
    'refuses the published data key %s',
    (key) => {
      expect(() => validateEnv({ ...PRODUCTION, DATA_ENCRYPTION_KEY: key })).toThrow(
        'DATA_ENCRYPTION_KEY is a default published with Hearth',
      );
    },
  );

  it.each(['postgres://postgres@127.0.0.1:5432/hearth', 'postgres://hearth:hearth@postgres:5432/hearth'])(
    'refuses the database URL %s (no or a default password)',
    (url) => {
      expect(() => validateEnv({ ...PRODUCTION, DATABASE_URL: url })).toThrow(
        'DATABASE_URL has no password or a default one',
      );
    },
  );

  it('accepts a passwordless database URL when PGPASSWORD supplies it', () => {
    const url = 'postgres://hearth_app@db.internal/hearth';
    expect(validateEnv({ ...PRODUCTION, DATABASE_URL: url, PGPASSWORD: 'x8Jm2q' }).DATABASE_URL).toBe(url);
  });

  it('refuses HEARTH_DEMO in production unless HEARTH_DEMO_IN_PRODUCTION also allows it', () => {
    expect(() => validateEnv({ ...PRODUCTION, HEARTH_DEMO: '1' })).toThrow(
      'HEARTH_DEMO=1 is refused with NODE_ENV=production',
    );
    // The local demo (npm start, npm run e2e): production build, published defaults, both flags.
    const demo = { NODE_ENV: 'production', HEARTH_DEMO: '1', HEARTH_DEMO_IN_PRODUCTION: '1' };
    expect(validateEnv(demo).OIDC_CLIENT_SECRET).toBe('hearth-dev-secret');
  });

  it('checks nothing of this outside production', () => {
    expect(validateEnv({ NODE_ENV: 'development' }).OIDC_CLIENT_SECRET).toBe('hearth-dev-secret');
    expect(validateEnv({ NODE_ENV: 'test', HEARTH_DEMO: '1' }).NODE_ENV).toBe('test');
  });

  it('words all refusals on one line', () => {
    try {
      validateEnv({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
      expect((error as Error).message).toContain('DATABASE_URL must be set in production | REDIS_URL');
    }
  });
});
