import 'reflect-metadata';
import cluster from 'node:cluster';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigService } from '@nestjs/config';
import { AppModule } from './app.module.js';
import { configureApp, createHttpAdapter } from './app.setup.js';
import { apiWorkerCount, validateEnv, type Env } from './config/env.js';
import { exitOnBootFailure } from './config/boot.js';

async function bootstrap(): Promise<void> {
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(), createHttpAdapter(), {
    bufferLogs: true,
  });
  await configureApp(app);
  const config = app.get(ConfigService<Env, true>);
  await app.listen(config.get('PORT', { infer: true }), config.get('HOST', { infer: true }));
}

/**
 * One Node process serves requests on one core. With API_WORKERS > 1 (by default one per core, up to 4, in
 * production) this process only forks that many API processes sharing the port (node:cluster hands out
 * connections in turn), replaces one that dies after it has listened, stops when one cannot boot, and passes
 * SIGTERM/SIGINT on so that each closes gracefully. Nothing the API keeps in memory needs to be shared:
 * sessions, login flows, kitchen caches and queues live in PostgreSQL and Redis.
 */
function supervise(count: number): void {
  let stopping = false;
  const running = new Set<number>();
  const serving = new Set<number>();
  const stopAll = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    // The exit code set when a process could not boot, else 0.
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
      // It never listened: a setting or a dependency is wrong, and another process would fail the same way.
      process.exitCode = code || 1;
      stopAll();
    } else {
      process.stderr.write(
        `Hearth API process ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another\n`,
      );
      fork();
    }
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, stopAll);
  // Each process is meant to use one core: V8's parallel garbage collection would start helper threads that
  // compete with the other processes (and PostgreSQL) for the same cores, and long young-generation pauses
  // were the result (median 5 ms against 1.5 ms single-threaded, under the search benchmark).
  cluster.setupPrimary({ execArgv: [...process.execArgv, '--single-threaded-gc'] });
  for (let i = 0; i < count; i++) fork();
}

try {
  const count = cluster.isPrimary ? apiWorkerCount(validateEnv(process.env)) : 1;
  if (cluster.isPrimary && count > 1) supervise(count);
  else bootstrap().catch(exitOnBootFailure);
} catch (error) {
  exitOnBootFailure(error);
}
