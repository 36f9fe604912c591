import { availableParallelism } from 'node:os';
import { plainToInstance } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Matches,
  Max,
  Min,
  validateSync,
} from 'class-validator';
import { DEV_DATA_ENCRYPTION_KEY } from '../common/crypto/field-cipher.js';
import { productionProblems } from './production-guard.js';

/** `RATE_LIMIT_<CLASS>`: three positive integers. */
const RATE_LIMIT = /^[1-9]\d*,[1-9]\d*,[1-9]\d*$/;

/** Every setting the API and worker read from the environment, validated at boot. */
export class EnvDto {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @IsInt()
  @Min(1)
  @Max(65535)
  PORT: number = 8080;

  @IsString()
  HOST: string = '127.0.0.1';

  /**
   * API processes sharing PORT (node:cluster). Unset: one per CPU core (at most 4) in production, one otherwise. The
   * worker process (`dist/worker.js`) is not affected.
   */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(64)
  API_WORKERS?: number;

  @IsUrl({ protocols: ['postgres', 'postgresql'], require_tld: false, require_protocol: true })
  DATABASE_URL: string = 'postgres://postgres@127.0.0.1:5432/hearth';

  @IsUrl({ protocols: ['redis', 'rediss'], require_tld: false, require_protocol: true })
  REDIS_URL: string = 'redis://127.0.0.1:6379';

  /** Public origin of the web app; login, logout and registration return here. */
  @IsUrl({ require_tld: false, require_protocol: true })
  WEB_ORIGIN: string = 'http://localhost:3000';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  /** SMTP server for outgoing mail, e.g. smtp://user:pass@mail:1025; unset keeps mail in the outbox only. */
  @IsOptional()
  @IsUrl({ protocols: ['smtp', 'smtps'], require_tld: false, require_protocol: true })
  SMTP_URL?: string;

  /** Issuer of the identity provider (Keycloak realm URL or the local provider); tokens must carry it as `iss`. */
  @IsUrl({ require_tld: false, require_protocol: true })
  OIDC_ISSUER_URL: string = 'http://localhost:8180/realms/hearth';

  /** Where the API itself reads the discovery document, when it differs from the issuer (e.g. inside Docker). */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true })
  OIDC_DISCOVERY_URL?: string;

  @IsString()
  @Length(1, 200)
  OIDC_CLIENT_ID: string = 'hearth-web';

  @IsString()
  @Length(1, 500)
  OIDC_CLIENT_SECRET: string = 'hearth-dev-secret';

  /** Directory of the local-disk storage adapter (uploaded and seeded files). */
  @IsString()
  STORAGE_DIR: string = 'var/storage';

  @IsString()
  MAIL_FROM: string = 'Hearth <no-reply@hearth.test>';

  /**
   * Item searches by zip code or position answered again from Redis for up to this many seconds (ADR 023),
   * until the database announces a catalogue change: what changes with time alone (a cut-off passing) lags by
   * at most this. Unset: 30 in production, 0 (off) otherwise.
   */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(300)
  SEARCH_CACHE_SECONDS?: number;

  /** Bulk messages: most e-mails a worker process sends per second (ADR 021). */
  @IsInt()
  @Min(1)
  BULK_MAIL_RATE: number = 20;

  /** Bulk messages: pooled SMTP connections per worker process, and sends in flight at once. */
  @IsInt()
  @Min(1)
  BULK_MAIL_CONCURRENCY: number = 4;

  /** Bulk messages: recipients per fan-out page and per batch job. */
  @IsInt()
  @Min(1)
  BULK_BATCH_SIZE: number = 500;

  /** Bulk messages: a sending message without progress for this long has its jobs queued again (housekeeping). */
  @IsInt()
  @Min(1000)
  BULK_SWEEP_MS: number = 60_000;

  /**
   * Addresses whose X-Forwarded-For names the client (the web server, a load balancer): `loopback`, `uniquelocal`,
   * CIDRs, comma-separated (proxy-addr). Read by createHttpAdapter; the rate limits per address depend on it.
   */
  @IsString()
  TRUSTED_PROXIES: string = 'loopback';

  /** Longest a single SQL statement of the API or worker may run (PostgreSQL statement_timeout); 0 = none. */
  @IsInt()
  @Min(0)
  DB_STATEMENT_TIMEOUT_MS: number = 5000;

  /** Rate limits `<per IP>,<per account>,<window seconds>` per route class (common/rate-limit/rate-limit.config.ts). */
  @IsOptional() @Matches(RATE_LIMIT) RATE_LIMIT_AUTH?: string;
  @IsOptional() @Matches(RATE_LIMIT) RATE_LIMIT_CONTACT?: string;
  @IsOptional() @Matches(RATE_LIMIT) RATE_LIMIT_SEARCH?: string;
  @IsOptional() @Matches(RATE_LIMIT) RATE_LIMIT_CART?: string;
  @IsOptional() @Matches(RATE_LIMIT) RATE_LIMIT_ORDER?: string;
  @IsOptional() @Matches(RATE_LIMIT) RATE_LIMIT_LOG?: string;
  @IsOptional() @Matches(RATE_LIMIT) RATE_LIMIT_DEFAULT?: string;
  /** `1`: a demo (demo accounts and data); refused with NODE_ENV=production unless HEARTH_DEMO_IN_PRODUCTION=1. */
  @IsOptional()
  @IsIn(['0', '1', 'true', 'false'])
  HEARTH_DEMO?: string;

  @IsOptional()
  @IsIn(['0', '1', 'true', 'false'])
  HEARTH_DEMO_IN_PRODUCTION?: string;

  /** AES-256-GCM key (32 bytes, base64) for session tokens and bank account numbers at rest; dev default refused in production. */
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'must be 32 bytes in base64 (openssl rand -base64 32)' })
  DATA_ENCRYPTION_KEY: string = DEV_DATA_ENCRYPTION_KEY;

  /**
   * Minutes the capacity taken at an online checkout is held while the payment is open (Stripe Checkout
   * needs at least 30); after that the checkout expires and the portions are given back.
   */
  @IsInt()
  @Min(30)
  @Max(24 * 60)
  PAYMENT_HOLD_MINUTES: number = 30;

  /** After this many no-shows (cash dates not collected) within NO_SHOW_WINDOW_DAYS, cash is no longer offered. */
  @IsInt()
  @Min(1)
  NO_SHOW_LIMIT: number = 2;

  @IsInt()
  @Min(1)
  NO_SHOW_WINDOW_DAYS: number = 180;

  /** When set, admin routes need a token or sign-in whose `acr` is this (MFA at the provider, e.g. `mfa`). */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  OIDC_ADMIN_ACR?: string;
}

