import { describe, expect, it } from 'vitest';
import { passOnCookies, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps paths of this site, with their query and fragment', () => {
    expect(safeRedirect('/l/find-items?zip=07302&country=US')).toBe('/l/find-items?zip=07302&country=US');
    expect(safeRedirect('/kitchen/dumpling-den#dish-1', '/l/cart')).toBe('/kitchen/dumpling-den#dish-1');
    expect(safeRedirect('/')).toBe('/');
  });

  it('refuses other origins and anything that is not a path', () => {
    for (const to of [
      '//evil.example',
      'https://evil.example/',
      'evil.example',
      'javascript:alert(1)',
      '',
      '?a=1',
    ])
      expect(safeRedirect(to, '/fallback'), to).toBe('/fallback');
  });

  it('refuses backslashes, which browsers read as slashes (S-17)', () => {
    for (const to of ['/\\evil.example', '/\\/evil.example', '/a\\b'])
      expect(safeRedirect(to, '/fallback'), to).toBe('/fallback');
  });

  it('refuses control characters, which browsers strip from URLs (S-17)', () => {
    for (const to of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/\u0000/evil.example',
      '/a\u007fb',
    ])
      expect(safeRedirect(to, '/fallback'), JSON.stringify(to)).toBe('/fallback');
    // Proof of the danger: the URL parser drops the tab, leaving another host.
    expect(new URL('/\t/evil.example', 'https://hearth.test').host).toBe('evil.example');
  });

  it('refuses what is not text or far too long', () => {
    expect(safeRedirect(null, '/fallback')).toBe('/fallback');
    expect(safeRedirect(undefined, '/fallback')).toBe('/fallback');
    expect(safeRedirect(new File([], 'x'), '/fallback')).toBe('/fallback');
    expect(safeRedirect(`/${'a'.repeat(2000)}`, '/fallback')).toBe('/fallback');
  });
});

describe('passOnCookies', () => {
  it('copies every Set-Cookie of the API answer', () => {
    const from = new Headers();
    from.append('Set-Cookie', 'hearth_cart=a; Path=/');
    from.append('Set-Cookie', 'other=b; Path=/');
    expect(passOnCookies(from).getSetCookie()).toEqual(['hearth_cart=a; Path=/', 'other=b; Path=/']);
    expect(passOnCookies(undefined).getSetCookie()).toEqual([]);
  });
});
