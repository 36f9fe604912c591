/*
 * What request logs must not keep (security review S-18): the OIDC callback's single-use `code` and its
 * `state`, and precise coordinates (a customer's position or home). Used by the pino serializers of
 * app.module.ts.
 */

/** Query parameters whose values are replaced by `[redacted]`. */
const SECRET_PARAMS = new Set(['code', 'state', 'session_state', 'id_token_hint', 'token']);
/** Query parameters (and response headers) with a coordinate, rounded to 2 decimals (about 1 km). */
const COORDINATE_PARAMS = /^(lat|lng|lon|latitude|longitude)$/i;
const COORDINATE_HEADERS = /^x-search-(lat|lng)$/i;

/** Rounds a coordinate to 2 decimals; anything else is dropped. */
export function roundCoordinate(value: unknown): string {
  const n = Number(value);
  return Number.isFinite(n) && String(value).trim() !== '' ? n.toFixed(2) : '[redacted]';
}

/** A request URL (path and query) as it may be logged. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const [name, value] of [...params]) {
    if (SECRET_PARAMS.has(name.toLowerCase())) {
      params.set(name, '[redacted]');
      changed = true;
    } else if (COORDINATE_PARAMS.test(name)) {
      params.set(name, roundCoordinate(value));
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString().replace(/%5Bredacted%5D/g, '[redacted]')}` : url;
}

/** pino-http's serialized request, with its URL (and parsed query, when present) redacted. */
export function serializeRequest<T extends { url?: string; query?: unknown }>(req: T): T {
  const out = { ...req, url: redactUrl(req.url) };
  if (req.query && typeof req.query === 'object') {
    out.query = Object.fromEntries(
      Object.entries(req.query as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_PARAMS.has(k.toLowerCase())
          ? '[redacted]'
          : COORDINATE_PARAMS.test(k)
            ? roundCoordinate(v)
            : v,
      ]),
    );
  }
  return out;
}

/** pino-http's serialized response, with the search origin's coordinates rounded. */
export function serializeResponse<T extends { headers?: Record<string, unknown> }>(res: T): T {
  if (!res.headers) return res;
  const headers = Object.fromEntries(
    Object.entries(res.headers).map(([k, v]) => [k, COORDINATE_HEADERS.test(k) ? roundCoordinate(v) : v]),
  );
  return { ...res, headers };
}
