// Cross-site request forgery guard for the web server (S-02): every unsafe request (POST, PUT, PATCH,
// DELETE, …) must come from a page of this site. Browsers send `Origin` with every such request (forms and
// fetch alike); without it, `Referer` must name this site. A form auto-submitted by another site, or a
// request whose Origin is `null` (sandboxed frames, some redirects), is refused with 403 before it reaches
// a Remix action or the API proxy. Only API calls with a bearer token and no cookie (apps and partners,
// never a browser's ambient credentials) are let through; the API checks those tokens itself.
import { API_PREFIX, PROBLEM_CONTENT_TYPE, ProblemType } from '@hearth/shared';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
/** The one-click unsubscribe address of bulk e-mail (issue 16), exempt: its signed token is the authority. */
export const ONE_CLICK_UNSUBSCRIBE = `${API_PREFIX}/unsubscribe`;

/** The origin (`scheme://host[:port]`) of a URL, or null when it is not an absolute http(s) URL. */
export function originOf(value) {
  if (typeof value !== 'string' || value === '' || value === 'null') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Where an unsafe request came from: its Origin, else the origin of its Referer; `null` when it names
 * none (or says `null`).
 * @param {{ origin?: string | string[], referer?: string | string[] }} headers
 */
export function requestSource(headers) {
  const origin = [headers.origin].flat()[0];
  if (origin !== undefined) return originOf(origin);
  return originOf([headers.referer].flat()[0]);
}

/**
 * Express middleware. `webOrigin` (WEB_ORIGIN, the public origin of the site) and the request's own
 * origin (scheme and host as Express sees them behind the trusted proxy) are this site.
 * @param {{ webOrigin?: string }} [options]
 */
export function sameOrigin({ webOrigin = process.env.WEB_ORIGIN } = {}) {
  const configured = originOf(webOrigin);
  return function sameOriginCheck(req, res, next) {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.method === 'POST' && req.path === ONE_CLICK_UNSUBSCRIBE) {
      // RFC 8058: mail providers POST `List-Unsubscribe=One-Click` here from their own servers (no Origin of
      // ours). Only the signed token in the query acts; no cookie is passed on, so nothing ambient is used.
      delete req.headers.cookie;
      return next();
    }
    const api = req.path === API_PREFIX || req.path.startsWith(`${API_PREFIX}/`);
    if (api && /^Bearer\s/i.test(req.headers.authorization ?? '') && !req.headers.cookie) return next();
    const source = requestSource(req.headers);
    const own = originOf(`${req.protocol}://${req.get('host')}`);
    if (source !== null && (source === configured || source === own)) return next();
    refuse(req, res, api);
  };
}

const DETAIL =
  'This form was sent from another site, or your browser did not say where it came from. Nothing was changed. Go back to Hearth and try again.';

function refuse(req, res, api) {
  res.status(403);
  res.setHeader('Cache-Control', 'no-store');
  if (api || !req.accepts('html')) {
    res.type(PROBLEM_CONTENT_TYPE).send(
      JSON.stringify({
        type: ProblemType.FORBIDDEN,
        title: 'Forbidden',
        status: 403,
        detail: 'Cross-site request refused.',
        message: 'error.forbidden',
        path: req.originalUrl,
      }),
    );
    return;
  }
  res
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Request refused | Hearth</title></head><body><main><h1>Request refused</h1><p>${DETAIL}</p><p><a href="/">Back to Hearth</a></p></main></body></html>`,
    );
}
