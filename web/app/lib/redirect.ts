/**
 * A path on this site to go back to after a form post, from a form field: only same-site paths
 * (`/l/find-items?zip=07302`), never another origin (`//evil.example`, `https://…`); else `fallback`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\'))
    return fallback;
  return to;
}

/** The `Set-Cookie` headers of an API answer, to pass on to the browser (the guest cart cookie). */
export function passOnCookies(from: Headers | undefined, to: Headers = new Headers()): Headers {
  for (const cookie of from?.getSetCookie() ?? []) to.append('Set-Cookie', cookie);
  return to;
}
