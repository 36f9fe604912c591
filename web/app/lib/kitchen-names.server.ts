import { apiFetch, isApiError } from './api.server';

/** Brand names by storefront name, kept for a few minutes (they rarely change). */
const cache = new Map<string, { name: string; until: number }>();
const KEEP_MS = 5 * 60_000;
const MAX_ENTRIES = 1000;

/**
 * The brand display name of each kitchen named by its storefront name (`priyas-kitchen` → "Priya's
 * Kitchen"). The cart and order answers of the API name kitchens by storefront name only; this asks
 * `publisher/find-by-kitchen-name` (cached there too) and falls back to the storefront name.
 */
export async function brandNames(
  request: Request,
  kitchenNames: readonly string[],
): Promise<Map<string, string>> {
  const now = Date.now();
  const out = new Map<string, string>();
  const missing = [...new Set(kitchenNames.filter(Boolean))].filter((k) => {
    const hit = cache.get(k);
    if (hit && hit.until > now) out.set(k, hit.name);
    return !out.has(k);
  });
  await Promise.all(
    missing.map(async (kitchenName) => {
      try {
        const { data } = await apiFetch<{ brandDisplayName?: string | null }>(
          request,
          'publisher/find-by-kitchen-name',
          {
            query: { kitchenName },
            timeoutMs: 3000,
          },
        );
        const name = data?.brandDisplayName?.trim() || kitchenName;
        out.set(kitchenName, name);
        if (cache.size >= MAX_ENTRIES) cache.clear();
        cache.set(kitchenName, { name, until: now + KEEP_MS });
      } catch (error) {
        if (!isApiError(error)) throw error;
        out.set(kitchenName, kitchenName);
      }
    }),
  );
  return out;
}

/** Replaces `kitchenName` (a storefront name) with the brand name in each object that has one. */
export function withBrandNames<T extends { kitchenName: string }>(
  rows: readonly T[],
  names: Map<string, string>,
): T[] {
  return rows.map((r) => ({ ...r, kitchenName: names.get(r.kitchenName) ?? r.kitchenName }));
}
