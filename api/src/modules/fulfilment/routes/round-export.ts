import type { DeliveryRoundDto, RoundStopDto } from './dto/delivery-round.dto.js';

const xml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** The round as a GPX 1.1 route: the kitchen, then each stop in order (the file maps apps and GPS units open). */
export function roundGpx(round: DeliveryRoundDto): string {
  const point = (lat: number, lng: number, name: string, desc: string) =>
    `    <rtept lat="${lat}" lon="${lng}">\n      <name>${xml(name)}</name>\n      <desc>${xml(desc)}</desc>\n    </rtept>\n`;
  const title = `Delivery round ${round.date}${round.timeSlot ? ` ${round.timeSlot}` : ''}`;
  let points = '';
  if (round.start)
    points += point(round.start.lat, round.start.lng, `Start: ${round.start.name}`, round.start.address);
  for (const stop of round.stops)
    points += point(
      stop.lat as number,
      stop.lng as number,
      `${stop.position}. ${stop.customerName}`,
      `${stop.address} — ${stop.orders.map((o) => o.orderNumber).join(', ')}`,
    );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<gpx version="1.1" creator="Hearth" xmlns="http://www.topografix.com/GPX/1/1">\n` +
    `  <metadata><name>${xml(title)}</name></metadata>\n` +
    `  <rte>\n    <name>${xml(title)}</name>\n${points}  </rte>\n</gpx>\n`
  );
}

/** A CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
function cell(value: string | number | null): string {
  let s = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The round as CSV, one row per stop in order, then the stops not placed (no coordinates). */
export function roundCsv(round: DeliveryRoundDto): string {
  const header = [
    'stop',
    'order_numbers',
    'customer',
    'phone',
    'address',
    'delivery_note',
    'lat',
    'lng',
    `leg_${round.unit}`,
    `cumulative_${round.unit}`,
    'maps_url',
  ];
  const row = (s: RoundStopDto) =>
    [
      s.position ?? 'not placed',
      s.orders.map((o) => o.orderNumber).join(' '),
      s.customerName,
      s.phone,
      s.address,
      s.deliveryNote,
      s.lat,
      s.lng,
      s.legDistance,
      s.cumulativeDistance,
      s.mapsUrl,
    ]
      .map(cell)
      .join(',');
  return [header.join(','), ...round.stops.map(row), ...round.notPlaced.map(row)].join('\r\n') + '\r\n';
}
