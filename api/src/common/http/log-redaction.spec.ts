import { describe, expect, it } from 'vitest';
import { redactUrl, serializeRequest, serializeResponse } from './log-redaction.js';

describe('request log redaction (security review S-18)', () => {
  it('drops the OIDC callback code and state', () => {
    expect(
      redactUrl('/services/publisher/api/auth/callback?code=SplxlOBeZQQYbYS6WxSbIA&state=af0ifjsldkj&iss=x'),
    ).toBe('/services/publisher/api/auth/callback?code=[redacted]&state=[redacted]&iss=x');
  });

  it('rounds coordinates to about a kilometre', () => {
    expect(redactUrl('/services/publisher/api/_search/items?lat=40.728157&lng=-74.077642&page=2')).toBe(
      '/services/publisher/api/_search/items?lat=40.73&lng=-74.08&page=2',
    );
    expect(redactUrl('/x?latitude=abc')).toBe('/x?latitude=[redacted]');
  });

  it('leaves other URLs as they are', () => {
    expect(redactUrl('/services/publisher/api/health')).toBe('/services/publisher/api/health');
    expect(redactUrl('/a?zip=07302&sort=distance')).toBe('/a?zip=07302&sort=distance');
  });

  it('applies to the serialized request and the search origin response headers', () => {
    const req = serializeRequest({
      method: 'GET',
      url: '/api/auth/callback?code=abc&state=def',
      query: { code: 'abc', lat: '40.728157' },
    });
    expect(JSON.stringify(req)).not.toMatch(/abc|def|40\.728/);
    const res = serializeResponse({
      statusCode: 200,
      headers: { 'x-search-lat': '40.728157', 'x-total-count': '3' },
    });
    expect(res.headers).toEqual({ 'x-search-lat': '40.73', 'x-total-count': '3' });
  });
});
