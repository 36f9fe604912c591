// HTTP caching of the anonymous public pages (issue 19, docs/decisions/023-public-caching.md): a CDN or reverse proxy in front of the web
// server may keep them for a few seconds and serve them stale while it revalidates; browsers revalidate with
// the ETag and get a 304. A page that depends on who asks (a session, a cart, private-menu codes, a
// notification) is never stored anywhere.
import { createHash } from 'node:crypto';

/** How long a shared cache may serve a public page without asking (seconds). */
export const S_MAXAGE = 10;
/** How long after that it may still serve it while it asks in the background (seconds). */
export const STALE_WHILE_REVALIDATE = 30;

export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${S_MAXAGE}, stale-while-revalidate=${STALE_WHILE_REVALIDATE}`;
/** A page for one visitor's browser only, revalidated every time (it has an ETag). */
export const PRIVATE_REVALIDATE = 'private, no-cache';
/** A personal page: kept by nobody. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * The anonymous public pages and their single-fetch data (`.data`): home, the searches, a kitchen (also
 * by its storefront name), an item, the resources pages. Not `/kitchen/:id/ask` (a form for signed-in customers).
 */
const PUBLIC_PAGES = [
  /^\/$/,
  /^\/_root\.data$/,
  /^\/l\/find-(?:items|chefs)(?:\.data)?$/,
  /^\/kitchen\/[^/]+$/,
  // A kitchen's storefront by name (`/priyas-kitchen`); any other one-segment page is a 404, never cached.
  /^\/[^/.]+$/,
  /^\/items\/[^/]+$/,
  /^\/resources(?:\/[^/]+){0,2}$/,
];

/** Cookies that make a page personal: the session, the guest cart, private-menu codes, a notification. */
export const PERSONAL_COOKIES = [
  'hearth_session',
  '__Host-hearth_session',
  'hearth_cart',
  'hearth_kitchen_codes',
  'hearth_toast',
];
/**
 * Cookies that change a page without making it personal: the remembered place (the home page's "near
 * you") and the time zone (times on the page). Such a page is cached by the browser only.
 */
export const VARYING_COOKIES = ['hearth_where', 'tz'];

/** True for a path whose page is the same for every anonymous visitor. */
export function isPublicPage(pathname) {
  return PUBLIC_PAGES.some((re) => re.test(pathname));
}

/** The names of the cookies in a Cookie header. */
function cookieNames(header) {
  if (!header) return [];
  return header
    .split(';')
    .map((part) => part.split('=')[0].trim())
    .filter(Boolean);
}

/**
 * What a request's page may be cached as: 'personal' (a session, a cart, ... or credentials),
 * 'varying' (a cookie that changes the page for this browser), else 'public'.
 */
export function requestKind(headers) {
  if (headers.authorization) return 'personal';
  const names = cookieNames(headers.cookie);
  if (names.some((n) => PERSONAL_COOKIES.includes(n))) return 'personal';
  if (names.some((n) => VARYING_COOKIES.includes(n))) return 'varying';
  return 'public';
}

/**
 * A weak ETag of a page: its bytes without this response's CSP nonce (a new one per request), so the same
 * page has the same tag on every request.
 */
export function pageETag(body, nonce) {
  const hash = createHash('sha1');
  if (nonce) {
    const text = body.toString('latin1');
    let from = 0;
    for (let at = text.indexOf(nonce); at !== -1; at = text.indexOf(nonce, from)) {
      hash.update(text.slice(from, at), 'latin1');
      from = at + nonce.length;
    }
    hash.update(text.slice(from), 'latin1');
  } else {
    hash.update(body);
  }
  return `W/"${hash.digest('base64url')}"`;
}

/** True when an If-None-Match header names this tag (weak comparison) or is `*`. */
export function matchesETag(ifNoneMatch, etag) {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

function toBuffer(chunk, encoding) {
  return Buffer.isBuffer(chunk)
    ? chunk
    : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8');
}

/** Sets a header just before the response's head is written, whatever the page set. */
function forceHeader(res, name, value) {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    res.setHeader(name, value);
    return writeHead.apply(this, args);
  };
}

/**
 * Buffers a public page's body (the HTML is rendered in full before it is sent), then sends it with
 * `cacheControl` and an ETag, or a bodiless 304 when the browser or cache already has it. Pages that set a
 * cookie are personal after all (`private, no-store`); other statuses and pages that chose their own
 * `no-store`/`private` (a redirect to the sign-on check) keep what they set.
 */
function tagWhenDone(req, res, cacheControl) {
  const chunks = [];
  const write = res.write;
  const end = res.end;
  res.write = function (chunk, encoding, callback) {
    if (chunk) chunks.push(toBuffer(chunk, encoding));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };
  res.end = function (chunk, encoding, callback) {
    if (typeof chunk === 'function') [callback, chunk] = [chunk, undefined];
    else if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    if (chunk) chunks.push(toBuffer(chunk, encoding));
    res.write = write;
    res.end = end;
    const body = Buffer.concat(chunks);
    const own = String(res.getHeader('Cache-Control') ?? '');
    if (res.getHeader('Set-Cookie')) {
      res.setHeader('Cache-Control', PRIVATE_NO_STORE);
    } else if (res.statusCode === 200 && !/no-store|private/.test(own)) {
      const etag = pageETag(body, res.locals?.cspNonce);
      res.setHeader('Cache-Control', cacheControl);
      res.setHeader('ETag', etag);
      if (cacheControl === PUBLIC_CACHE_CONTROL) res.vary('Cookie');
      if (matchesETag(req.headers['if-none-match'], etag)) {
        // The cached copy keeps its own Content-Security-Policy: its nonce is the one in its HTML.
        res.statusCode = 304;
        for (const name of [
          'Content-Type',
          'Content-Length',
          'Transfer-Encoding',
          'Content-Security-Policy',
          'Content-Security-Policy-Report-Only',
        ])
          res.removeHeader(name);
        return end.call(this, callback);
      }
    }
    if (!res.headersSent) res.setHeader('Content-Length', body.length);
    return end.call(this, body, callback);
  };
}

/**
 * The middleware: mounted before the Remix handler. Public pages asked for without personal cookies get
 * `PUBLIC_CACHE_CONTROL` (with `Vary: Cookie`), with a varying cookie `PRIVATE_REVALIDATE`, both with an
 * ETag; with a personal cookie `PRIVATE_NO_STORE`. Other paths are left alone.
 */
export function publicPageCache() {
  return (req, res, next) => {
    if (req.method !== 'GET' || !isPublicPage(req.path)) return next();
    const kind = requestKind(req.headers);
    if (kind === 'personal') forceHeader(res, 'Cache-Control', PRIVATE_NO_STORE);
    else tagWhenDone(req, res, kind === 'public' ? PUBLIC_CACHE_CONTROL : PRIVATE_REVALIDATE);
    next();
  };
}
