import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

/*
 * SWC compiles the TypeScript (esbuild emits no decorator metadata, and TypeORM/Nest need it); it reads
 * experimentalDecorators, emitDecoratorMetadata and useDefineForClassFields from tsconfig.json.
 *
 * Two projects: `unit` (src/**\/*.spec.ts, no services) and `medium` (test/**\/*.spec.ts, real PostgreSQL
 * and Redis). Medium tests get a fresh database, migrated, as process.env.DATABASE_URL
 * (test/setup/global-setup.ts creates it, test/setup/env.ts exposes it); it is dropped afterwards.
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
