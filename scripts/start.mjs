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
}).catch((e) => fail(e.message));

log(`ready in ${Math.round((Date.now() - started) / 1000)} s`);
log(`web       http://localhost:${webPort}`);
log(`api       http://localhost:${apiPort}/services/publisher/api (docs at /services/publisher/api/docs)`);
log(`sign-in   ${stack.idpIssuer}`);
log('press Ctrl+C to stop');

// stack.mjs stops every child on SIGINT/SIGTERM and when this script exits.
