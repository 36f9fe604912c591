import { describe, expect, it } from 'vitest';
import { createToastHeaders, getToast, redirectWithToast } from './toast.server';

function cookieFrom(response: { headers: Headers }): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe('flash notifications', () => {
  it('carries a notification through a redirect to the next page, once', async () => {
    const response = await redirectWithToast('/resources/contact-us', {
      kind: 'positive',
      text: 'Operation Success!',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/resources/contact-us');

    const next = new Request('http://hearth.test/resources/contact-us', {
      headers: { Cookie: cookieFrom(response) },
    });
    const { toast, headers } = await getToast(next);
    expect(toast).toMatchObject({ kind: 'positive', text: 'Operation Success!' });
    // The flash is consumed: the answer clears the cookie.
    expect(headers.get('Set-Cookie')).toMatch(/hearth_toast=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('flashes nothing for an empty text', async () => {
    const headers = await createToastHeaders({ kind: 'info', text: '' });
    expect(headers.get('Set-Cookie')).toBeNull();
  });

  it('ignores a forged cookie', async () => {
    const forged = `hearth_toast=${Buffer.from(JSON.stringify({ __flash_toast__: { kind: 'info', text: 'Hi' } })).toString('base64')}`;
    const { toast } = await getToast(new Request('http://hearth.test/', { headers: { Cookie: forged } }));
    expect(toast).toBeNull();
  });
});
