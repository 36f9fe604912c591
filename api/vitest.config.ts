import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

/*
 * SWC compiles the TypeScript (esbuild emits no decorator metadata, and TypeORM/Nest need it); it reads
 * experimentalDecorators, emitDecoratorMetadata and useDefineForClassFields from tsconfig.json.
 *
 * Projects: `unit` (spec files under src/, no services), `medium` (spec files under test/, real PostgreSQL
 * and Redis) and `medium-exclusive` (the medium files that start and SIGKILL API and worker processes: they
 * run alone, one after another, after the others). Medium tests run on a migrated database of their worker's
 * own (test/setup/global-setup.ts migrates a template once, test/setup/env.ts copies it per worker and
 * exposes it as process.env.DATABASE_URL); all are dropped afterwards.
 * `vitest run --project unit` / `--project medium` / `--project medium-exclusive` run one tier.
 *
 * Workers: 1 by default, HEARTH_TEST_WORKERS=<n> or --maxWorkers=<n> for more. Two workers ran the medium
 * tests in about 60 % of the time, but the only full run with two was on a loaded machine and had failures
 * not yet explained (docs/testing.md), so the default stays sequential until an idle run proves two.
 */
const EXCLUSIVE = [
  'test/security/restart-under-load.spec.ts',
  'test/payment/worker-killed.spec.ts',
  'test/messaging/bulk-worker-killed.spec.ts',
];

const medium = {
  globalSetup: ['./test/setup/global-setup.ts'],
  setupFiles: ['./test/setup/env.ts'],
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  plugins: [swc.vite()],
  test: {
    environment: 'node',
    maxWorkers: Number(process.env.HEARTH_TEST_WORKERS) || 1,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.spec.ts'] },
      },
      {
        extends: true,
        test: { name: 'medium', include: ['test/**/*.spec.ts'], exclude: EXCLUSIVE, ...medium },
      },
      {
        extends: true,
        test: { name: 'medium-exclusive', include: EXCLUSIVE, fileParallelism: false, ...medium },
      },
    ],
  },
});
