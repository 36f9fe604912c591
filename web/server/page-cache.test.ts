import { describe, expect, it } from 'vitest';
import { PageCache, WINDOW_JITTER } from './page-cache.js';

const page = (text: string) => ({
  raw: Buffer.from(text),
  etag: `W/"${text}"`,
  nonce: undefined,
  headers: [] as Array<[string, string]>,
  cookies: [] as string[],
});

/** A cache on a clock the test moves, with the given draws for each stored page's window. */
function cacheWith(draws: number[]) {
  let now = 1_000_000;
  const cache = new PageCache({
    seconds: 5,
    maxBytes: 1024 * 1024,
    now: () => now,
    random: () => draws.shift() ?? 0,
  });
  return { cache, advance: (ms: number) => (now += ms) };
}

/** Stores `key` as the one request that claimed its render would. */
async function store(cache: PageCache, key: string, text: string) {
  const claim = cache.claim(key);
  expect(claim.kind).toBe('render');
  const entry = await cache.put(key, page(text));
  if (claim.kind === 'render') claim.settle(entry);
}

describe('PageCache windows', () => {
  it('serves a page as it is for its window, never longer than the stated one', async () => {
    const { cache, advance } = cacheWith([0.999_999]);
    await store(cache, '/', 'home');
    // The shortest draw: fresh for the window less a fifth of it.
    advance(5_000 * (1 - WINDOW_JITTER) - 1);
    expect(cache.claim('/').kind).toBe('hit');
    advance(2);
    expect(cache.claim('/').kind).toBe('render');
  });

  it('gives pages stored at the same moment different windows, so that processes do not all render at once', async () => {
    const { cache, advance } = cacheWith([0, 0.9]);
    await store(cache, 'process A', 'home');
    await store(cache, 'process B', 'home');
    advance(4_400);
    expect(cache.claim('process A').kind).toBe('hit');
    expect(cache.claim('process B').kind).toBe('render');
    advance(599);
    expect(cache.claim('process A').kind).toBe('hit');
    advance(1);
    // Its successor is being rendered: the stored page answers meanwhile (marked stale).
    expect(cache.claim('process A')).toMatchObject({ kind: 'render' });
    expect(cache.claim('process A')).toMatchObject({ kind: 'hit', stale: true });
  });
});
