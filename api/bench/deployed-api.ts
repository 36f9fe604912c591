// The API as it is deployed, for the benchmarks that load it from outside (search, replay): `dist/main.js` in
// production mode (API_WORKERS processes, by default one per core up to 4), logging off, on the benchmark's
// database (BENCH_API_CPU_PROF: CPU profiles of its processes). One client address sends every request, so the benchmarks raise the rate limits they hit (the
// limits are still counted in Redis, in blocks: rate-limit.counter.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { API_PREFIX } from '@hearth/shared';
import { apiWorkerCount } from '../src/config/env.js';

/** A rate limit no benchmark reaches (`limit,burst,seconds`). */
export const NO_LIMIT = '1000000000,1000000000,60';

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

export interface DeployedApi {
  api: ChildProcess;
  /** The API's base URL, prefix included. */
  base: string;
  /** How many API processes serve it, and why that many. */
  workers: string;
}

/**
 * Starts `main` (a built `dist/main.js`) on a free port with `env` on top of this process's environment and
 * the production settings; resolves once `health` answers (60 s at most).
 */
export async function startDeployedApi(
  main: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<DeployedApi> {
  const port = await freePort();
  // BENCH_API_CPU_PROF=<dir>: each API process writes a V8 CPU profile there when it stops (the cluster's
  // processes inherit the flag), to see where the API's time goes under a benchmark's load.
  const profile = process.env.BENCH_API_CPU_PROF;
  const args = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`, main] : [main];
  const api = spawn(process.execPath, args, {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      // A local run with the development defaults (production refuses them without these; production-guard.ts).
      HEARTH_DEMO: '1',
      HEARTH_DEMO_IN_PRODUCTION: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}${API_PREFIX}`;
  for (const started = Date.now(); ;) {
    if (api.exitCode !== null) throw new Error(`the API exited with code ${api.exitCode}`);
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() - started > 60_000) {
      api.kill('SIGTERM');
      throw new Error('the API did not answer health within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const workers = apiWorkerCount({
    API_WORKERS: process.env.API_WORKERS ? Number(process.env.API_WORKERS) : undefined,
    NODE_ENV: 'production',
  });
  return {
    api,
    base,
    workers: `${workers}${process.env.API_WORKERS ? ' (API_WORKERS)' : ' (one per core, the production default)'}`,
  };
}

export async function stopDeployedApi(api: ChildProcess): Promise<void> {
  if (api.exitCode !== null) return;
  api.kill('SIGTERM');
  await once(api, 'exit');
}
