/**
 * GET /_ceiling: a fixed string through the whole stack (Express, its middleware, Remix's request handler and
 * route matching) with no API call and no rendering, the ceiling of this server on this machine: `npm run bench
 * web` (web/bench/web.bench.mjs) prints each page's throughput as a share of this route's. Harmless in
 * production (no data, nothing stored), never indexed (X-Robots-Tag) and, being a resource route (`.ts`),
 * outside the accessibility crawl of the page routes.
 */
export const CEILING_BODY = 'Hearth ceiling: a fixed string from a bare Remix route.';

export function loader() {
  return new Response(CEILING_BODY, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}
