// Starts the whole product (api, worker, web) from built code, after migrating and seeding its database.
import { gatewayVariablesFromDotEnv, planGateways, sandboxKeys } from './gateways.mjs';
import { fail, log, must, startChild, waitForHttp } from './lib.mjs';

/** How long each process may take to answer its health check (a busy 2-core machine needs more than a minute). */
const BOOT_WAIT_MS = Number(process.env.STACK_BOOT_WAIT_MS || 180_000);

/**
 * Without any payment gateway variable set (environment or .env), the local gateway sandbox runs beside
 * the API on `gatewayPort` (a test gateway: no money moves) and the API and worker are pointed at it, its
 * webhooks at the API; the demo kitchens then get ready Stripe accounts there. With any set, only the
 * gateways configured by hand are used (scripts/gateways.mjs, docs/payments.md).
 *
 * Without SMTP_URL, the local mail catcher (api/src/mail-catcher) runs on `mailSmtpPort` with its inbox on
 * `mailHttpPort`, and the API and worker send their e-mail to it: nothing leaves the machine and every
 * e-mail can be read there.
 *
 * @param {{ databaseUrl: string, redisUrl: string, webPort: number, apiPort: number, idpPort?: number,
 *           gatewayPort?: number, gatewayStateFile?: string, mailSmtpPort?: number, mailHttpPort?: number,
 *           quiet?: boolean, extraEnv?: Record<string,string> }} options
 */
