import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

// Deliberately not the Vite config: the Remix plugin does not run under Vitest.
export default defineConfig({
  resolve: { alias: { '~': path.join(root, 'app') } },
  define: { __HEARTH_BUILD_ID__: JSON.stringify('test') },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./app/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
