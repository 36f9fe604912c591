import { defineConfig } from 'vitest/config';

// End-to-end tests drive Debian's Chromium against an already running stack at WEB_URL.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