export async function startStack({
  databaseUrl,
  redisUrl,
  webPort,
  apiPort,
  idpPort = 8180,
  gatewayPort = 8190,
  gatewayStateFile = 'var/gateway-sandbox/state.json',
  mailSmtpPort = 1025,
  mailHttpPort = 8025,
  quiet = false,
  extraEnv = {},
}) {
  const webOrigin = process.env.WEB_ORIGIN || `http://localhost:${webPort}`;
  // Without an external issuer (Keycloak), the local identity provider runs beside the app.
  const localIdp = !process.env.OIDC_ISSUER_URL;
  const idpIssuer = `http://localhost:${idpPort}/realms/hearth`;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const mailCatcher = !process.env.SMTP_URL;
  const mailCatcherUrl = `http://127.0.0.1:${mailHttpPort}`;
  const gateways = planGateways({
    env: process.env,
    dotEnv: gatewayVariablesFromDotEnv(),
    sandboxKeys: await sandboxKeys(),
    sandboxUrl: gatewayUrl,
    apiUrl,
  });
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    // A local demo of the production build: demo accounts and data, and the published defaults below. A real
    // deployment sets neither flag (docs/deployment.md); production refuses HEARTH_DEMO without the second.
    HEARTH_DEMO: '1',
    HEARTH_DEMO_IN_PRODUCTION: '1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PORT: String(apiPort),
    API_URL: apiUrl,
    WEB_ORIGIN: webOrigin,
    // The web server refuses to boot in production without one; a fixed value is fine for a local demo.
    SESSION_SECRET: process.env.SESSION_SECRET || 'local-demo-session-secret-not-for-production',
    // Likewise the API's key for tokens and bank accounts at rest (a fixed demo key, not the dev default).
    DATA_ENCRYPTION_KEY: process.env.DATA_ENCRYPTION_KEY || 'bG9jYWwtZGVtby1rZXktbm90LWZvci1wcm9kdWN0aW8=',
    ...(localIdp
      ? {
          OIDC_ISSUER_URL: idpIssuer,
          OIDC_CLIENT_ID: 'hearth-web',
          OIDC_CLIENT_SECRET: 'hearth-dev-secret',
          IDP_PORT: String(idpPort),
          IDP_ISSUER: idpIssuer,
          IDP_REDIRECT_URIS: [webOrigin, `http://localhost:${apiPort}`]
            .map((o) => `${o}/services/publisher/api/auth/callback`)
            .join(','),
          IDP_POST_LOGOUT_REDIRECT_URIS: `${webOrigin}/,http://localhost:${apiPort}/`,
        }
      : {}),
    ...(mailCatcher ? { SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}` } : {}),
    ...gateways.env,
    ...extraEnv,
  };
  log(`migrating ${new URL(databaseUrl).pathname.slice(1)}`);
  must('node', ['api/dist/database/migrate.js'], 'Database migration failed; see the output above.', { env });
  log('loading demo data');
  must('node', ['api/dist/database/seed/seed.js'], 'Loading demo data failed; see the output above.', {
    env,
  });

  const children = [];
  const stop = () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  };
  const watch = (name, child) => {
    children.push(child);
    child.on('exit', (code, signal) => {
      if (!stopping) {
        stop();
        fail(`${name} stopped unexpectedly (${signal ?? `exit ${code}`}); see its output above.`);
      }
    });
  };
  let stopping = false;
  // Children must not outlive this script, however it ends (Ctrl+C, a CI timeout's SIGTERM, an error).
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      stopping = true;
      stop();
      process.exit(130);
    });
  }
  if (localIdp) {
    watch('idp', startChild('idp', 'node', ['api/dist/identity-provider/main.js'], { env, quiet }));
    await waitForHttp(`http://127.0.0.1:${idpPort}/health`, BOOT_WAIT_MS, 'The identity provider');
  }
  if (mailCatcher) {
    const catcherEnv = {
      ...env,
      MAIL_CATCHER_SMTP_PORT: String(mailSmtpPort),
      MAIL_CATCHER_HTTP_PORT: String(mailHttpPort),
    };
    watch('mail', startChild('mail', 'node', ['api/dist/mail-catcher/main.js'], { env: catcherEnv, quiet }));
    await waitForHttp(`${mailCatcherUrl}/health`, BOOT_WAIT_MS, 'The mail catcher');
  }
  if (gateways.sandbox) {
    const sandboxEnv = {
      ...env,
      ...gateways.sandboxEnv,
      GATEWAY_SANDBOX_PORT: String(gatewayPort),
      GATEWAY_SANDBOX_HOST: '127.0.0.1',
      GATEWAY_SANDBOX_PUBLIC_URL: gatewayUrl,
      GATEWAY_SANDBOX_STATE_FILE: gatewayStateFile,
    };
    watch(
      'gateway',
      startChild('gateway', 'node', ['api/dist/gateway-sandbox/main.js'], { env: sandboxEnv, quiet }),
    );
    await waitForHttp(`${gatewayUrl}/health`, BOOT_WAIT_MS, 'The gateway sandbox');
  }
  watch('api', startChild('api', 'node', ['api/dist/main.js'], { env, quiet }));
  watch('worker', startChild('worker', 'node', ['api/dist/worker.js'], { env, quiet }));
  watch(
    'web',
    startChild('web', 'node', ['web/server.js'], { env: { ...env, PORT: String(webPort) }, quiet }),
  );

  const apiHealth = `${apiUrl}/services/publisher/api/health`;
  await waitForHttp(apiHealth, BOOT_WAIT_MS, 'The API');
  if (gateways.sandbox) {
    // After the API, so the account.updated webhooks of the onboarding land at once.
    must(
      'node',
      ['api/dist/database/seed/demo-payout-accounts.js'],
      "Preparing the demo kitchens' accounts at the gateway sandbox failed; see the output above.",
      { env },
    );
  }
  await waitForHttp(`http://127.0.0.1:${webPort}/`, BOOT_WAIT_MS, 'The web app');
  return {
    webUrl: webOrigin,
    idpIssuer: localIdp ? idpIssuer : process.env.OIDC_ISSUER_URL,
    apiUrl,
    /** The gateway sandbox's origin, or null when the gateways are configured by hand. */
    gatewaySandboxUrl: gateways.sandbox ? gatewayUrl : null,
    /** The (development) Stripe key the API uses at the sandbox, for tests that call the sandbox too. */
    gatewaySandboxStripeKey: gateways.sandbox ? gateways.env.STRIPE_SECRET_KEY : null,
    /** The local mail catcher's inbox, or null when SMTP_URL points at a real mail server. */
    mailCatcherUrl: mailCatcher ? mailCatcherUrl : null,
    /** Gateways configured by hand (stripe, paypal, cashfree, cashfreePayout); empty with the sandbox. */
    gatewaysConfigured: gateways.configured,
    async stop() {
      stopping = true;
      stop();
      await Promise.all(
        children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null)),
      );
    },
  };
}
