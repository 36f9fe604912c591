import { describe, expect, it } from 'vitest';
import { CLIENT_LOG_MAX_MESSAGE, CLIENT_LOG_MAX_STACK } from '@hearth/shared';
import {
  CLIENT_LOG_ROUTE,
  MAX_REPORTS_PER_PAGE,
  installClientErrorReporting,
  reportBoundaryError,
  toReport,
} from './client-errors';

describe(toReport.name, () => {
  it('reports an Error by name and message with its stack, scrubbed, on the page path only', () => {
    const error = new TypeError('No order for sam@example.com');
    error.stack = 'TypeError: No order for sam@example.com\n    at load (https://x.test/a.js?t=1:1:2)';
    expect(toReport(error, 'error', '/l/orders/order-status')).toEqual({
      message: 'TypeError: No order for [email]',
      stack: 'TypeError: No order for [email]\n    at load (https://x.test/a.js:1:2)',
      source: 'error',
      path: '/l/orders/order-status',
    });
  });

  it('bounds the message and the stack', () => {
    const error = new Error('m'.repeat(2000));
    error.stack = 's'.repeat(10_000);
    const report = toReport(error, 'error', '/');
    expect(report.message).toHaveLength(CLIENT_LOG_MAX_MESSAGE);
    expect(report.stack).toHaveLength(CLIENT_LOG_MAX_STACK);
  });

  it('reports things that are not errors', () => {
    expect(toReport('plain text', 'unhandledrejection', '/').message).toBe('plain text');
    expect(toReport({ code: 7 }, 'unhandledrejection', '/').message).toBe('Non-error thrown: {"code":7}');
  });
});

describe(installClientErrorReporting.name, () => {
  function fakeWindow(beacon: boolean) {
    const listeners: Record<string, (event: unknown) => void> = {};
    const beacons: Array<{ url: string; body: Blob }> = [];
    const fetches: Array<{ url: string; init: RequestInit }> = [];
    const win = {
      location: { pathname: '/l/cart' },
      navigator: {
        sendBeacon: (url: string, body: Blob) => {
          beacons.push({ url, body });
          return beacon;
        },
      },
      fetch: ((url: string, init: RequestInit) => {
        fetches.push({ url, init });
        return Promise.resolve(new Response(null, { status: 204 }));
      }) as typeof fetch,
      addEventListener: (type: string, listener: (event: unknown) => void) => {
        listeners[type] = listener;
      },
    };
    installClientErrorReporting(win as unknown as Parameters<typeof installClientErrorReporting>[0]);
    return { listeners, beacons, fetches };
  }

  it('sends window errors and unhandled rejections with sendBeacon, each message once', async () => {
    const { listeners, beacons } = fakeWindow(true);
    listeners.error({ error: new Error('Boom'), message: 'Boom' });
    listeners.error({ error: new Error('Boom'), message: 'Boom' });
    listeners.unhandledrejection({ reason: new RangeError('Too far') });
    expect(beacons.map((b) => b.url)).toEqual([CLIENT_LOG_ROUTE, CLIENT_LOG_ROUTE]);
    expect(JSON.parse(await beacons[0].body.text())).toMatchObject({
      message: 'Error: Boom',
      source: 'error',
      path: '/l/cart',
    });
    expect(JSON.parse(await beacons[1].body.text())).toMatchObject({
      message: 'RangeError: Too far',
      source: 'unhandledrejection',
    });
  });

  it('falls back to fetch keepalive when the beacon is refused, and stops after the cap', () => {
    const { listeners, fetches } = fakeWindow(false);
    for (let n = 0; n < MAX_REPORTS_PER_PAGE + 5; n++) listeners.error({ error: new Error(`E${n}`) });
    expect(fetches).toHaveLength(MAX_REPORTS_PER_PAGE);
    expect(fetches[0]).toMatchObject({ url: CLIENT_LOG_ROUTE, init: { method: 'POST', keepalive: true } });
  });

  it('reports errors caught by an error boundary', async () => {
    const { beacons } = fakeWindow(true);
    reportBoundaryError(new Error('Render failed'));
    expect(JSON.parse(await beacons[0].body.text())).toMatchObject({
      message: 'Error: Render failed',
      source: 'boundary',
    });
  });
});
