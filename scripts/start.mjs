// `npm start`: installs what is missing, checks services, builds, migrates, seeds and starts everything.
import { bootstrap } from './bootstrap.mjs';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, ensureServices } from './services.mjs';
import { fail, log, must } from './lib.mjs';
import { startStack } from './stack.mjs';

const started = Date.now();
bootstrap();
await ensureServices().catch((e) => fail(`Checking services failed: ${e.message}`));
log('building (shared, api, web)');
must('pnpm', ['-r', 'build'], 'The build failed; see the output above.');

const webPort = Number(process.env.WEB_PORT || 3000);
const apiPort = Number(process.env.PORT || 8080);
const stack = await startStack({
  databaseUrl: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
  redisUrl: process.env.REDIS_URL || DEFAULT_REDIS_URL,
  webPort,
  apiPort,
  gatewayPort: Number(process.env.GATEWAY_SANDBOX_PORT || 8190),
  mailSmtpPort: Number(process.env.MAIL_CATCHER_SMTP_PORT || 1025),
  mailHttpPort: Number(process.env.MAIL_CATCHER_HTTP_PORT || 8025),
}).catch((e) => fail(e.message));

log(`ready in ${Math.round((Date.now() - started) / 1000)} s`);
log(`web       http://localhost:${webPort}`);
log(`api       http://localhost:${apiPort}/services/publisher/api (docs at /services/publisher/api/docs)`);
log(`sign-in   ${stack.idpIssuer}`);
if (stack.gatewaySandboxUrl) {
  log(`Test payment gateway (no money moves): ${stack.gatewaySandboxUrl}`);
  log('          Stripe, PayPal and Cashfree stand-ins; pay or decline on its checkout pages');
} else {
  log(`payments  real gateways as configured: ${stack.gatewaysConfigured.join(', ')}`);
}
if (stack.mailCatcherUrl)
  log(`mail      ${stack.mailCatcherUrl} (every e-mail sent, caught here; nothing leaves)`);
else log('mail      sent through SMTP_URL');
log('press Ctrl+C to stop');

// stack.mjs stops every child on SIGINT/SIGTERM and when this script exits.
