// Makes pnpm and the workspace's dependencies available, with nothing but Node and npm installed.
import { capture, fail, log, must, PNPM_VERSION, run } from './lib.mjs';
import { pathToFileURL } from 'node:url';

export function ensurePnpm() {
  const have = capture('pnpm', ['--version']);
  if (have.code === 0 && have.stdout.trim() === PNPM_VERSION) return;
  log(`installing pnpm ${PNPM_VERSION} with npm`);
  // corepack cannot verify signatures on this registry; a global npm install works everywhere we run.
  if (run('npm', ['install', '--global', '--no-fund', '--no-audit', `pnpm@${PNPM_VERSION}`]) !== 0) {
    fail(
      `Could not install pnpm ${PNPM_VERSION}. Run "npm install -g pnpm@${PNPM_VERSION}" (with sudo if needed) and try again.`,
    );
  }
}

export function installDependencies() {
  log('installing dependencies (pnpm install)');
  must(
    'pnpm',
    ['install', '--frozen-lockfile', '--reporter=append-only'],
    'Installing dependencies failed; see the pnpm output above.',
  );
}

export function buildShared() {
  must(
    'pnpm',
    ['--filter', '@hearth/shared', 'build'],
    'Building the shared package failed; see the output above.',
  );
}

export function bootstrap() {
  ensurePnpm();
  installDependencies();
  buildShared();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) bootstrap();
