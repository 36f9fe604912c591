import { describe, expect, it } from 'vitest';
import { searchCacheSeconds } from '../../config/search-cache.js';
import { keptFor, SearchAnswerCache } from './search-answer.cache.js';

describe('search answer cache', () => {
  it('keys a search by its route and values, not by the order of its fields or fields left out', () => {
    const a = SearchAnswerCache.key('items', { lat: 40.1, lng: -74.2, size: 8, query: ' ', sort: undefined });
    expect(SearchAnswerCache.key('items', { size: 8, query: ' ', lng: -74.2, lat: 40.1 })).toBe(a);
    expect(SearchAnswerCache.key('items', { lat: 40.1, lng: -74.2, size: 9, query: ' ' })).not.toBe(a);
    expect(SearchAnswerCache.key('items-by-zip', { lat: 40.1, lng: -74.2, size: 8, query: ' ' })).not.toBe(a);
    expect(
      SearchAnswerCache.key('items', { lat: 40.1, lng: -74.2, size: 8, query: ' ', zip: '10001' }),
    ).not.toBe(a);
  });

  it('keeps an answer between half the window and the window, never longer', () => {
    const kept = Array.from({ length: 1000 }, () => keptFor(10));
    expect(Math.max(...kept)).toBeLessThanOrEqual(10_000);
    expect(Math.min(...kept)).toBeGreaterThanOrEqual(5_000);
    expect(new Set(kept).size).toBeGreaterThan(100);
  });

  it('is on for 30 s in production unless set, and off elsewhere', () => {
    expect(searchCacheSeconds({ NODE_ENV: 'production' })).toBe(30);
    expect(searchCacheSeconds({ NODE_ENV: 'production', SEARCH_CACHE_SECONDS: 0 })).toBe(0);
    expect(searchCacheSeconds({ NODE_ENV: 'development' })).toBe(0);
    expect(searchCacheSeconds({ NODE_ENV: 'test', SEARCH_CACHE_SECONDS: 3 })).toBe(3);
  });
});
