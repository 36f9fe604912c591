import { describe, expect, it } from 'vitest';
import { pagingLinks } from './paging.js';

describe('pagingLinks', () => {
  it('keeps the path and every other parameter in place, replacing page and size', () => {
    expect(pagingLinks('/api/_search/items?query=chicken+curry&page=1&size=8&foodType=VEG', 40, 1, 8)).toBe(
      [
        '</api/_search/items?query=chicken+curry&page=0&size=8&foodType=VEG>; rel="first"',
        '</api/_search/items?query=chicken+curry&page=0&size=8&foodType=VEG>; rel="prev"',
        '</api/_search/items?query=chicken+curry&page=2&size=8&foodType=VEG>; rel="next"',
        '</api/_search/items?query=chicken+curry&page=4&size=8&foodType=VEG>; rel="last"',
      ].join(', '),
    );
  });

  it('adds page and size to a URL without them, and an empty result has one page', () => {
    expect(pagingLinks('/api/orders', 0, 0, 20)).toBe(
      '</api/orders?page=0&size=20>; rel="first", </api/orders?page=0&size=20>; rel="last"',
    );
  });

  it('has no next link on the last page and points prev at the last page from beyond it', () => {
    expect(pagingLinks('/api/x?size=10&page=2&q=%C3%A9t%C3%A9', 25, 2, 10)).toBe(
      '</api/x?size=10&page=0&q=%C3%A9t%C3%A9>; rel="first", </api/x?size=10&page=1&q=%C3%A9t%C3%A9>; rel="prev", </api/x?size=10&page=2&q=%C3%A9t%C3%A9>; rel="last"',
    );
    expect(pagingLinks('/api/x?page=9', 25, 9, 10)).toContain('</api/x?page=2&size=10>; rel="prev"');
  });
});
