import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The built entry points (npm test builds first) booted the way a deployment boots them, in production
// with one wrong setting each: the process must stop before listening, with exactly one line naming it.

const API_ROOT = join(__dirname, '../..');
const entry = (file: string) => {
  const path = join(API_ROOT, 'dist', file);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`pnpm -r build\` first`);
  return path;
};

/** A production environment that passes every check; each test spoils one thing. */
const GOOD = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://hearth_app:Qm4v9x2LrT7k@127.0.0.1:1/hearth',
  REDIS_URL: 'redis://127.0.0.1:1',
  WEB_ORIGIN: 'https://hearth.example',
  OIDC_ISSUER_URL: 'https://id.hearth.example/realms/hearth',
  OIDC_CLIENT_SECRET: 'b1d9f3a7c52e4e0f9a6d8c1b7e3f5a20',
  DATA_ENCRYPTION_KEY: 'q3Jx0mVb8Yt1cN5sW2eR7uK4pL9oA6dF0gH3jZ8xC1E=',
  LOG_LEVEL: 'silent',
  API_WORKERS: '1',
};

function boot(file: string, env: Record<string, string | undefined>) {
  const clean = Object.fromEntries(
    Object.entries({ PATH: process.env.PATH, ...env }).filter(([, v]) => v !== undefined),
  ) as Record<string, string>;
  const run = spawnSync(process.execPath, [entry(file)], { env: clean, encoding: 'utf8', timeout: 20_000 });
  return { code: run.status, lines: run.stderr.trim().split('\n'), stdout: run.stdout };
}

describe('a production boot refuses shipped defaults (security review S-01, S-06)', () => {
  it('the API stops on the default OIDC client secret with one line naming it', () => {
    const { code, lines } = boot('main.js', { ...GOOD, OIDC_CLIENT_SECRET: 'hearth-dev-secret' });
    expect(code).toBe(1);
    expect(lines).toEqual([
      'Hearth could not start: Refused production configuration: OIDC_CLIENT_SECRET is a default published with Hearth; set a secret of your own in production',
    ]);
  });

  it('the API stops when a required variable is left to its development default', () => {
    const { code, lines } = boot('main.js', { ...GOOD, WEB_ORIGIN: undefined });
    expect(code).toBe(1);
    expect(lines).toEqual([
      'Hearth could not start: Refused production configuration: WEB_ORIGIN must be set in production',
    ]);
  });

  it('the worker stops on the compose file’s database password', () => {
    const { code, lines } = boot('worker.js', {
      ...GOOD,
      DATABASE_URL: 'postgres://hearth:hearth@127.0.0.1:1/hearth',
    });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Hearth could not start: .*DATABASE_URL has no password or a default one/);
  });

  it('the API refuses the demo flag in production unless the demo is also allowed there', () => {
    const { code, lines } = boot('main.js', { ...GOOD, HEARTH_DEMO: '1' });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('HEARTH_DEMO=1 is refused with NODE_ENV=production');
  });

  it('the local identity provider stops on its default client secret', () => {
    const { code, lines } = boot('identity-provider/main.js', {
      NODE_ENV: 'production',
      DATABASE_URL: GOOD.DATABASE_URL,
      IDP_ISSUER: 'https://id.hearth.example/realms/hearth',
      IDP_REDIRECT_URIS: 'https://hearth.example/services/publisher/api/auth/callback',
      IDP_POST_LOGOUT_REDIRECT_URIS: 'https://hearth.example/',
      IDP_CLIENT_SECRET: 'hearth-dev-secret',
    });
    expect(code).toBe(1);
    expect(lines).toEqual([
      'Hearth could not start: Invalid identity provider configuration: IDP_CLIENT_SECRET is a default published with Hearth; set a secret of your own in production',
    ]);
  });

  it('the demo seed refuses to run without the demo flag', () => {
    const { code, lines } = boot('database/seed/seed.js', { DATABASE_URL: GOOD.DATABASE_URL });
    expect(code).toBe(1);
    expect(lines).toEqual([
      'seed: failed: the demo data is loaded only with HEARTH_DEMO=1 (a demo, never a real deployment)',
    ]);
  });
});
