import { demoAllowed, productionProblems } from '../config/production-guard.js';

/** Settings of the local identity provider, read from IDP_* variables and DATABASE_URL. */
export interface IdpConfig {
  port: number;
  host: string;
  /** Keycloak-shaped issuer, e.g. http://localhost:8180/realms/hearth; its path is where the provider is mounted. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  accessTokenTtl: number;
  refreshTokenTtl: number;
  databaseUrl: string;
  /** HEARTH_DEMO=1 (and allowed): the demo accounts of README.md are created at boot. */
  demo: boolean;
}

const DEFAULTS = {
  IDP_PORT: '8180',
  IDP_HOST: '127.0.0.1',
  IDP_ISSUER: 'http://localhost:8180/realms/hearth',
  IDP_CLIENT_ID: 'hearth-web',
  IDP_CLIENT_SECRET: 'hearth-dev-secret',
  IDP_REDIRECT_URIS:
    'http://localhost:8080/services/publisher/api/auth/callback,http://localhost:3000/services/publisher/api/auth/callback',
  IDP_POST_LOGOUT_REDIRECT_URIS: 'http://localhost:3000/,http://localhost:8080/',
  // Keycloak realm: accessTokenLifespan 300, ssoSessionIdleTimeout 3600.
  IDP_ACCESS_TOKEN_TTL: '300',
  IDP_REFRESH_TOKEN_TTL: '3600',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/hearth',
} as const;

type Key = keyof typeof DEFAULTS;

/**
 * Reads the settings; throws one Error whose message names every wrong variable, so a bad setting stops
 * the boot with a sentence an operator can act on.
 */
export function loadIdpConfig(env: NodeJS.ProcessEnv = process.env): IdpConfig {
  const problems: string[] = [];
  const raw = (key: Key): string => {
    const value = env[key]?.trim();
    return value ? value : DEFAULTS[key];
  };
  const integer = (key: Key, min: number, max: number): number => {
    const value = Number(raw(key));
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${key}=${JSON.stringify(raw(key))} must be a whole number from ${min} to ${max}`);
    }
    return value;
  };
  const url = (key: Key, value: string, protocols: string[]): string => {
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
    } catch {
      const shown = key === 'DATABASE_URL' ? '(hidden)' : JSON.stringify(value);
      problems.push(`${key}=${shown} must be a ${protocols.join(' or ')} URL`);
    }
    return value;
  };
  const urlList = (key: Key): string[] => {
    const values = raw(key)
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    values.forEach((v) => url(key, v, ['http:', 'https:']));
    return values;
  };

  const issuer = url('IDP_ISSUER', raw('IDP_ISSUER').replace(/\/+$/, ''), ['http:', 'https:']);
  const config: IdpConfig = {
    port: integer('IDP_PORT', 0, 65535),
    host: raw('IDP_HOST'),
    issuer,
    clientId: raw('IDP_CLIENT_ID'),
    clientSecret: raw('IDP_CLIENT_SECRET'),
    redirectUris: urlList('IDP_REDIRECT_URIS'),
    postLogoutRedirectUris: urlList('IDP_POST_LOGOUT_REDIRECT_URIS'),
    accessTokenTtl: integer('IDP_ACCESS_TOKEN_TTL', 30, 86_400),
    refreshTokenTtl: integer('IDP_REFRESH_TOKEN_TTL', 3600, 30 * 86_400),
    databaseUrl: url('DATABASE_URL', raw('DATABASE_URL'), ['postgres:', 'postgresql:']),
    demo: demoAllowed(env, []),
  };
  if (config.clientSecret.length < 8) problems.push('IDP_CLIENT_SECRET must be at least 8 characters');
  // In production: no demo flag without its production permission, no default secret, no unset setting.
  problems.push(
    ...productionProblems(env, {
      required: [
        'IDP_ISSUER',
        'IDP_CLIENT_SECRET',
        'IDP_REDIRECT_URIS',
        'IDP_POST_LOGOUT_REDIRECT_URIS',
        'DATABASE_URL',
      ],
      secrets: ['IDP_CLIENT_SECRET'],
      databaseUrls: ['DATABASE_URL'],
    }),
  );
  if (problems.length > 0)
    throw new Error(`Invalid identity provider configuration: ${problems.join(' | ')}`);
  return config;
}
