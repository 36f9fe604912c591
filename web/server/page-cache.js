// The origin's own cache of rendered public pages (issue 19, docs/decisions/023-public-caching.md): an anonymous
// public page is rendered once per variant every few seconds instead of once per request. A variant is
// everything the page's rendering reads from the request (its URL and host, the remembered place, the time
// zone, whether the single-sign-on check ran, a bot or not, the number of lines in a guest cart); a request
// that carries anything more personal (a session, private-menu codes, a notification, credentials) is never
// served from here. Each web process keeps its own copy (server/workers.js): nothing to share or invalidate
// across processes, at the price of one render per process and variant per window.
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { LRUCache } from 'lru-cache';

const gzip = promisify(gzipCallback);

/** How long a rendered page is served as it is (seconds); WEB_PAGE_CACHE_SECONDS, 0 turns the cache off. */
export const DEFAULT_PAGE_CACHE_SECONDS = 5;
/** Memory for the stored pages of one process (MB); WEB_PAGE_CACHE_MB. */
export const DEFAULT_PAGE_CACHE_MB = 64;
/**
 * How long past its window an entry may still answer, only while another request renders its successor
 * (seconds). A page is therefore never older than the window plus one render; this is a bound for a render
 * that hangs, after which the entry is gone and requests render (or wait for) a fresh one.
 */
export const STALE_LIMIT_SECONDS = 10;
/**
 * Each stored page is fresh for the window less up to this share of it, drawn at random when it is stored. The web
 * processes fill their copies at the same moments (the same visitors, the same start), so with one fixed window they
 * all rendered the same page again at once, and on a busy machine the requests around those moments waited for two
 * renders (the home page's p99 under load, docs/benchmarks.md). Never longer than the window: it stays the promise.
 */
export const WINDOW_JITTER = 0.2;

/**
 * @typedef {object} PageEntry
 * @property {Buffer} raw the page as rendered (with `nonce` in its scripts)
 * @property {Buffer} gzipped the same, gzip-compressed once
 * @property {string} etag weak tag of the page without its nonce (server/cache.js `pageETag`)
 * @property {string | undefined} nonce the Content-Security-Policy nonce the page was rendered with
 * @property {Array<[string, string | number | string[]]>} headers what the rendering set besides caching,
 *   cookies and length (Content-Type, X-Robots-Tag, …)
 * @property {string[]} cookies the Set-Cookie values the page's URL decides (server/cache.js URL_COOKIES)
 * @property {number} storedAt ms since the epoch
 * @property {number} freshUntil ms since the epoch: until then it is served as it is (storedAt + its window)
 */

export class PageCache {
  /**
   * @param {{ seconds: number, maxBytes: number, now?: () => number, random?: () => number }} options
   */
  constructor({ seconds, maxBytes, now = Date.now, random = Math.random }) {
    this.windowMs = seconds * 1000;
    this.now = now;
    this.random = random;
    /** @type {LRUCache<string, PageEntry>} */
    this.entries = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (entry) => entry.raw.length + entry.gzipped.length + 512,
      ttl: (seconds + STALE_LIMIT_SECONDS) * 1000,
      ttlAutopurge: false,
      perf: { now },
    });
    /** Renders under way, by key: each settles with the stored entry, or null when the page was not storable. */
    this.rendering = new Map();
  }

  /**
   * What to do for `key`: `hit` (a fresh entry, or a stale one while its successor renders), `wait` (no entry
   * yet, but one is being rendered: await `promise`), or `render` (call `settle` with the outcome, always).
   *
   * @param {string} key
   * @returns {{ kind: 'hit', entry: PageEntry, stale: boolean }
   *   | { kind: 'wait', promise: Promise<PageEntry | null> }
   *   | { kind: 'render', settle: (entry: PageEntry | null) => void }}
   */
  claim(key) {
    const entry = this.entries.get(key);
    const inFlight = this.rendering.get(key);
    if (entry && this.now() < entry.freshUntil) return { kind: 'hit', entry, stale: false };
    if (entry && inFlight) return { kind: 'hit', entry, stale: true };
    if (inFlight) return { kind: 'wait', promise: inFlight.promise };
    let resolve;
    const promise = new Promise((r) => (resolve = r));
    const flight = { promise };
    this.rendering.set(key, flight);
    let settled = false;
    return {
      kind: 'render',
      settle: (result) => {
        if (settled) return;
        settled = true;
        if (this.rendering.get(key) === flight) this.rendering.delete(key);
        resolve(result);
      },
    };
  }

  /**
   * Stores a rendered page (compressing it once) and returns its entry.
   *
   * @param {string} key
   * @param {Omit<PageEntry, 'gzipped' | 'storedAt' | 'freshUntil'>} page
   * @returns {Promise<PageEntry>}
   */
  async put(key, page) {
    const storedAt = this.now();
    const freshUntil = storedAt + this.windowMs * (1 - WINDOW_JITTER * this.random());
    const entry = { ...page, gzipped: await gzip(page.raw), storedAt, freshUntil };
    this.entries.set(key, entry);
    return entry;
  }

  /** Forgets every page (tests). */
  clear() {
    this.entries.clear();
  }
}

/**
 * The cache the web server runs with, from its environment: `null` when WEB_PAGE_CACHE_SECONDS is 0, and by
 * default outside production (development renders every change at once).
 *
 * @param {{ production: boolean, seconds?: number, megabytes?: number }} options
 * @returns {PageCache | null}
 */
export function pageCacheFromEnv({ production, seconds, megabytes }) {
  const window = seconds ?? (production ? DEFAULT_PAGE_CACHE_SECONDS : 0);
  if (window <= 0) return null;
  return new PageCache({ seconds: window, maxBytes: (megabytes ?? DEFAULT_PAGE_CACHE_MB) * 1024 * 1024 });
}
