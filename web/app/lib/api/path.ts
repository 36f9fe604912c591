/**
 * Safe API paths from user-supplied ids (S-23). `encodeURIComponent` leaves `.` and `..` as they are, and
 * `new URL` then resolves them, so an id of `..` would reach another API path. Every path builder in
 * `app/lib` goes through these: `.`, `..` and empty segments are refused, ids must be UUIDs where the API
 * uses UUIDs. A refused value answers 404, as an unknown id would.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function notFound(): Response {
  return new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

/** One path segment, encoded; `''`, `.` and `..` (also percent-encoded) are refused with a 404. */
export function pathSegment(value: string | number): string {
  const text = String(value);
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // Not percent-encoded: checked as it is.
  }
  if (text === '' || decoded === '.' || decoded === '..' || text === '.' || text === '..') throw notFound();
  return encodeURIComponent(text);
}

/** A UUID path segment; anything else is refused with a 404. */
export function uuidSegment(value: string): string {
  if (!UUID.test(value)) throw notFound();
  return value.toLowerCase();
}

/** `base/segment/segment…`, each segment checked and encoded; `base` is the code's own constant. */
export function apiPath(base: string, ...segments: Array<string | number>): string {
  return [base, ...segments.map(pathSegment)].join('/');
}
