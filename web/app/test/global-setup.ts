import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { TEST_BUILD_DIR, WEB_ROOT } from './paths';

/**
 * Builds the app once per test run for the whole-document tests (which start the real Express server).
 * HEARTH_TEST_REUSE_BUILD=1 skips the build when one exists (handy while iterating on tests only).
 */
export default function setup() {
  const serverBuild = path.join(WEB_ROOT, TEST_BUILD_DIR, 'server', 'index.js');
  if (process.env.HEARTH_TEST_REUSE_BUILD === '1' && existsSync(serverBuild)) return;
  const result = spawnSync(
    process.execPath,
    [path.join(WEB_ROOT, 'node_modules', '@remix-run', 'dev', 'dist', 'cli.js'), 'vite:build'],
    {
      cwd: WEB_ROOT,
      env: {
        ...process.env,
        HEARTH_BUILD_DIR: TEST_BUILD_DIR,
        BUILD_ID: 'test-build',
        NODE_ENV: 'production',
      },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) {
    throw new Error(`Building the app for tests failed:\n${result.stdout}\n${result.stderr}`);
  }
}
