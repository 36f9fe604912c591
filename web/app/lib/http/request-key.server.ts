/**
 * Header that server.js sets on every request it hands to Remix (overwriting anything a client sent):
 * one random id per HTTP request. Remix gives each loader and the action their own copy of the Request,
 * so this id is what they have in common. Keep in step with server.js.
 */
export const REQUEST_KEY_HEADER = 'x-hearth-request-key';

const KEEP_MS = 30_000;

/**
 * Memoizes `load` per HTTP request: per request key when server.js set one, else per Request object
 * (tests calling a loader directly). Entries by key are forgotten after 30 s; a request still loading
 * then merely asks again.
 */
export function perRequest<T>(load: (request: Request) => Promise<T>) {
  const byObject = new WeakMap<Request, Promise<T>>();
  const byKey = new Map<string, { value: Promise<T>; until: number }>();
  return (request: Request): Promise<T> => {
    const key = request.headers.get(REQUEST_KEY_HEADER);
    if (!key) {
      let value = byObject.get(request);
      if (!value) byObject.set(request, (value = load(request)));
      return value;
    }
    const now = Date.now();
    const hit = byKey.get(key);
    if (hit && hit.until > now) return hit.value;
    // Entries share one lifetime, so the oldest come first: drop expired ones until a live one.
    for (const [k, entry] of byKey) {
      if (entry.until > now) break;
      byKey.delete(k);
    }
    const value = load(request);
    byKey.set(key, { value, until: now + KEEP_MS });
    return value;
  };
}