/**
 * In production these must be set explicitly (the defaults above are for a laptop) and the secret must not
 * be one this repository publishes, unless a local demo is explicitly allowed (see production-guard.ts).
 */
const PRODUCTION_RULES = {
  required: [
    'DATABASE_URL',
    'REDIS_URL',
    'WEB_ORIGIN',
    'OIDC_ISSUER_URL',
    'OIDC_CLIENT_SECRET',
    'DATA_ENCRYPTION_KEY',
  ],
  secrets: ['OIDC_CLIENT_SECRET', 'DATA_ENCRYPTION_KEY'],
  databaseUrls: ['DATABASE_URL'],
} as const;

export type Env = EnvDto;

/**
 * Validates the environment. Throws an Error whose message is one line naming each wrong variable,
 * so a bad setting stops the boot with a sentence an operator can act on.
 */
export function validateEnv(raw: Record<string, unknown>): EnvDto {
  const env = plainToInstance(EnvDto, stripEmpty(raw), {
    enableImplicitConversion: true,
    exposeDefaultValues: true,
  });
  const errors = validateSync(env, { skipMissingProperties: false, whitelist: false });
  if (errors.length > 0) {
    const parts = errors.map((e) => {
      // Quote what the operator wrote, not what implicit conversion made of it (NaN for "eighty").
      const value = e.property.match(/SECRET|PASSWORD|URL/)
        ? '(hidden)'
        : JSON.stringify(raw[e.property] ?? e.value);
      return `${e.property}=${value} is invalid: ${Object.values(e.constraints ?? {}).join('; ')}`;
    });
    throw new Error(`Invalid configuration: ${parts.join(' | ')}`);
  }
  const refused = productionProblems(stripEmpty(raw), PRODUCTION_RULES);
  if (refused.length > 0) throw new Error(`Refused production configuration: ${refused.join(' | ')}`);
  return env;
}

function stripEmpty(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== ''));
}

/** Default API processes in production: one per core, at most this many (each holds ~150 MB). */
const DEFAULT_MAX_API_WORKERS = 4;

/** How many API processes share PORT: API_WORKERS, else one per core (at most 4) in production, else one. */
export function apiWorkerCount(env: Pick<EnvDto, 'API_WORKERS' | 'NODE_ENV'>): number {
  return (
    env.API_WORKERS ??
    (env.NODE_ENV === 'production' ? Math.min(availableParallelism(), DEFAULT_MAX_API_WORKERS) : 1)
  );
}
