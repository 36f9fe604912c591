// Helpers for the root scripts. Plain Node (no dependencies) so they run on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = '12.21.0';

export function log(message) {
  process.stdout.write(`\x1b[36m[hearth]\x1b[0m ${message}\n`);
}

export function fail(sentence) {
  process.stderr.write(`\x1b[31m[hearth]\x1b[0m ${sentence}\n`);
  process.exit(1);
}

/** Runs a command, inheriting stdio; returns its exit code. */
export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts });
  if (r.error) return 127;
  return r.status ?? 1;
}

/** Runs a command quietly; returns { code, stdout, stderr }. */
export function capture(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', cwd: ROOT, ...opts });
  return { code: r.error ? 127 : (r.status ?? 1), stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** Runs a command and stops the script with `sentence` when it fails. */
export function must(cmd, args, sentence, opts = {}) {
  const code = run(cmd, args, opts);
  if (code !== 0) fail(sentence);
}

export function commandExists(cmd) {
  return capture('sh', ['-c', `command -v ${cmd}`]).code === 0;
}

export function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Starts a long-running child with prefixed output. */
export function startChild(name, cmd, args, opts = {}) {
  const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  const prefix = `\x1b[35m${name.padEnd(6)}\x1b[0m| `;
  const pipe = (stream, out) => {
    let buffer = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) out.write(prefix + line + '\n');
    });
  };
  if (!opts.quiet) {
    pipe(child.stdout, process.stdout);
    pipe(child.stderr, process.stderr);
  } else {
    child.stdout.resume();
    child.stderr.resume();
  }
  return child;
}

/** Polls `url` until it answers with a 2xx or the time runs out. */
export async function waitForHttp(url, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(
    `${what} did not answer at ${url} within ${Math.round(timeoutMs / 1000)} s (last: ${last})`,
  );
}

export function fileExists(path) {
  return existsSync(join(ROOT, path));
}
