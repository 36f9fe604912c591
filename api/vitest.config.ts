import swc from 'unplugin-swc';
import { availableParallelism } from 'node:os';
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
 * Workers: one per core up to 4 (HEARTH_TEST_WORKERS=<n> or --maxWorkers=<n> to choose), each file of `unit`
 * and `medium` on its worker's database. Those two projects run without per-file isolation: a worker loads
 * Nest, TypeORM and the app's modules once instead of once per file (loading them was ~3.7 s a file, 60 % of
 * the medium tests' time). So a file must leave no process-wide state behind: it closes the apps it creates
 * (the harness does) and restores what it spies on (`mockRestore()` in a `finally`, or on an app of its own).
 * The exclusive files keep their isolation: they start and kill processes of their own.
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
    maxWorkers: Number(process.env.HEARTH_TEST_WORKERS) || Math.min(4, availableParallelism()),
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.spec.ts'], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'medium',
          include: ['test/**/*.spec.ts'],
          exclude: EXCLUSIVE,
          isolate: false,
          ...medium,
        },
      },
      {
        extends: true,
        test: { name: 'medium-exclusive', include: EXCLUSIVE, fileParallelism: false, ...medium },
      },
    ],
  },
});
