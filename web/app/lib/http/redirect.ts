/** Longer than any path of this site with its query; a longer one is not ours. */
const MAX_PATH_LENGTH = 2000;

/**
 * A path on this site to go back to after a form post, from a form field: only same-site paths
 * (`/l/find-items?zip=07302`, `/kitchen/x#dish-y`), else `fallback`. Refused: another origin
 * (`//evil.example`, `https://…`), any backslash (`/\evil.example`: browsers read it as `//`) and any
 * control character (`/\t/evil.example`: browsers drop tabs and newlines from URLs, leaving `//`).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof to !== 'string' || to.length > MAX_PATH_LENGTH) return fallback;
  if (!to.startsWith('/') || to.startsWith('//') || to.includes('\\')) return fallback;
  // Below U+0020 and DEL: what the URL parser strips or chokes on.
  if ([...to].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return fallback;
  return to;
}

/** The `Set-Cookie` headers of an API answer, to pass on to the browser (the guest cart cookie). */
export function passOnCookies(from: Headers | undefined, to: Headers = new Headers()): Headers {
  for (const cookie of from?.getSetCookie() ?? []) to.append('Set-Cookie', cookie);
  return to;
}
