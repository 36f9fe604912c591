import { z } from 'zod';

const DEV_SESSION_SECRET = 'hearth-dev-session-secret-change-me';

/**
 * Session secrets this repository publishes (docker-compose.yml, scripts/stack.mjs, .env.example): refused in
 * production unless a local demo is explicitly allowed (HEARTH_DEMO=1 and HEARTH_DEMO_IN_PRODUCTION=1), as
 * the API refuses its own defaults (api/src/config/production-guard.ts).
 */
const PUBLISHED_SECRETS = [
  DEV_SESSION_SECRET,
  'change-me-in-production-please-32chars',
  'local-demo-session-secret-not-for-production',
  'dev-only-secret-change-me',
];

const booleanFromString = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    API_URL: z.string().url().default('http://127.0.0.1:8080'),
    SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    BUILD_ID: z.string().min(1).optional(),
    MAINTENANCE_MODE: booleanFromString,
    HEARTH_DEMO: booleanFromString,
    HEARTH_DEMO_IN_PRODUCTION: booleanFromString,
  })
  .transform((env, ctx) => {
    if (!env.SESSION_SECRET && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['SESSION_SECRET'],
        message: 'is required in production',
      });
      return z.NEVER;
    }
    const localDemo = env.HEARTH_DEMO && env.HEARTH_DEMO_IN_PRODUCTION;
    if (
      env.NODE_ENV === 'production' &&
      !localDemo &&
      env.SESSION_SECRET &&
      (PUBLISHED_SECRETS.includes(env.SESSION_SECRET) || /change-?me/i.test(env.SESSION_SECRET))
    ) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['SESSION_SECRET'],
        message: 'is a default published with Hearth; set a secret of your own in production',
      });
      return z.NEVER;
    }
    return {
      ...env,
      API_URL: env.API_URL.replace(/\/+$/, ''),
      SESSION_SECRET: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
      BUILD_ID: env.BUILD_ID ?? __HEARTH_BUILD_ID__,
    };
  });

export type ServerEnv = z.output<typeof schema>;

/** Parses an environment; throws one readable line per bad variable. */
export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  // An empty variable (`BUILD_ID=` in a compose file) means "not set".
  const result = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.') || 'env'} ${i.message}`);
    throw new Error(`Invalid environment for @hearth/web: ${lines.join('; ')}`);
  }
  return result.data;
}

let cached: ServerEnv | undefined;

/** The validated server environment (parsed once, on first use; entry.server calls it at boot). */
export function getEnv(): ServerEnv {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The only settings that ever reach the browser. */
export interface PublicEnv {
  BUILD_ID: string;
  MODE: ServerEnv['NODE_ENV'];
}

export function getPublicEnv(env: ServerEnv = getEnv()): PublicEnv {
  return { BUILD_ID: env.BUILD_ID, MODE: env.NODE_ENV };
}
