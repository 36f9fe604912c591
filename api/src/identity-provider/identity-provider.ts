import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { AccountStore } from './account-store.js';
import { INTERACTION_PATH, REGISTRATIONS_PATH, ROUTES, createProvider } from './create-provider.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import type { IdpConfig } from './idp-config.js';
import { ensureIdpSchema } from './idp-schema.js';
import { InteractionHandler } from './interactions.js';
import type { LoginRateLimiter } from './login-rate-limiter.js';
import { deleteExpiredPayloads } from './postgres-adapter.js';
import { deriveSecrets, loadOrCreateSigningKeys, type PrivateJwk } from './signing-keys.js';
import { createUserinfoHandler } from './userinfo.js';

const CLEANUP_INTERVAL_MS = 10 * 60_000;

/** A running local identity provider. */
export interface RunningIdentityProvider {
  issuer: string;
  /** Where it listens, e.g. http://127.0.0.1:8180 (the port is the real one when IDP_PORT=0). */
  url: string;
  /** Stops accepting requests, waits for open ones (up to 5 s), then closes the database pool. */
  close(): Promise<void>;
}

export interface StartOptions {
  log?: (line: string) => void;
  limiter?: LoginRateLimiter;
}

/**
 * Boots the provider: creates schema `idp` if missing, loads (or generates once) the signing keys, seeds
 * the demo accounts when `config.demo` (HEARTH_DEMO=1; else removes any a demo run left), then serves `<issuer path>/*` with oidc-provider plus the login and registration
 * pages, and `GET /health`.
 */
export async function startIdentityProvider(
  config: IdpConfig,
  options: StartOptions = {},
): Promise<RunningIdentityProvider> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const pool = new Pool({ connectionString: config.databaseUrl, max: 10 });
  pool.on('error', (err) => log(`identity provider: idle database connection failed: ${err.message}`));
  try {
    const accounts = new AccountStore(pool);
    let signingKeys: PrivateJwk[] = [];
    await ensureIdpSchema(pool, async () => {
      signingKeys = await loadOrCreateSigningKeys(pool);
      if (config.demo) await accounts.seed(DEMO_ACCOUNTS);
      else if ((await accounts.removeDemo(DEMO_ACCOUNTS)) > 0)
        log('identity provider: demo accounts removed (HEARTH_DEMO is not set)');
    });
    await deleteExpiredPayloads(pool);

    const { cookieKeys, csrfKey } = deriveSecrets(signingKeys[0]);
    const homeUrl = config.postLogoutRedirectUris[0] ?? config.redirectUris[0] ?? config.issuer;
    const provider = createProvider({ config, pool, accounts, signingKeys, cookieKeys, homeUrl });
    provider.on('server_error', (_ctx, err) =>
      log(`identity provider: server error: ${err.stack ?? err.message}`),
    );
    const basePath = new URL(config.issuer).pathname.replace(/\/$/, '');
    const interactions = new InteractionHandler({
      provider,
      accounts,
      basePath,
      csrfKey,
      homeUrl,
      limiter: options.limiter,
    });
    const userinfo = createUserinfoHandler({
      issuer: config.issuer,
      clientId: config.clientId,
      signingKeys,
      accounts,
    });
    const providerCallback = provider.callback();

    const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
      const url = new URL(req.url ?? '/', 'http://idp.invalid');
      const path = url.pathname;
      if (path === '/health') {
        await pool.query('SELECT 1');
        res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        return void res.end('{"status":"UP"}');
      }
      if (path !== basePath && !path.startsWith(`${basePath}/`)) {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        return void res.end('Not found');
      }
      const subPath = path.slice(basePath.length) || '/';
      if (subPath.startsWith(`${INTERACTION_PATH}/`)) return interactions.handle(req, res, subPath);
      if (subPath === ROUTES.userinfo) return userinfo(req, res);
      if (subPath === REGISTRATIONS_PATH) {
        // Keycloak's registration page: the authorization request with prompt=create.
        url.searchParams.set('prompt', 'create');
        res.writeHead(303, { Location: `${basePath}${ROUTES.authorization}?${url.searchParams}` });
        return void res.end();
      }
      // Mounted the way Express mounts it: oidc-provider derives its own URLs from originalUrl vs url.
      Object.assign(req, { originalUrl: req.url, url: `${subPath}${url.search}` });
      return providerCallback(req, res);
    };

    const server = createServer((req, res) => {
      route(req, res).catch((err: Error) => {
        log(`identity provider: ${req.method} ${req.url} failed: ${err.stack ?? err.message}`);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end('Internal error');
      });
    });
    server.headersTimeout = 20_000;
    server.requestTimeout = 30_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const cleanup = setInterval(() => {
      deleteExpiredPayloads(pool).catch((err: Error) =>
        log(`identity provider: cleanup failed: ${err.message}`),
      );
    }, CLEANUP_INTERVAL_MS);
    cleanup.unref();

    return {
      issuer: config.issuer,
      url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
      async close() {
        clearInterval(cleanup);
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const force = setTimeout(() => server.closeAllConnections(), 5_000);
        await closed;
        clearTimeout(force);
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}
