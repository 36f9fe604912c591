import type { ActionFunctionArgs } from '@remix-run/node';
import { isApiError } from '~/lib/api/client.server';
import { forwardClientLog, logBody, MAX_REPORT_BYTES } from '~/lib/logs/client-log.server';

const empty = (status: number) => new Response(null, { status, headers: { 'Cache-Control': 'no-store' } });

/**
 * POST /client-log: a client-side error report from this site's pages (lib/logs/client-errors.ts, sent with
 * sendBeacon or fetch keepalive as JSON in a text/plain body), forwarded to the API's `log`. Cross-site
 * posts never get here (server/same-origin.js). Answers 204, or 400 for a body that is not a report, 413
 * when too large, 429 when the API's rate limit refused it, 503 when the API could not be reached.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return empty(405);
  const length = Number(request.headers.get('Content-Length') ?? '0');
  if (length > MAX_REPORT_BYTES) return empty(413);
  const text = await request.text();
  if (text.length > MAX_REPORT_BYTES) return empty(413);
  let sent: unknown;
  try {
    sent = JSON.parse(text);
  } catch {
    return empty(400);
  }
  const body = logBody(sent, request.headers.get('User-Agent'));
  if (!body) return empty(400);
  try {
    await forwardClientLog(request, body);
  } catch (error) {
    if (error instanceof Response) return empty(error.status);
    if (isApiError(error)) return empty(error.unreachable ? 503 : error.status);
    // A thrown `data()` (the API's 429) carries its status too.
    const status = (error as { init?: { status?: number } } | null)?.init?.status;
    if (typeof status === 'number') return empty(status);
    throw error;
  }
  return empty(204);
}

/** GET /client-log: nothing to see. */
export function loader() {
  return empty(405);
}
