import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

/*
 * SWC compiles the TypeScript (esbuild emits no decorator metadata, and TypeORM/Nest need it); it reads
 * experimentalDecorators, emitDecoratorMetadata and useDefineForClassFields from tsconfig.json.
 *
 * Two projects: `unit` (spec files under src/, no services) and `medium` (spec files under test/, real
 * PostgreSQL and Redis). Medium tests get a fresh, migrated database as process.env.DATABASE_URL
 * (test/setup/global-setup.ts creates it, test/setup/env.ts exposes it); it is dropped afterwards.
 * `vitest run --project unit` / `--project medium` run one tier.
 */
export default defineConfig({
  plugins: [swc.vite()],
  test: {
    environment: 'node',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.spec.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'medium',
          include: ['test/**/*.spec.ts'],
          globalSetup: ['./test/setup/global-setup.ts'],
          setupFiles: ['./test/setup/env.ts'],
          // One database for the run: files run one after another.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
