import { describe, expect, it } from 'vitest';
import { REQUEST_KEY_HEADER, perRequest } from './request-key.server';

describe(perRequest.name, () => {
  it('loads once for all copies of one HTTP request (same key), again for another', async () => {
    let calls = 0;
    const sut = perRequest(async () => ++calls);
    const copy = (key: string) =>
      new Request('http://hearth.test/', { headers: { [REQUEST_KEY_HEADER]: key } });
    expect(await Promise.all([sut(copy('a')), sut(copy('a')), sut(copy('a'))])).toEqual([1, 1, 1]);
    expect(await sut(copy('b'))).toBe(2);
  });

  it('falls back to the Request object when no key was set', async () => {
    let calls = 0;
    const sut = perRequest(async () => ++calls);
    const request = new Request('http://hearth.test/');
    expect([await sut(request), await sut(request), await sut(new Request('http://hearth.test/'))]).toEqual([
      1, 1, 2,
    ]);
  });
});
