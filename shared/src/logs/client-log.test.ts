import { describe, expect, it } from 'vitest';
import { clientLogPath, scrubPersonalData, userAgentFamily } from './client-log.js';

describe(scrubPersonalData.name, () => {
  it('removes e-mail addresses', () => {
    expect(scrubPersonalData('No account for priya.r+food@example.co.uk here')).toBe(
      'No account for [email] here',
    );
  });

  it('removes query strings and fragments but keeps the line and column of a stack frame', () => {
    expect(scrubPersonalData('GET https://hearth.example/l/orders?orderNumber=HX7K&email=a failed')).toBe(
      'GET https://hearth.example/l/orders failed',
    );
    expect(scrubPersonalData('at render (https://hearth.example/assets/root.js?v=3:12:34)')).toBe(
      'at render (https://hearth.example/assets/root.js:12:34)',
    );
    expect(scrubPersonalData('/l/unsubscribe#token=abc')).toBe('/l/unsubscribe');
    expect(scrubPersonalData('at load (https://hearth.example/root.js?token=abc:12:34)')).toBe(
      'at load (https://hearth.example/root.js:12:34)',
    );
  });

  it('leaves ordinary punctuation alone', () => {
    expect(scrubPersonalData('Is it null? No. Item #42 failed')).toBe('Is it null? No. Item #42 failed');
  });

  it('removes phone numbers and long digit runs, not short numbers or dates', () => {
    expect(scrubPersonalData('Call +1 (201) 555-0134 now')).toBe('Call [number] now');
    expect(scrubPersonalData('card 4242 4242 4242 4242 declined')).toBe('card [number] declined');
    expect(scrubPersonalData('at x (app.js:1234:56) on 2026-11-25, 3 items')).toBe(
      'at x (app.js:1234:56) on 2026-11-25, 3 items',
    );
  });

  it('removes tokens: JSON web tokens, bearer values, secret pairs and long random strings', () => {
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl';
    expect(scrubPersonalData(`bad token ${jwt}`)).toBe('bad token [token]');
    expect(scrubPersonalData('Authorization: Bearer abc.def-ghi')).toBe('Authorization: Bearer [token]');
    expect(scrubPersonalData('password=hunter2 and secret=xyz')).toBe(
      'password=[redacted] and secret=[redacted]',
    );
    expect(scrubPersonalData('session 4f9c2a7be1d84e0f9a3b6c5d2e1f0a9b expired')).toBe(
      'session [token] expired',
    );
  });

  it('keeps an ordinary error message as it is', () => {
    const text = "TypeError: Cannot read properties of undefined (reading 'map')";
    expect(scrubPersonalData(text)).toBe(text);
  });
});

describe(clientLogPath.name, () => {
  it('keeps the path only', () => {
    expect(clientLogPath('/l/orders/order-status?orderNumber=HX7K2M9QPA')).toBe('/l/orders/order-status');
    expect(clientLogPath('https://hearth.example/kitchen/1#reviews')).toBe('/kitchen/1');
    expect(clientLogPath('/l/unsubscribe/jane@example.com')).toBe('/l/unsubscribe/[email]');
  });
});

describe(userAgentFamily.name, () => {
  it('names the family and major version only', () => {
    expect(
      userAgentFamily(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.6723.58 Safari/537.36',
      ),
    ).toBe('Chrome 130');
    expect(
      userAgentFamily('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0'),
    ).toBe('Firefox 132');
    expect(
      userAgentFamily(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17');
    expect(
      userAgentFamily(
        'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
      ),
    ).toBe('Edge 130');
    expect(userAgentFamily('curl/8.5.0')).toBe('Other');
    expect(userAgentFamily(undefined)).toBe('Other');
  });
});
