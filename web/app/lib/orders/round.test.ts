import { describe, expect, it } from 'vitest';
import { distanceLabel, roundExportHref, roundPath, wholeRoundMapsUrl } from './round';

const stop = (position: number, lat: number | null, lng: number | null) => ({
  position,
  customerName: `C${position}`,
  phone: null,
  address: `${position} Main St`,
  deliveryNote: null,
  lat,
  lng,
  orders: [],
  legDistance: 1,
  cumulativeDistance: position,
  mapsUrl: null,
});
const start = { pickupLocationId: 'p', name: 'Kitchen', address: '1 Grove St', lat: 40.7, lng: -74 };

describe('round links', () => {
  it('opens the whole round from the kitchen through the stops in order', () => {
    const url = new URL(
      wholeRoundMapsUrl({
        start,
        stops: [stop(1, 40.71, -74.01), stop(2, 40.72, -74.02), stop(3, 40.73, -74.03)],
      })!,
    );
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(url.searchParams.get('origin')).toBe('40.7,-74');
    expect(url.searchParams.get('waypoints')).toBe('40.71,-74.01|40.72,-74.02');
    expect(url.searchParams.get('destination')).toBe('40.73,-74.03');
  });

  it('has no whole-round link without a start, without stops, or beyond ten stops', () => {
    expect(wholeRoundMapsUrl({ start: null, stops: [stop(1, 1, 1)] })).toBeNull();
    expect(wholeRoundMapsUrl({ start, stops: [] })).toBeNull();
    const eleven = Array.from({ length: 11 }, (_, i) => stop(i + 1, 40 + i / 100, -74));
    expect(wholeRoundMapsUrl({ start, stops: eleven })).toBeNull();
    expect(wholeRoundMapsUrl({ start, stops: eleven.slice(0, 10) })).not.toBeNull();
  });

  it('downloads through the API proxy and links the page with its slot', () => {
    expect(roundExportHref('2030-01-04', 'PM_5_7', 'gpx')).toBe(
      '/services/publisher/api/order/optimize-routes?date=2030-01-04&timeSlot=PM_5_7&format=gpx',
    );
    expect(roundExportHref('2030-01-04', null, 'csv')).toBe(
      '/services/publisher/api/order/optimize-routes?date=2030-01-04&format=csv',
    );
    expect(roundPath('2030-01-04')).toBe('/l/orders/kitchen/round?date=2030-01-04');
    expect(roundPath('2030-01-04', 'PM_5_7')).toBe('/l/orders/kitchen/round?date=2030-01-04&slot=PM_5_7');
  });

  it("writes distances in the kitchen's unit", () => {
    expect(distanceLabel(3.456, 'miles')).toBe('3.5 mi');
    expect(distanceLabel(12, 'km')).toBe('12.0 km');
    expect(distanceLabel(null, 'km')).toBe('');
  });
});
