import request from 'supertest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversine, type LatLng } from '../../src/modules/fulfilment/routes/route-solver.js';
import { PickupLocationEntity } from '../../src/modules/publisher/pickup-location.entity.js';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { createOfferedItem, createPickupLocation, dayFromNow, type OfferedItem } from '../setup/shop.js';
import { API, checkoutBody, fillCart, placeOrder, TZ } from '../order/helpers.js';

const KITCHEN: LatLng = { lat: 40.7168, lng: -74.0335 }; // createPickupLocation's place
const MILE = 1609.344;

interface Stop {
  position: number | null;
  customerName: string;
  phone: string | null;
  address: string;
  lat: number | null;
  lng: number | null;
  orders: Array<{ orderNumber: string; items: string[] }>;
  legDistance: number | null;
  cumulativeDistance: number | null;
  mapsUrl: string | null;
}
interface Round {
  unit: string;
  start: { lat: number; lng: number } | null;
  returnsToStart: boolean;
  stops: Stop[];
  notPlaced: Stop[];
  totalDistance: number;
  packingOrder: Array<{ position: number; orderNumbers: string[]; customerName: string }>;
}

describe('delivery rounds (order/optimize-routes)', () => {
  let h: Harness;
  let chefA: TestActor & { publisher: { id: string } };
  let chefB: TestActor & { publisher: { id: string } };
  let buyer: TestActor;
  let offered: OfferedItem;
  const day = dayFromNow(3);
  const otherDay = dayFromNow(4);
  const numbers: Record<string, string> = {};

  const addresses = {
    harbour: { addressLine1: '10 Harbour Way', lat: 40.728, lng: -74.041 },
    grove: { addressLine1: '22 Grove St', lat: 40.7195, lng: -74.043 },
    park: { addressLine1: '5 Park Ave', lat: 40.735, lng: -74.029 },
  };

  async function order(
    key: string,
    who: string,
    address: { addressLine1: string; lat?: number; lng?: number },
    date = day,
    timeSlots = ['PM_5_7'],
    deliveryOption: 'PICKUP' | 'DELIVERY' = 'DELIVERY',
  ): Promise<void> {
    await fillCart(h, buyer, [
      { itemId: offered.item.id, optionId: offered.optionId, dates: [{ date, timeSlots, deliveryOption }] },
    ]);
    const res = await placeOrder(
      h,
      buyer,
      checkoutBody({
        contact: { name: who, email: 'buyer@example.test', phone: `+1 201 555 01${key.length}0` },
        deliveryAddress: { city: 'Jersey City', state: 'NJ', zipcode: '07302', ...address },
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    numbers[key] = (res.body as { orderNumber: string }).orderNumber;
  }

  const plan = (actor: TestActor | null, body: Record<string, unknown>) =>
    request(h.http)
      .post(`${API}/order/optimize-routes`)
      .set({ ...TZ, ...(actor?.auth ?? {}) })
      .send(body);
  const exported = (actor: TestActor, query: Record<string, string>) =>
    request(h.http)
      .get(`${API}/order/optimize-routes`)
      .query(query)
      .set({ ...TZ, ...actor.auth })
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });

  beforeAll(async () => {
    h = await startHarness();
    chefA = await h.chef();
    chefB = await h.chef();
    await createPickupLocation(h.db, chefA.publisher.id);
    await createPickupLocation(h.db, chefB.publisher.id);
    offered = await createOfferedItem(h.db, { publisherId: chefA.publisher.id, name: 'Veggie Lasagna' });
    buyer = await h.customer();
    await order('harbour1', 'Ada Harbour', addresses.harbour);
    await order('harbour2', 'Ben Harbour', addresses.harbour); // same address: the same stop
    await order('grove', 'Cleo Grove', addresses.grove);
    await order('park', 'Dan Park', addresses.park, day, ['PM_7_9']);
    await order('nowhere', 'Eve Nowhere', { addressLine1: '1 Unknown Rd' });
    await order('pickup', 'Fay Pickup', addresses.grove, day, ['PM_5_7'], 'PICKUP');
    await order('cancelled', 'Gus Cancelled', addresses.park);
    await order('tomorrow', 'Hal Tomorrow', addresses.park, otherDay);
    // An address without a place on the map (one saved before addresses were placed): not placed in the round.
    await h.db.query(
      `UPDATE customer_order SET location_details = location_details - 'lat' - 'lng' WHERE order_number = $1`,
      [numbers.nowhere],
    );
    await h.db.query(
      `UPDATE order_date_selection s SET order_status = 'CANCELLED'
         FROM ordered_cart_item l JOIN customer_order o ON o.id = l.order_id
        WHERE l.id = s.ordered_cart_item_id AND o.order_number = $1`,
      [numbers.cancelled],
    );
  }, 120_000);
  afterAll(() => h?.close());

  const orderNumbersOf = (stops: Stop[]) => stops.flatMap((s) => s.orders.map((o) => o.orderNumber)).sort();

  it('has exactly the live delivery orders of the date, one stop per address, the ones without a place apart', async () => {
    const res = await plan(chefA, { date: day });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const round = res.body as Round;
    expect(orderNumbersOf(round.stops)).toEqual(
      [numbers.harbour1, numbers.harbour2, numbers.grove, numbers.park].sort(),
    );
    expect(round.notPlaced).toHaveLength(1);
    expect(round.notPlaced[0]).toMatchObject({ position: null, customerName: 'Eve Nowhere', mapsUrl: null });
    expect(orderNumbersOf(round.notPlaced)).toEqual([numbers.nowhere]);
    const harbour = round.stops.find((s) => s.address.startsWith('10 Harbour Way'));
    expect(harbour?.orders.map((o) => o.orderNumber).sort()).toEqual(
      [numbers.harbour1, numbers.harbour2].sort(),
    );
    expect(harbour?.orders[0].items).toEqual(['Veggie Lasagna × 1']);
    expect(harbour?.customerName).toMatch(/^(Ada|Ben) Harbour$/);
    expect(round.stops).toHaveLength(3);
    expect(round.start).toMatchObject(KITCHEN);
    expect(round.returnsToStart).toBe(false);
    expect(round.unit).toBe('miles');
  });

  it('orders the stops into the shortest open round; legs add up and the packing order is the reverse', async () => {
    const round = (await plan(chefA, { date: day, timeSlot: 'PM_5_7' }).expect(200)).body as Round;
    expect(orderNumbersOf(round.stops)).toEqual([numbers.harbour1, numbers.harbour2, numbers.grove].sort());
    expect(orderNumbersOf(round.notPlaced)).toEqual([numbers.nowhere]);
    const placed = round.stops;
    expect(placed.map((s) => s.position)).toEqual(placed.map((_, i) => i + 1));
    // The shortest of every order of these stops (few enough to try them all).
    const points = placed.map((s) => ({ lat: s.lat as number, lng: s.lng as number }));
    const length = (path: LatLng[]) =>
      path.reduce((sum, p, i) => sum + haversine(i === 0 ? KITCHEN : path[i - 1], p), 0);
    const orders = (rest: LatLng[]): LatLng[][] =>
      rest.length <= 1
        ? [rest]
        : rest.flatMap((p, i) => orders(rest.filter((_, j) => j !== i)).map((o) => [p, ...o]));
    const best = Math.min(...orders(points).map(length));
    expect(round.totalDistance).toBeCloseTo(best / MILE, 2);
    // Grove (closest to the kitchen) first, then Harbour.
    expect(placed[0].address).toMatch(/^22 Grove St/);
    let sum = 0;
    for (const [i, stop] of placed.entries()) {
      const from = i === 0 ? KITCHEN : points[i - 1];
      expect(stop.legDistance).toBeCloseTo(haversine(from, points[i]) / MILE, 2);
      sum += haversine(from, points[i]);
      expect(stop.cumulativeDistance).toBeCloseTo(sum / MILE, 2);
      expect(stop.mapsUrl).toBe(`https://www.google.com/maps/dir/?api=1&destination=${stop.lat},${stop.lng}`);
    }
    expect(placed.at(-1)?.cumulativeDistance).toBe(round.totalDistance);
    expect(round.packingOrder.map((p) => p.position)).toEqual(placed.map((s) => s.position).reverse());
    expect(round.packingOrder[0].orderNumbers).toEqual(placed.at(-1)?.orders.map((o) => o.orderNumber));
  });

  it('starts from another pickup location of the kitchen when asked', async () => {
    const locations = h.db.getRepository(PickupLocationEntity);
    const second = await locations.save(
      locations.create({
        publisherId: chefA.publisher.id,
        isPrimary: false,
        address: {
          name: 'Market stall',
          addressLine1: '9 Market St',
          city: 'Jersey City',
          lat: '40.7400',
          lng: '-74.0300',
        },
      }),
    );
    const round = (await plan(chefA, { date: day, pickupLocationId: second.id }).expect(200)).body as Round;
    expect(round.start).toMatchObject({
      pickupLocationId: second.id,
      name: 'Market stall',
      lat: 40.74,
      lng: -74.03,
    });
    // From the market stall (north), Park Ave is the nearest stop.
    expect(round.stops[0].address).toMatch(/^5 Park Ave/);
    expect(round.stops[0].legDistance).toBeCloseTo(
      haversine({ lat: 40.74, lng: -74.03 }, addresses.park) / MILE,
      2,
    );
  });

  it('exports the round as GPX 1.1 (a route of points in order) and as CSV', async () => {
    const round = (await plan(chefA, { date: day }).expect(200)).body as Round;
    const gpx = await exported(chefA, { date: day, format: 'gpx' }).expect(200);
    expect(gpx.headers['content-type']).toMatch(/^application\/gpx\+xml/);
    expect(gpx.headers['content-disposition']).toContain(`delivery-round-${day}.gpx`);
    const text = gpx.body as string;
    expect(XMLValidator.validate(text)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'rtept' }).parse(
      text,
    ) as {
      gpx: { '@_version': string; rte: { rtept: Array<{ '@_lat': string; '@_lon': string; name: string }> } };
    };
    expect(doc.gpx['@_version']).toBe('1.1');
    const points = doc.gpx.rte.rtept;
    expect(points).toHaveLength(round.stops.length + 1);
    expect(points[0].name).toMatch(/^Start: /);
    expect(points.slice(1).map((p) => [Number(p['@_lat']), Number(p['@_lon'])])).toEqual(
      round.stops.map((s) => [s.lat, s.lng]),
    );

    const csv = await exported(chefA, { date: day, format: 'csv' }).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = (csv.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'stop,order_numbers,customer,phone,address,delivery_note,lat,lng,leg_miles,cumulative_miles,maps_url',
    );
    expect(lines).toHaveLength(1 + round.stops.length + round.notPlaced.length);
    expect(lines.slice(1, 1 + round.stops.length).map((l) => l.split(',')[0])).toEqual(
      round.stops.map((s) => String(s.position)),
    );
    const json = await request(h.http)
      .get(`${API}/order/optimize-routes`)
      .query({ date: day })
      .set({ ...TZ, ...chefA.auth })
      .expect(200);
    expect(json.body).toEqual(round);
  });

  it("never shows chef A's orders to chef B, customers or anonymous callers", async () => {
    const round = (await plan(chefB, { date: day }).expect(200)).body as Round;
    expect(round.stops).toEqual([]);
    expect(round.notPlaced).toEqual([]);
    expect(round.totalDistance).toBe(0);
    const csv = await exported(chefB, { date: day, format: 'csv' }).expect(200);
    expect((csv.body as string).trimEnd().split('\r\n')).toHaveLength(1);
    await plan(buyer, { date: day }).expect(403);
    await plan(null, { date: day }).expect(401);
    // Chef A's pickup location is not a start chef B may use.
    const [locationA] = (await h.db.query(`SELECT id FROM pickup_location WHERE publisher_id = $1`, [
      chefA.publisher.id,
    ])) as Array<{ id: string }>;
    const res = await plan(chefB, { date: day, pickupLocationId: locationA.id }).expect(400);
    expect(JSON.stringify(res.body)).not.toContain(numbers.grove);
  });

  it('answers invalid requests with problem objects', async () => {
    for (const body of [
      {},
      { date: '27/11/2026' },
      { date: '2026-02-30' },
      { date: day, timeSlot: 'NOON' },
      { date: day, pickupLocationId: 'not-a-uuid' },
    ]) {
      const res = await plan(chefA, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ status: 400 });
    }
    const res = await exported(chefA, { date: day, format: 'kml' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
