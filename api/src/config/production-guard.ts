/*
 * What a production boot refuses (security review S-01, S-06): demo accounts and data without an explicit
 * flag, and the secrets and settings this repository ships as defaults. Shared by the API and worker
 * (validateEnv), the local identity provider (loadIdpConfig) and the demo seed.
 */

/** Secrets published in this repository (env defaults, docker-compose.yml, scripts/stack.mjs, .env.example). */
export const KNOWN_DEFAULT_SECRETS: readonly string[] = [
  'hearth-dev-secret',
  'change-me-in-production-please-32chars',
  'local-demo-session-secret-not-for-production',
  'hearth-dev-session-secret-change-me',
  'dev-only-secret-change-me',
  // DATA_ENCRYPTION_KEY: the development default (common/crypto/field-cipher.ts) and the demo's (compose, stack.mjs)
  'aGVhcnRoLWRldi1vbmx5LWRhdGEta2V5LTMyLWJ5dGU=',
  'bG9jYWwtZGVtby1rZXktbm90LWZvci1wcm9kdWN0aW8=',
];

/** A secret that is one of the shipped defaults or still says it must be changed. */
export function isKnownDefaultSecret(value: string): boolean {
  return KNOWN_DEFAULT_SECRETS.includes(value) || /change-?me/i.test(value);
}

const truthy = (value: unknown): boolean => value === '1' || value === 'true';

/** The demo flags as read from an environment. */
export interface DemoFlags {
  /** HEARTH_DEMO=1: seed the demo accounts and the demo marketplace. */
  demo: boolean;
  /** NODE_ENV=production with HEARTH_DEMO_IN_PRODUCTION=1: a local demo running the production build. */
  demoInProduction: boolean;
  production: boolean;
}

export function demoFlags(env: Record<string, unknown>): DemoFlags {
  return {
    demo: truthy(env.HEARTH_DEMO),
    demoInProduction: truthy(env.HEARTH_DEMO_IN_PRODUCTION),
    production: env.NODE_ENV === 'production',
  };
}

/**
 * Whether this process may use demo accounts, data and the shipped default secrets: HEARTH_DEMO=1, and in
 * production only with HEARTH_DEMO_IN_PRODUCTION=1 as well. A demo flag production refuses is a problem
 * (one sentence naming the variable), not a silent "no".
 */
export function demoAllowed(env: Record<string, unknown>, problems: string[]): boolean {
  const flags = demoFlags(env);
  if (!flags.demo) return false;
  if (flags.production && !flags.demoInProduction) {
    problems.push(
      'HEARTH_DEMO=1 is refused with NODE_ENV=production (demo accounts must not reach a real deployment); ' +
        'unset it, or also set HEARTH_DEMO_IN_PRODUCTION=1 for a local demo',
    );
    return false;
  }
  return true;
}

/**
 * The production checks on a raw environment: every name in `required` set explicitly (defaults are for
 * development), no secret among `secrets` a shipped default, no database URL without a password. Nothing
 * is checked outside production, or when a local demo is explicitly allowed.
 */
export function productionProblems(
  env: Record<string, unknown>,
  rules: { required: readonly string[]; secrets: readonly string[]; databaseUrls?: readonly string[] },
): string[] {
  const problems: string[] = [];
  const demo = demoAllowed(env, problems);
  if (!demoFlags(env).production || demo) return problems;
  const value = (name: string): string => {
    const v = env[name];
    return typeof v === 'string' ? v.trim() : '';
  };
  for (const name of rules.required) {
    if (!value(name)) problems.push(`${name} must be set in production`);
  }
  for (const name of rules.secrets) {
    if (value(name) && isKnownDefaultSecret(value(name)))
      problems.push(`${name} is a default published with Hearth; set a secret of your own in production`);
  }
  for (const name of rules.databaseUrls ?? []) {
    if (!value(name)) continue;
    try {
      const url = new URL(value(name));
      const password = decodeURIComponent(url.password);
      const weak = password ? ['hearth', 'postgres', 'password'].includes(password) : !value('PGPASSWORD');
      if (weak)
        problems.push(`${name} has no password or a default one; use a database role with its own password`);
    } catch {
      // The URL validation names a malformed value.
    }
  }
  return problems;
}
