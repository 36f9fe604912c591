import { describe, expect, it } from 'vitest';
import { getToast } from '~/lib/toast.server';
import { action } from './_default.resources.contact-us';

function post(fields: Record<string, string>) {
  const request = new Request('http://hearth.test/resources/contact-us', {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  return action({ request, params: {}, context: {} });
}

describe('contact form', () => {
  it('answers 400 with a message for each bad field and keeps what was typed', async () => {
    const result = (await post({ legalName: ' ', email: 'not-an-email', message: 'hi' })) as unknown as {
      data: { fieldErrors: Record<string, string>; values: Record<string, string> };
      init: ResponseInit;
    };
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      legalName: 'Please enter your name.',
      email: 'Please enter a valid email address, like name@example.com.',
      message: 'Please write at least 10 characters so we can help.',
    });
    expect(result.data.values.email).toBe('not-an-email');
  });

  it('reports missing fields', async () => {
    const result = (await post({})) as unknown as { data: { fieldErrors: Record<string, string> }; init: ResponseInit };
    expect(result.init.status).toBe(400);
    expect(Object.keys(result.data.fieldErrors).sort()).toEqual(['email', 'legalName', 'message']);
  });

  it('redirects back with the generic success notification', async () => {
    const response = (await post({ legalName: 'Ada Lovelace', email: 'ada@example.com', message: 'I would love to cook for Hearth.' })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/resources/contact-us');
    const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const { toast } = await getToast(new Request('http://hearth.test/resources/contact-us', { headers: { Cookie: cookie } }));
    expect(toast).toMatchObject({ kind: 'positive', text: 'Operation Success!' });
  });
});
