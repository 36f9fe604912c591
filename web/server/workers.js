// The web server on every core, like the API (api/src/main.ts): a primary process forks WEB_WORKERS processes
// that share the port (node:cluster hands out connections in turn). Nothing the web server keeps in memory
// needs sharing: sessions live in cookies and the API, and its few caches (kitchen names) are per process.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';

/** The default upper bound on processes, as for the API (API_WORKERS). */
export const DEFAULT_MAX_WEB_WORKERS = 4;

/**
 * How many web processes share PORT: WEB_WORKERS, else one per core (at most 4) in production, else one.
 * Development is always one process: Vite's dev server (and its HMR socket) belongs to one.
 *
 * @param {{ NODE_ENV: string, WEB_WORKERS?: number }} env
 * @param {number} [cores]
 */
export function webWorkerCount(env, cores = availableParallelism()) {
  if (env.NODE_ENV === 'development') return 1;
  return env.WEB_WORKERS ?? (env.NODE_ENV === 'production' ? Math.min(cores, DEFAULT_MAX_WEB_WORKERS) : 1);
}

/**
 * Runs in the primary process: forks `count` web processes, replaces one that dies after it has listened,
 * stops everything when one cannot boot (a setting is wrong, the next would fail the same way), and passes
 * SIGTERM/SIGINT on so each closes gracefully.
 *
 * @param {number} count
 */
export function superviseWebWorkers(count) {
  let stopping = false;
  const running = new Set();
  const serving = new Set();
  const stopAll = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    if (running.size === 0) process.exit();
  };
  const fork = () => running.add(cluster.fork().id);
  cluster.on('listening', (worker) => serving.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    running.delete(worker.id);
    const served = serving.delete(worker.id);
    if (stopping) {
      if (running.size === 0) process.exit();
    } else if (!served) {
      process.exitCode = code || 1;
      stopAll();
    } else {
      process.stderr.write(
        `Hearth web process ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another\n`,
      );
      fork();
    }
  });
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, stopAll);
  // One core per process: V8's parallel GC helper threads would compete with the other processes (see
  // api/src/main.ts for the measurement behind this).
  cluster.setupPrimary({ execArgv: [...process.execArgv, '--single-threaded-gc'] });
  for (let i = 0; i < count; i++) fork();
}
