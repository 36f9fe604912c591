import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DeliveryOption, distanceUnitForCountry, DistanceUnit, OrderStatus } from '@hearth/shared';
import type { Principal } from '../../../common/http/principal.js';
import { badField, conflict, forbidden } from '../../../common/problem/problem.exception.js';
import { ChefDirectoryReader, type PickupPlace } from '../../settings/chef-directory.reader.js';
import type {
  DeliveryRoundDto,
  DeliveryRoundQueryDto,
  RoundOrderDto,
  RoundStopDto,
} from './dto/delivery-round.dto.js';
import { solveRound } from './route-solver.js';

const METRES_PER = { [DistanceUnit.MILES]: 1609.344, [DistanceUnit.KM]: 1000 } as const;

interface SelectionRow {
  order_number: string;
  note: string | null;
  location_details: Record<string, unknown> | null;
  customer_name: string | null;
  phone: string | null;
  item_name: string;
  order_quantity: number;
}

/** A real calendar date (the pattern alone lets 2026-02-30 through, which PostgreSQL would refuse). */
function isCalendarDate(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const coordinate = (v: unknown, limit: number): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The address line of a delivery address snapshot (customer_order.location_details). */
function addressLine(a: Record<string, unknown>): string {
  return (
    text(a.address) ??
    [a.addressLine1, a.addressLine2, a.city, [a.state, a.zipcode].filter(text).join(' '), a.country]
      .map(text)
      .filter(Boolean)
      .join(', ')
  );
}

/**
 * The delivery round of a date (issue 17 item 5, ADR 022): the live DELIVERY date selections of the
 * caller's kitchen on that date (and slot), one stop per delivery address, ordered by the route solver from
 * the kitchen's pickup location. Reads only; the order module owns every table read here.
 */
@Injectable()
export class DeliveryRoundService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly chefs: ChefDirectoryReader,
  ) {}

  async plan(actor: Principal, query: DeliveryRoundQueryDto): Promise<DeliveryRoundDto> {
    const publisherId = actor.publisherId;
    if (!publisherId) throw forbidden('Only a chef with an approved kitchen can plan a delivery round.');
    if (!isCalendarDate(query.date)) throw badField('date', 'date must be a date such as 2026-11-27');
    let start: PickupPlace | null;
    if (query.pickupLocationId) {
      start = await this.chefs.pickupPlace(publisherId, query.pickupLocationId);
      if (!start) throw badField('pickupLocationId', 'Choose one of your pickup locations.');
    } else {
      start = (await this.chefs.pickupPlaces(publisherId))[0] ?? null;
    }

    const params: unknown[] = [publisherId, query.date, OrderStatus.CANCELLED, DeliveryOption.DELIVERY];
    if (query.timeSlot) params.push(query.timeSlot);
    const rows = (await this.db.query(
      `SELECT o.order_number, o.note, o.location_details,
              coalesce(nullif(o.contact_details->>'name', ''), c.name) AS customer_name,
              nullif(o.contact_details->>'phone', '') AS phone,
              l.item_name, l.order_quantity
         FROM order_date_selection s
         JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
         JOIN customer_order o ON o.id = l.order_id
         JOIN consumer c ON c.id = o.consumer_id
        WHERE l.publisher_id = $1 AND s.date = $2::date AND s.order_status <> $3 AND s.delivery_option = $4
              ${query.timeSlot ? 'AND $5 = ANY(s.time_slots)' : ''}
        ORDER BY o.order_number, l.item_name, s.id`,
      params,
    )) as SelectionRow[];

    // One stop per delivery address: same coordinates and same address line.
    const stops = new Map<string, RoundStopDto>();
    for (const row of rows) {
      const a = row.location_details ?? {};
      const lat = coordinate(a.lat, 90);
      const lng = coordinate(a.lng, 180);
      const address = addressLine(a);
      const key = `${lat ?? ''},${lng ?? ''}|${address.toLowerCase().replace(/\s+/g, ' ')}`;
      let stop = stops.get(key);
      if (!stop) {
        stop = {
          position: null,
          customerName: row.customer_name ?? '',
          phone: row.phone,
          address,
          deliveryNote: text(a.deliveryNote),
          lat,
          lng,
          orders: [],
          legDistance: null,
          cumulativeDistance: null,
          mapsUrl: lat !== null && lng !== null ? mapsUrl(lat, lng) : null,
        };
        stops.set(key, stop);
      }
      let order: RoundOrderDto | undefined = stop.orders.find((o) => o.orderNumber === row.order_number);
      if (!order) {
        order = { orderNumber: row.order_number, items: [], note: row.note };
        stop.orders.push(order);
      }
      order.items.push(`${row.item_name} × ${row.order_quantity}`);
    }
    const all = [...stops.values()];
    const placeable = all.filter((s) => s.lat !== null && s.lng !== null);
    const notPlaced = all.filter((s) => s.lat === null || s.lng === null);

    const origin = start && start.lat !== null && start.lng !== null ? start : null;
    if (placeable.length > 0 && !origin)
      throw conflict('Add your pickup location with its place on the map to plan a delivery round.');
    const defaults = await this.chefs.menuDefaults(publisherId);
    const unit = defaults.deliveryMeasurement ?? distanceUnitForCountry(start?.country ?? null);
    const per = METRES_PER[unit];

    const solved = solveRound(
      { lat: origin?.lat ?? 0, lng: origin?.lng ?? 0 },
      placeable.map((s) => ({ lat: s.lat as number, lng: s.lng as number })),
    );
    let travelled = 0;
    const ordered = solved.order.map((index, i) => {
      travelled += solved.legs[i];
      return {
        ...placeable[index],
        position: i + 1,
        legDistance: round2(solved.legs[i] / per),
        cumulativeDistance: round2(travelled / per),
      };
    });
    return {
      date: query.date,
      timeSlot: query.timeSlot ?? null,
      unit,
      start: origin
        ? {
            pickupLocationId: origin.id,
            name: origin.name ?? '',
            address: origin.address ?? '',
            lat: origin.lat as number,
            lng: origin.lng as number,
          }
        : null,
      returnsToStart: false,
      method: solved.method,
      stops: ordered,
      notPlaced,
      totalDistance: round2(solved.total / per),
      packingOrder: [...ordered].reverse().map((s) => ({
        position: s.position,
        orderNumbers: s.orders.map((o) => o.orderNumber),
        customerName: s.customerName,
      })),
    };
  }
}

/** A link that opens directions to the stop in Google Maps (the app on phones, the site elsewhere). */
export function mapsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}
