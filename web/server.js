// Hearth web server: Express in front of the Remix app. Serves static files, reverse-proxies the API
// under /services/publisher/api (so login, uploads and files are same-origin) and renders every page.
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import compression from 'compression';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { z } from 'zod';
import { API_PREFIX } from '@hearth/shared';
import { bodyLimit } from './server/body-limit.js';
import { publicPageCache } from './server/cache.js';
import { paymentPageOrigins, securityHeaders } from './server/headers.js';
import { pageCacheFromEnv } from './server/page-cache.js';
import { sameOrigin } from './server/same-origin.js';
import { superviseWebWorkers, webWorkerCount } from './server/workers.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Internal header naming one HTTP request; keep in step with app/lib/http/request-key.server.ts. */
const REQUEST_KEY_HEADER = 'x-hearth-request-key';
/** Internal header with the browser's address; keep in step with app/lib/api/client.server.ts. */
const CLIENT_ADDRESS_HEADER = 'x-hearth-client-address';

const serverEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  API_URL: z.string().url().default('http://127.0.0.1:8080'),
  BUILD_ID: z.string().min(1).optional(),
  HEARTH_BUILD_DIR: z.string().min(1).default('build'),
  /** Processes sharing PORT (server/workers.js); default one per core, at most 4, in production. */
  WEB_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** How long a rendered public page is served again (server/page-cache.js); default 5 in production, 0 = off. */
  WEB_PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  /** Memory for those pages, per web process (MB). */
  WEB_PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).optional(),
});

/** Validates the process environment; a bad value stops the boot with one line naming the variable. */
export function readServerEnv(source = process.env) {
  // An empty variable (`BUILD_ID=` in a compose file) means "not set".
  const result = serverEnvSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')),
  );
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    throw new Error(`Invalid environment for @hearth/web: ${lines.join('; ')}`);
  }
  return { ...result.data, API_URL: result.data.API_URL.replace(/\/+$/, '') };
}

/** True for the API prefix itself and everything below it. */
export function isApiPath(pathname) {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
}

function noCache(res) {
  res.setHeader('Cache-Control', 'no-cache, no-store, must-revalidate');
}

/** Files that must never be served stale: the service worker, build metadata and the SSO check page. */
const ALWAYS_FRESH = new Set([
  '/sw.js',
  '/build-meta.json',
  '/silent-check-sso.html',
  '/manifest.webmanifest',
]);

function apiProxy(target) {
  return createProxyMiddleware({
    target,
    pathFilter: (pathname) => isApiPath(pathname),
    // Keep the browser's Host so the API sees the public origin (plus X-Forwarded-*) for its redirects
    // and cookies; bodies are streamed both ways and status, headers and cookies pass unchanged.
    changeOrigin: false,
    xfwd: true,
    proxyTimeout: 120_000,
    on: {
      error(err, req, res) {
        console.error(`API proxy: ${req.method} ${req.url} failed: ${err.message}`);
        if (!('writeHead' in res) || res.headersSent) {
          res.destroy?.();
          return;
        }
        res.writeHead(502, { 'Content-Type': 'application/problem+json' });
        res.end(
          JSON.stringify({
            type: 'about:blank',
            title: 'Bad Gateway',
            status: 502,
            message: 'The API could not be reached.',
            path: req.url,
          }),
        );
      },
    },
  });
}

/**
 * Builds the Express app. In development Vite serves the app with HMR; in production the built
 * `build/` folder is served. Returns the app and a `close` for the dev server.
 */
