import { spawn } from 'node:child_process';
import path from 'node:path';
import { TEST_BUILD_DIR, WEB_ROOT } from './paths';

/** What a desktop browser sends; tests of pages must not look like bots (curl and Node's fetch do). */
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
export const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * Starts the real `server.js` in production mode on the test build, on a free port. Resolves once it
 * listens; `stop()` ends it.
 */
export async function startWebServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(WEB_ROOT, 'server.js')], {
    cwd: WEB_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      SESSION_SECRET: 'test-session-secret-0123456789',
      HEARTH_BUILD_DIR: TEST_BUILD_DIR,
      MAINTENANCE_MODE: 'false',
      BUILD_ID: '',
      // Tests change what the fake API answers between requests: no stored pages unless a test asks for them.
      WEB_PAGE_CACHE_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening on (http:\/\/[\d.]+:\d+)/);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`web server exited with ${code}:\n${output}`)));
    setTimeout(() => reject(new Error(`web server did not start:\n${output}`)), 20_000);
  });
  return {
    url,
    output: () => output,
    /**
     * Fetches a page like a browser that has been here before in this session (it sends the
     * `hearth_sso` cookie, so the silent sign-on check does not redirect); `firstVisit: true` leaves it
     * out. API paths get exactly the cookies given. Unsafe requests carry `Origin` (this site) unless
     * the test gives its own `Origin` or `Referer`.
     */
    fetch: (pathname: string, init: RequestInit & { firstVisit?: boolean } = {}) => {
      const { firstVisit = false, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (!headers.has('User-Agent')) headers.set('User-Agent', BROWSER_UA);
      // A browser names the page's origin on every unsafe request (server/same-origin.js requires it).
      const method = (rest.method ?? 'GET').toUpperCase();
      if (!['GET', 'HEAD'].includes(method) && !headers.has('Origin') && !headers.has('Referer'))
        headers.set('Origin', url);
      const cookie = headers.get('Cookie');
      const page = !pathname.startsWith('/services/publisher/api');
      if (page && !firstVisit && !cookie?.includes('hearth_sso='))
        headers.set('Cookie', cookie ? `${cookie}; hearth_sso=1` : 'hearth_sso=1');
      return fetch(`${url}${pathname}`, { redirect: 'manual', ...rest, headers });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export type WebServer = Awaited<ReturnType<typeof startWebServer>>;

/** The text of the document's <title>. */
export function titleOf(html: string): string | undefined {
  return html.match(/<title>([^<]*)<\/title>/)?.[1];
}
