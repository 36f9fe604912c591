import { apiFetch, isApiError } from '../api/client.server';
import type { Schemas } from '../api/schemas';

/** What a page that names kitchens by storefront name needs to know about each. */
export interface KitchenNaming {
  /** The brand display name ("Priya's Kitchen"), else the storefront name. */
  name: string;
  /** The kitchen's IANA zone (its dates and times are shown in it), or null when unknown. */
  timeZone: string | null;
}

/** Kitchens by storefront name, kept for a few minutes (they rarely change). */
const cache = new Map<string, KitchenNaming & { until: number }>();
const KEEP_MS = 5 * 60_000;
const MAX_ENTRIES = 1000;

/**
 * The brand display name and time zone of each kitchen named by its storefront name (`priyas-kitchen`
 * → "Priya's Kitchen", America/New_York). The cart and order answers of the API name kitchens by
 * storefront name only; this asks `publisher/find-by-kitchen-name` (cached there too) and falls back to
 * the storefront name and no zone.
 */
export async function kitchenNamings(
  request: Request,
  kitchenNames: readonly string[],
): Promise<Map<string, KitchenNaming>> {
  const now = Date.now();
  const out = new Map<string, KitchenNaming>();
  const missing = [...new Set(kitchenNames.filter(Boolean))].filter((k) => {
    const hit = cache.get(k);
    if (hit && hit.until > now) out.set(k, { name: hit.name, timeZone: hit.timeZone });
    return !out.has(k);
  });
  await Promise.all(
    missing.map(async (kitchenName) => {
      try {
        const { data } = await apiFetch<Schemas['PublisherSummaryDto']>(
          request,
          'publisher/find-by-kitchen-name',
          {
            query: { kitchenName },
            timeoutMs: 3000,
          },
        );
        const naming = {
          name: data?.brandDisplayName?.trim() || kitchenName,
          timeZone: data?.timeZoneId ?? null,
        };
        out.set(kitchenName, naming);
        if (cache.size >= MAX_ENTRIES) cache.clear();
        cache.set(kitchenName, { ...naming, until: now + KEEP_MS });
      } catch (error) {
        if (!isApiError(error)) throw error;
        out.set(kitchenName, { name: kitchenName, timeZone: null });
      }
    }),
  );
  return out;
}

/** The brand display name of each kitchen named by its storefront name (see {@link kitchenNamings}). */
export async function brandNames(
  request: Request,
  kitchenNames: readonly string[],
): Promise<Map<string, string>> {
  const namings = await kitchenNamings(request, kitchenNames);
  return new Map([...namings].map(([k, v]) => [k, v.name]));
}

/** Replaces `kitchenName` (a storefront name) with the brand name in each object that has one. */
export function withBrandNames<T extends { kitchenName: string }>(
  rows: readonly T[],
  names: Map<string, string>,
): T[] {
  return rows.map((r) => ({ ...r, kitchenName: names.get(r.kitchenName) ?? r.kitchenName }));
}
