import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const WORKER_JS = join(__dirname, '..', '..', 'dist', 'worker.js');

/**
 * The built worker (api/dist/worker.js) as child processes of one suite, for tests that SIGKILL it
 * mid-job and start it again: each process gets the run's database, Redis and storage plus `env`; the
 * last 200 chunks they printed are kept for a failure message.
 */
export class WorkerProcesses {
  private readonly children = new Set<ChildProcess>();
  private readonly printed: string[] = [];

  /** Fails with a clear message when api/dist is missing (npm test builds first). */
  static assertBuilt(): void {
    if (!existsSync(WORKER_JS))
      throw new Error('api/dist is missing: build the API first (`pnpm --filter @hearth/api build`)');
  }

  start(env: Record<string, string | undefined>): ChildProcess {
    const child = spawn(process.execPath, [WORKER_JS], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: process.env.DATABASE_URL,
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        STORAGE_DIR: process.env.STORAGE_DIR ?? 'var/test-storage',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.printed.push(chunk.toString());
      if (this.printed.length > 200) this.printed.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.children.add(child);
    child.on('exit', () => this.children.delete(child));
    return child;
  }

  /** SIGKILLs one process (nothing runs after it: no shutdown hooks) and waits for it to be gone. */
  async kill(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  async killAll(): Promise<void> {
    await Promise.all([...this.children].map((c) => this.kill(c)));
  }

  /** What the processes printed last. */
  output(): string {
    return this.printed.join('');
  }
}
