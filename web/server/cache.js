// HTTP caching of the anonymous public pages (issue 19, docs/decisions/023-public-caching.md): a CDN or reverse proxy in front of the web
// server may keep them for a few seconds and serve them stale while it revalidates; browsers revalidate with
// the ETag and get a 304. A page that depends on who asks (a session, a cart, private-menu codes, a
// notification) is never stored anywhere by others. The web server itself keeps each rendered public page for
// a few seconds (server/page-cache.js) and serves it again to every visitor whose request renders the same,
// guests with a cart included: the count in the header is asked first and is part of what "the same" means.
import { createHash } from 'node:crypto';
import { isbot } from 'isbot';
import { GUEST_CART_COOKIE } from '@hearth/shared';

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
  // A kitchen's storefront by name (`/priyas-kitchen`: a kitchen name starts with a letter or digit, so
  // `/_ceiling` and the like are not pages); any other one-segment page is a 404, never cached.
  /^\/[A-Za-z0-9][^/.]*$/,
  /^\/items\/[^/]+$/,
  /^\/resources(?:\/[^/]+){0,2}$/,
];

/** Cookies that make a page personal: the session, the guest cart, private-menu codes, a notification. */
export const PERSONAL_COOKIES = [
  'hearth_session',
  '__Host-hearth_session',
  GUEST_CART_COOKIE,
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

/**
 * What a request's page may be cached as: 'personal' (a session, a cart, ... or credentials),
 * 'varying' (a cookie that changes the page for this browser), else 'public'.
 */
export function requestKind(headers) {
  if (headers.authorization) return 'personal';
  const names = [...cookieMap(headers.cookie).keys()];
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

/** The single-sign-on check's cookie (its presence decides whether a page redirects to the check). */
const SSO_COOKIE = 'hearth_sso';

/**
 * The cookies of a Cookie header by name (the first of a name wins, as the app's `readCookie`; raw values). A
 * part without `=` counts as a name with an empty value, so that it still makes a request personal.
 */
function cookieMap(header) {
  const map = new Map();
  if (!header) return map;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    const name = (eq < 0 ? part : part.slice(0, eq)).trim();
    if (name && !map.has(name)) map.set(name, eq < 0 ? '' : part.slice(eq + 1).trim());
  }
  return map;
}

/**
 * What a request's rendering of a public page depends on, as the origin cache's key, and whether it holds a
 * guest cart (whose count is then added to the key); null when the request is too personal for the origin to
 * share a rendering (credentials, a session, private-menu codes, a notification).
 *
 * @param {import('express').Request} req
 * @returns {{ key: string, cart: boolean } | null}
 */
export function variantOf(req) {
  if (req.headers.authorization) return null;
  const cookies = cookieMap(req.headers.cookie);
  if (PERSONAL_COOKIES.some((name) => name !== GUEST_CART_COOKIE && cookies.has(name))) return null;
  const key = [
    req.protocol,
    req.hostname,
    req.get('X-Forwarded-Host') ?? '',
    req.get('Host') ?? '',
    req.originalUrl,
    isbot(req.get('User-Agent')) ? 'bot' : 'browser',
    cookies.has(SSO_COOKIE) ? 'sso' : '',
    cookies.get('hearth_where') ?? '',
    cookies.get('tz') ?? '',
  ].join('\u0000');
  return { key, cart: cookies.has(GUEST_CART_COOKIE) };
}

/**
 * Cookies a page may set and still be stored by the origin, because the page's URL decides them: the zip code
 * a search found (`/l/find-items?zip=…` remembers it for the home page). They are sent again with every copy.
 */
const URL_COOKIES = ['hearth_where'];

/** The Set-Cookie values of a rendered response, when each is one of URL_COOKIES; else null. */
function urlCookies(res) {
  const header = res.getHeader('Set-Cookie');
  const all = header === undefined ? [] : Array.isArray(header) ? header.map(String) : [String(header)];
  const name = (cookie) => cookie.slice(0, cookie.indexOf('=')).trim();
  return all.every((cookie) => URL_COOKIES.includes(name(cookie))) ? all : null;
}

/** Headers that belong to one response, never to a stored page. */
const PER_RESPONSE = new Set([
  'set-cookie',
  'cache-control',
  'etag',
  'vary',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'x-page-cache',
]);

/**
 * Takes over a response's body: everything written is collected, and `done(body)` runs instead of the
 * response's end, with the original write/end back in place.
 */
function captureBody(res, done) {
  const chunks = [];
  const write = res.write;
  const end = res.end;
  res.write = function (chunk, encoding, callback) {
    if (chunk) chunks.push(toBuffer(chunk, encoding));
    const next = typeof encoding === 'function' ? encoding : callback;
    if (typeof next === 'function') process.nextTick(next);
    return true;
  };
  res.end = function (chunk, encoding, callback) {
    if (typeof chunk === 'function') [callback, chunk] = [chunk, undefined];
    else if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    if (chunk) chunks.push(toBuffer(chunk, encoding));
    res.write = write;
    res.end = end;
    done(Buffer.concat(chunks), callback);
    return this;
  };
}

/** A 304 keeps nothing that describes a body; the stored copy keeps the policy whose nonce is in its HTML. */
function notModified(res, callback) {
  res.statusCode = 304;
  for (const name of [
    'Content-Type',
    'Content-Length',
    'Transfer-Encoding',
    'Content-Encoding',
    'Content-Security-Policy',
    'Content-Security-Policy-Report-Only',
  ])
    res.removeHeader(name);
  return res.end(callback);
}

/**
 * Sends a public page's body (rendered for this response) with `cacheControl` and an ETag, or a bodiless 304
 * when the browser or cache already has it. Pages that set a cookie are personal after all (`private,
 * no-store`); other statuses and pages that chose their own `no-store`/`private` (a redirect to the sign-on
 * check) keep what they set.
 */
function sendRendered(req, res, body, cacheControl, callback) {
  const own = String(res.getHeader('Cache-Control') ?? '');
  if (res.getHeader('Set-Cookie')) {
    res.setHeader('Cache-Control', PRIVATE_NO_STORE);
  } else if (cacheControl === PRIVATE_NO_STORE) {
    res.setHeader('Cache-Control', PRIVATE_NO_STORE);
  } else if (res.statusCode === 200 && !/no-store|private/.test(own)) {
    const etag = pageETag(body, res.locals?.cspNonce);
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', etag);
    if (cacheControl === PUBLIC_CACHE_CONTROL) res.vary('Cookie');
    if (matchesETag(req.headers['if-none-match'], etag)) return notModified(res, callback);
  }
  if (!res.headersSent) res.setHeader('Content-Length', body.length);
  return res.end(body, callback);
}

/**
 * Sends a stored page: the headers its rendering set, this response's Content-Security-Policy made to name the
 * page's own nonce, the caching headers of this request (`private, no-store` when the request holds a guest
 * cart, whose count is in the header), gzip when the client takes it (compressed once, when stored).
 *
 * @param {import('./page-cache.js').PageEntry} entry
 */
function sendStored(req, res, entry, { cacheControl, setCookies, state }) {
  const current = res.locals?.cspNonce;
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  if (entry.nonce && current && entry.nonce !== current) {
    for (const name of ['Content-Security-Policy', 'Content-Security-Policy-Report-Only']) {
      const policy = res.getHeader(name);
      if (typeof policy === 'string') res.setHeader(name, policy.replaceAll(current, entry.nonce));
    }
    res.locals.cspNonce = entry.nonce;
  }
  for (const cookie of [...entry.cookies, ...setCookies]) res.append('Set-Cookie', cookie);
  res.setHeader('X-Page-Cache', state);
  const personal = cacheControl === PRIVATE_NO_STORE || Boolean(res.getHeader('Set-Cookie'));
  res.setHeader('Cache-Control', personal ? PRIVATE_NO_STORE : cacheControl);
  if (!personal) {
    res.setHeader('ETag', entry.etag);
    if (cacheControl === PUBLIC_CACHE_CONTROL) res.vary('Cookie');
    if (matchesETag(req.headers['if-none-match'], entry.etag)) return notModified(res);
  }
  res.vary('Accept-Encoding');
  const gzipped = req.acceptsEncodings('gzip', 'identity') === 'gzip';
  const body = gzipped ? entry.gzipped : entry.raw;
  // The compression middleware leaves an encoded body as it is.
  if (gzipped) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', body.length);
  res.statusCode = 200;
  return res.end(body);
}

/**
 * The headers a rendering set on `res` beyond `before` (the names present before the page was rendered), as
 * they are to be stored with the page.
 */
function renderedHeaders(res, before) {
  return Object.entries(res.getHeaders()).filter(
    ([name, value]) => !PER_RESPONSE.has(name) && (!before.has(name) || before.get(name) !== value),
  );
}

/**
 * The middleware, mounted before the Remix handler. Public pages asked for without personal cookies get
 * `PUBLIC_CACHE_CONTROL` (with `Vary: Cookie`), with a varying cookie `PRIVATE_REVALIDATE`, both with an
 * ETag; with a personal cookie `PRIVATE_NO_STORE`. Other paths are left alone.
 *
 * With a `pageCache` (server/page-cache.js), a page whose request is shareable (`variantOf`) is rendered once
 * per variant and window and served from memory meanwhile (`X-Page-Cache: HIT`, `STALE` while the next one
 * renders, `MISS`); a guest cart's count is asked first (`cartCount`, which never throws) and handed to the
 * root loader in `res.locals.cartCount`, so the page does not ask again.
 *
 * @param {{ pageCache?: import('./page-cache.js').PageCache | null,
 *   cartCount?: (req: import('express').Request) => Promise<{ count: number | null, setCookies: string[] }> }} [options]
 */
export function publicPageCache({ pageCache = null, cartCount } = {}) {
  return (req, res, next) => {
    if (req.method !== 'GET' || !isPublicPage(req.path)) return next();
    const kind = requestKind(req.headers);
    const cacheControl =
      kind === 'personal' ? PRIVATE_NO_STORE : kind === 'public' ? PUBLIC_CACHE_CONTROL : PRIVATE_REVALIDATE;
    const variant = pageCache ? variantOf(req) : null;
    const render = () => {
      captureBody(res, (body, callback) => sendRendered(req, res, body, cacheControl, callback));
      next();
    };
    if (!variant || (variant.cart && !cartCount)) return render();
    serveShared(req, res, next, { pageCache, variant, cacheControl, cartCount, render }).catch(next);
  };
}

async function serveShared(req, res, next, { pageCache, variant, cacheControl, cartCount, render }) {
  let key = variant.key;
  let setCookies = [];
  if (variant.cart) {
    const cart = await cartCount(req);
    if (cart.count === null) {
      // The API could not say: render as usual, and let the page show no number.
      res.locals.cartCount = { count: null, setCookies: cart.setCookies };
      return render();
    }
    res.locals.cartCount = { count: cart.count, setCookies: [] };
    setCookies = cart.setCookies;
    key += `\u0000cart:${cart.count}`;
  }
  const claim = pageCache.claim(key);
  if (claim.kind === 'hit') {
    return sendStored(req, res, claim.entry, {
      cacheControl,
      setCookies,
      state: claim.stale ? 'STALE' : 'HIT',
    });
  }
  if (claim.kind === 'wait') {
    const entry = await claim.promise;
    if (entry) return sendStored(req, res, entry, { cacheControl, setCookies, state: 'HIT' });
    return render();
  }
  const { settle } = claim;
  // A response that ends before its page is stored (the client left, a render failed) stores nothing.
  res.once('close', () => settle(null));
  const before = new Map(Object.entries(res.getHeaders()));
  captureBody(res, (body, callback) => {
    const own = String(res.getHeader('Cache-Control') ?? '');
    const cookies = urlCookies(res);
    const storable = res.statusCode === 200 && cookies !== null && !/no-store|private/.test(own);
    if (!storable) {
      settle(null);
      return sendRendered(req, res, body, cacheControl, callback);
    }
    const nonce = res.locals?.cspNonce;
    // Sent again from the entry, as on every later copy.
    res.removeHeader('Set-Cookie');
    pageCache
      .put(key, {
        raw: body,
        etag: pageETag(body, nonce),
        nonce,
        headers: renderedHeaders(res, before),
        cookies,
      })
      .then(
        (entry) => {
          settle(entry);
          sendStored(req, res, entry, { cacheControl, setCookies, state: 'MISS' });
          callback?.();
        },
        (error) => {
          settle(null);
          next(error);
        },
      );
  });
  next();
}