export async function createApp(env = readServerEnv()) {
  const production = env.NODE_ENV === 'production';
  const buildDir = path.resolve(here, env.HEARTH_BUILD_DIR);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  // Security headers (CSP nonce, HSTS, ...) on every response, the proxied API's included.
  app.use(
    securityHeaders({
      production,
      webOrigin: process.env.WEB_ORIGIN,
      identityProviderUrl: process.env.OIDC_ISSUER_URL,
      paymentOrigins: paymentPageOrigins(process.env),
    }),
  );
  // Cross-site unsafe requests are refused before the API proxy and every Remix action (S-02).
  app.use(sameOrigin());
  // Then the API proxy, before compression and anything that could buffer a body.
  app.use(apiProxy(env.API_URL));

  app.use(bodyLimit());
  app.use(compression());
  app.use((req, res, next) => {
    if (ALWAYS_FRESH.has(req.path)) noCache(res);
    next();
  });

  let vite;
  let build;
  if (production) {
    const serverBuild = path.join(buildDir, 'server', 'index.js');
    if (!existsSync(serverBuild))
      throw new Error(`No production build at ${serverBuild}; run \`pnpm --filter @hearth/web build\`.`);
    // Importing the build evaluates entry.server, which validates the app's environment now.
    build = await import(pathToFileURL(serverBuild).href);
    const clientDir = path.join(buildDir, 'client');
    const meta = JSON.parse(readFileSync(path.join(clientDir, 'build-meta.json'), 'utf8'));
    const buildMeta = { ...meta, buildId: env.BUILD_ID ?? meta.buildId };
    app.get('/build-meta.json', (_req, res) => {
      noCache(res);
      res.json(buildMeta);
    });
    // Fingerprinted assets never change; a missing one is a plain 404 so the client reloads cleanly.
    app.use(
      '/assets',
      express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
    );
    app.use(express.static(clientDir, { maxAge: '1h', index: false }));
  } else {
    const { createServer } = await import('vite');
    vite = await createServer({ root: here, server: { middlewareMode: true }, appType: 'custom' });
    app.get('/build-meta.json', (_req, res) => {
      noCache(res);
      res.json({ buildId: env.BUILD_ID ?? 'development', builtAt: null });
    });
    app.use(vite.middlewares);
    // Fail at boot, not on the first request, when the environment is wrong.
    await vite.ssrLoadModule('virtual:remix/server-build');
    build = () => vite.ssrLoadModule('virtual:remix/server-build');
  }

  app.use((req, _res, next) => {
    // Remix hands each loader its own copy of the Request; this id (always set here, never taken from
    // the client) lets the loaders and the action of one HTTP request share per-request work, such as
    // the single `auth/me` call (app/lib/session/auth.server.ts).
    req.headers[REQUEST_KEY_HEADER] = randomUUID();
    req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? '';
    next();
  });
  // Cache-Control and ETag/304 of the anonymous public pages, and the origin's own copies of them (server/cache.js).
  const pageCache = pageCacheFromEnv({
    production,
    seconds: env.WEB_PAGE_CACHE_SECONDS,
    megabytes: env.WEB_PAGE_CACHE_MB,
  });
  app.use(
    publicPageCache({
      pageCache,
      // The guest cart's count, asked by the app's own API client (entry.server.tsx) before a stored page is chosen.
      cartCount: async (req) => {
        const current = typeof build === 'function' ? await build() : build;
        return current.entry.module.guestCartCount(remixRequestOf(req));
      },
    }),
  );
  app.all(
    '*',
    createRequestHandler({
      build,
      mode: env.NODE_ENV,
      // Loaders cannot see the `.data` suffix of a client-side navigation (Remix strips it); the silent
      // single-sign-on check must only ever redirect whole-page visits.
      getLoadContext: (req, res) => ({
        dataRequest: req.path.endsWith('.data'),
        cspNonce: res.locals.cspNonce,
        // Asked already by the page cache (server/cache.js): the root loader does not ask again.
        cartCount: res.locals.cartCount,
      }),
    }),
  );

  return { app, close: async () => vite?.close() };
}

/** A GET Request with a page request's URL (as Remix's Express adapter builds it) and headers. */
function remixRequestOf(req) {
  const port = (req.get('X-Forwarded-Host') ?? req.get('Host') ?? '').split(':')[1];
  const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return new Request(url, { headers });
}

/** Starts listening; resolves with the server once it accepts connections. */
export async function start(env = readServerEnv()) {
  const { app, close } = await createApp(env);
  const server = await new Promise((resolve, reject) => {
    const s = app.listen(env.PORT, env.HOST, () => resolve(s)).on('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  console.log(`Hearth web (${env.NODE_ENV}) listening on http://${env.HOST}:${port} — API at ${env.API_URL}`);
  const shutdown = () => {
    server.close(() => void close().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  return server;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const bootFailed = (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  };
  try {
    const env = readServerEnv();
    const count = cluster.isPrimary ? webWorkerCount(env) : 1;
    if (count > 1) superviseWebWorkers(count);
    else start(env).catch(bootFailed);
  } catch (error) {
    bootFailed(error);
  }
}
