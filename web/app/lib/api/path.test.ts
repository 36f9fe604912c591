import { describe, expect, it } from 'vitest';
import { apiPath, pathSegment, uuidSegment } from './path';

const refused = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return error instanceof Response ? error.status : 'not a Response';
  }
  return 'accepted';
};

describe('API path segments (S-23)', () => {
  it('encodes ordinary segments', () => {
    expect(apiPath('item', 'a b/c', 7)).toBe('item/a%20b%2Fc/7');
    expect(pathSegment('dumpling-den')).toBe('dumpling-den');
  });

  it('refuses dot segments, plain or percent-encoded, and empty ones, with a 404', () => {
    for (const bad of ['.', '..', '%2e%2e', '%2E', ''])
      expect(
        refused(() => pathSegment(bad)),
        JSON.stringify(bad),
      ).toBe(404);
    // Proof of the danger: the URL parser resolves `..` away.
    expect(new URL(`http://api/services/publisher/api/item/${encodeURIComponent('..')}/x`).pathname).toBe(
      '/services/publisher/api/x',
    );
  });

  it('takes only UUIDs where the API uses UUIDs', () => {
    expect(uuidSegment('0F8B1A6E-1C2D-4E3F-8A9B-0C1D2E3F4A5B')).toBe('0f8b1a6e-1c2d-4e3f-8a9b-0c1d2e3f4a5b');
    for (const bad of ['..', '42', 'x'.repeat(36), '0f8b1a6e-1c2d-4e3f-8a9b-0c1d2e3f4a5b/..'])
      expect(
        refused(() => uuidSegment(bad)),
        bad,
      ).toBe(404);
  });
});
