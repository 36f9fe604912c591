// Starts the whole product (api, worker, web) from built code, after migrating and seeding its database.
import { fail, log, must, startChild, waitForHttp } from './lib.mjs';

/**
 * @param {{ databaseUrl: string, redisUrl: string, webPort: number, apiPort: number, quiet?: boolean,
 *           extraEnv?: Record<string,string> }} options
 */
export async function startStack({ databaseUrl, redisUrl, webPort, apiPort, quiet = false, extraEnv = {} }) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PORT: String(apiPort),
    API_URL: `http://127.0.0.1:${apiPort}`,
    WEB_ORIGIN: process.env.WEB_ORIGIN || `http://localhost:${webPort}`,
    ...extraEnv,
  };
  log(`migrating ${new URL(databaseUrl).pathname.slice(1)}`);
  must('node', ['api/dist/database/migrate.js'], 'Database migration failed; see the output above.', { env });
  log('loading demo data');
  must('node', ['api/dist/database/seed/seed.js'], 'Loading demo data failed; see the output above.', { env });

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
  watch('api', startChild('api', 'node', ['api/dist/main.js'], { env, quiet }));
  watch('worker', startChild('worker', 'node', ['api/dist/worker.js'], { env, quiet }));
  watch('web', startChild('web', 'node', ['web/server.js'], { env: { ...env, PORT: String(webPort) }, quiet }));

  const apiHealth = `http://127.0.0.1:${apiPort}/services/publisher/api/health`;
  await waitForHttp(apiHealth, 60_000, 'The API');
  await waitForHttp(`http://127.0.0.1:${webPort}/`, 60_000, 'The web app');
  return {
    webUrl: `http://127.0.0.1:${webPort}`,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    async stop() {
      stopping = true;
      stop();
      await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null)));
    },
  };
}
