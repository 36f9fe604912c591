import type { AppLoadContext, EntryContext, HandleErrorFunction } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { loadCartCount } from './lib/cart/cart-count.server';
import { getEnv } from './lib/env.server';
import { holdScriptsUntilFirstPaint } from './lib/http/first-paint.server';
import { NonceContext } from './lib/http/nonce';

// Validate the environment when the server build is loaded (server.js loads it at boot), not on the
// first request.
getEnv();

/**
 * A guest cart's count for the web server's page cache (server/cache.js), asked by the app's own API client
 * before the server picks a stored page; the root loader then takes it from the load context.
 */
export async function guestCartCount(
  request: Request,
): Promise<{ count: number | null; setCookies: string[] }> {
  const { count, headers } = await loadCartCount(request);
  return { count, setCookies: headers.getSetCookie() };
}

/** How long deferred data may stream before React gives up (single fetch reads this export). */
export const streamTimeout = 5_000;

/**
 * Bots get the status code with a tiny plain body instead of an error page (spec §8). Ordinary pages are
 * rendered completely before sending, so crawlers never see a streaming shell.
 */
function botErrorResponse(status: number, headers: Headers): Response {
  headers.set('Content-Type', 'text/plain; charset=utf-8');
  headers.set('Cache-Control', 'no-store');
  return new Response(`${status}\n`, { status, headers });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The Content-Security-Policy nonce of this response (web/server/headers.js via getLoadContext).
  const nonce = typeof loadContext?.cspNonce === 'string' ? loadContext.cspNonce : undefined;
  if (getEnv().MAINTENANCE_MODE) {
    responseStatusCode = 503;
    responseHeaders.set('Retry-After', '600');
  }
  const bot = isbot(request.headers.get('User-Agent'));
  if (bot && responseStatusCode >= 400) return botErrorResponse(responseStatusCode, responseHeaders);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const app = (
      <NonceContext.Provider value={nonce ?? ''}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [bot ? 'onAllReady' : 'onShellReady']() {
        shellRendered = true;
        // Module scripts wait for the first paint (lib/http/first-paint.ts).
        const body = holdScriptsUntilFirstPaint();
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell is ready reject above and are logged by Remix.
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1_000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // A browser that navigates away aborts its request; that is not a server error.
  if (request.signal.aborted) return;
  console.error(error);
};
