import { API_PREFIX } from '@hearth/shared';
import type { Schemas } from '../api/schemas';

export type DeliveryRound = Schemas['DeliveryRoundDto'];
export type RoundStop = Schemas['RoundStopDto'];

/** Most stops a maps link can carry (Google Maps URLs take up to 9 waypoints plus the destination). */
export const MAX_STOPS_PER_MAPS_LINK = 10;

/** The round page of a date (and slot). */
export function roundPath(date: string, slot?: string | null): string {
  const q = new URLSearchParams({ date, ...(slot ? { slot } : {}) });
  return `/l/orders/kitchen/round?${q.toString()}`;
}

/** Where the browser downloads the round as GPX or CSV (through the web server's API proxy, with the cookie). */
export function roundExportHref(date: string, slot: string | null, format: 'gpx' | 'csv'): string {
  const q = new URLSearchParams({ date, ...(slot ? { timeSlot: slot } : {}), format });
  return `${API_PREFIX}/order/optimize-routes?${q.toString()}`;
}

/**
 * One maps link for the whole round: from the pickup location through the placed stops in order, or null
 * when there is no start, no stop, or more stops than one link can carry.
 */
export function wholeRoundMapsUrl(round: Pick<DeliveryRound, 'start' | 'stops'>): string | null {
  const points = round.stops
    .filter((s) => s.lat !== null && s.lat !== undefined && s.lng !== null && s.lng !== undefined)
    .map((s) => `${s.lat},${s.lng}`);
  if (!round.start || points.length === 0 || points.length > MAX_STOPS_PER_MAPS_LINK) return null;
  const q = new URLSearchParams({
    api: '1',
    origin: `${round.start.lat},${round.start.lng}`,
    destination: points[points.length - 1],
    travelmode: 'driving',
  });
  if (points.length > 1) q.set('waypoints', points.slice(0, -1).join('|'));
  return `https://www.google.com/maps/dir/?${q.toString()}`;
}

/** A distance in the kitchen's unit: "3.4 mi", "12.0 km"; '' when there is none. */
export function distanceLabel(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return `${value.toFixed(1)} ${unit === 'km' ? 'km' : 'mi'}`;
}
