import type { FulfilmentDto } from './dto/order.dto.js';

/** Quotes cells that need it; a cell a spreadsheet would run as a formula gets a leading apostrophe. */
function csvCell(v: string | number | null | undefined): string {
  let t = v === null || v === undefined ? '' : String(v);
  if (typeof v === 'string' && /^(=|@|[+-][^\d\s]|\t|\r)/.test(t)) t = `'${t}`;
  return /[",\n\r]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The address (delivery) or the pickup place of a row, on one line. */
export function placeLine(
  f: Pick<FulfilmentDto, 'deliveryOption' | 'deliveryAddress' | 'pickupLocation'>,
): string {
  const place = f.deliveryOption === 'DELIVERY' ? f.deliveryAddress : f.pickupLocation;
  if (!place) return '';
  const one = text(place['address']);
  const parts = one
    ? [text(place['name']), one]
    : [text(place['name']), text(place['addressLine1']), text(place['city']), text(place['zipcode'])];
  return parts.filter(Boolean).join(', ');
}

export const BOARD_CSV_HEADER = [
  'Date',
  'Time slots',
  'Fulfilment',
  'Order',
  'Customer',
  'Phone',
  'E-mail',
  'Address or pickup place',
  'Item',
  'Pricing option',
  'Quantity',
  'Note',
  'Status',
  'Payment',
  'Payment method',
  'Amount',
  'Currency',
  'Settlement',
  'Refund or payout',
];

/** A board list as CSV (RFC 4180, CRLF line ends): a header line, then one line per date selection. */
export function boardCsv(rows: readonly FulfilmentDto[]): string {
  const lines = [BOARD_CSV_HEADER.map(csvCell).join(',')];
  for (const f of rows) {
    const c = f.customer ?? {};
    lines.push(
      [
        f.date,
        f.timeSlots.join(' '),
        f.deliveryOption,
        f.orderNumber,
        text(c['name']),
        text(c['phone']),
        text(c['email']),
        placeLine(f),
        f.itemName,
        f.pricingOption,
        f.orderQuantity,
        f.note ?? '',
        f.orderStatus,
        f.paymentStatus,
        f.paymentMethod ?? '',
        f.netAmountPerDate,
        f.currencyCode,
        f.settlement.state,
        f.payoutRefundStatus,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
