import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The Remix manifest of a client build: the entry's and each route's module and static imports. */
export interface RemixManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; parentId?: string; module: string; imports?: string[] }>;
}

/** One page's first JavaScript: what the browser loads before the page is interactive. */
export interface PageWeight {
  route: string;
  /** Gzipped bytes (zlib's default level, as the web server compresses). */
  gzip: number;
  raw: number;
  files: string[];
}

/**
 * Reads the Remix manifest (`assets/manifest-*.js`) of the client build in `clientDir`. Throws a clear
 * error when the build is missing: a budget check must fail, not pass, without one.
 */
export function readManifest(clientDir: string): RemixManifest {
  const assets = path.join(clientDir, 'assets');
  const file = existsSync(assets) ? readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f)) : undefined;
  if (!file) {
    throw new Error(
      `No client build at ${clientDir} (no assets/manifest-*.js): build the web app first (pnpm -r build).`,
    );
  }
  const text = readFileSync(path.join(assets, file), 'utf8');
  return JSON.parse(text.replace(/^window\.__remixManifest=/, '').replace(/;\s*$/, '')) as RemixManifest;
}

/** The routes that render a page on their own: leaves of the route tree whose module has a default export. */
export function pageRoutes(manifest: RemixManifest, appDir: string): string[] {
  const parents = new Set(Object.values(manifest.routes).map((r) => r.parentId));
  return Object.keys(manifest.routes).filter((id) => {
    if (id === 'root' || parents.has(id)) return false;
    const source = ['.tsx', '.ts'].map((ext) => path.join(appDir, `${id}${ext}`)).find((f) => existsSync(f));
    return source !== undefined && /^export default /m.test(readFileSync(source, 'utf8'));
  });
}

/**
 * A page's first JavaScript: the client entry and its imports, then every route from the root down to
 * `routeId` with its module and static imports (what Remix preloads with `<link rel="modulepreload">`).
 * The manifest itself is inlined in the HTML (lazy route discovery), so it is not counted here.
 */
export function pageWeight(manifest: RemixManifest, clientDir: string, routeId: string): PageWeight {
  type Route = RemixManifest['routes'][string];
  const chain: Route[] = [];
  for (
    let r: Route | undefined = manifest.routes[routeId];
    r;
    r = r.parentId ? manifest.routes[r.parentId] : undefined
  )
    chain.unshift(r);
  if (chain.length === 0) throw new Error(`No route ${routeId} in the manifest`);
  const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const r of chain) for (const f of [r.module, ...(r.imports ?? [])]) files.add(f);
  let gzip = 0;
  let raw = 0;
  for (const f of files) {
    const bytes = readFileSync(path.join(clientDir, f));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { route: routeId, gzip, raw, files: [...files] };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
