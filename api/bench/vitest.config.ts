import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

/*
 * Benchmarks, not tests: run on demand (`pnpm --filter @hearth/api bench:orders`), never by `npm test`.
 * Run from api/ (the root). They reuse the medium tests' fresh, migrated database (global setup) and SWC for decorator metadata.
 */
export default defineConfig({
  plugins: [swc.vite()],
  test: {
    environment: 'node',
    include: ['bench/**/*.bench.ts'],
    globalSetup: ['./test/setup/global-setup.ts'],
    setupFiles: ['./test/setup/env.ts'],
    fileParallelism: false,
    testTimeout: 30 * 60_000,
    hookTimeout: 5 * 60_000,
  },
});
