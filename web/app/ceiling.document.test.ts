/**
 * The ceiling route (`/_ceiling`, routes/[_]ceiling.ts) behind the real server, here run as two processes
 * (WEB_WORKERS=2, server/workers.js): a fixed string, no API call, never indexed nor stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi } from './test/fake-api';
import type { FakeApi } from './test/fake-api';
import { startWebServer } from './test/web-server';
import type { WebServer } from './test/web-server';
import { CEILING_BODY } from './routes/[_]ceiling';

let api: FakeApi;
let web: WebServer;

beforeAll(async () => {
  api = await startFakeApi();
  web = await startWebServer({ API_URL: api.url, WEB_WORKERS: '2' });
});

afterAll(async () => {
  await web?.stop();
  await api?.close();
});

describe('/_ceiling', () => {
  it('answers a fixed string without calling the API, not indexed and not stored', async () => {
    for (let i = 0; i < 4; i++) {
      const response = await web.fetch('/_ceiling');
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(CEILING_BODY);
      expect(response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
      expect(response.headers.get('Cache-Control')).toBe('no-store');
    }
    expect(api.requests).toHaveLength(0);
  });
});
