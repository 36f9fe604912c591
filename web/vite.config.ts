import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig, type Plugin } from 'vite';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

const root = path.dirname(fileURLToPath(import.meta.url));
/** Tests build into a scratch folder so that a running production server keeps its `build/`. */
const buildDirectory = process.env.HEARTH_BUILD_DIR || 'build';

/**
 * One id per build. Remix runs the client and the server build in one process and loads this config
 * for each, so the id is kept on globalThis to make both bundles (and build-meta.json) agree.
 */
function buildId(command: 'build' | 'serve'): string {
  if (command === 'serve') return process.env.BUILD_ID || 'development';
  const store = globalThis as { __hearthBuildId?: string };
  store.__hearthBuildId ||=
    process.env.BUILD_ID || `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  return store.__hearthBuildId;
}

/** Writes `build-meta.json` ({ buildId, builtAt }) next to the client assets. */
function buildMeta(id: string): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'hearth-build-meta',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    writeBundle() {
      if (ssr) return;
      mkdirSync(outDir, { recursive: true });
      writeFileSync(
        path.join(outDir, 'build-meta.json'),
        `${JSON.stringify({ buildId: id, builtAt: new Date().toISOString() })}\n`,
      );
    },
  };
}

export default defineConfig(({ command }) => {
  const id = buildId(command);
  return {
    resolve: { alias: { '~': path.join(root, 'app') } },
    define: { __HEARTH_BUILD_ID__: JSON.stringify(id) },
    server: { port: Number(process.env.PORT) || 3000 },
    plugins: [
      remix({
        buildDirectory,
        // Tests sit next to the routes they test.
        ignoredRouteFiles: ['**/*.test.*', '**/.*'],
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
        },
      }),
      buildMeta(id),
    ],
  };
});
