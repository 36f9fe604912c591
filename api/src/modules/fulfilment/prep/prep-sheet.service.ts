import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { isIsoDate } from '@hearth/shared';
import type { Principal } from '../../../common/http/principal.js';
import { badField, forbidden } from '../../../common/problem/problem.exception.js';
import { buildPrepSheet, type PrepSelection, type PrepSheet } from './prep-sheet.js';

interface Row {
  order_number: string;
  contact_details: Record<string, unknown> | null;
  location_details: Record<string, unknown> | null;
  note: string | null;
  delivery_option: string;
  order_status: string;
  time_slots: string[];
  item_id: string | null;
  item_name: string;
  pricing_option: { id?: string; quantity?: string; measurement?: string; serves?: number } | null;
  order_quantity: number;
  is_catering_item: boolean;
  ingredients: string | null;
  item_serves: number | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Reads one cook date of the caller's kitchen (a read model over orders and items) and builds its prep sheet. */
@Injectable()
export class PrepSheetService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async sheet(actor: Principal, date: string, timeSlot: string | null): Promise<PrepSheet> {
    if (!actor.publisherId) throw forbidden('Only a chef with an approved kitchen has orders to fulfil.');
    if (!isIsoDate(date)) throw badField('date', `${date} is not a calendar date`);
    const rows: Row[] = await this.db.query(
      `SELECT o.order_number, o.contact_details, o.location_details, o.note,
              s.delivery_option, s.order_status, s.time_slots,
              l.item_id, l.item_name, l.pricing_option, l.order_quantity, l.is_catering_item,
              i.ingredients, i.serves AS item_serves
         FROM order_date_selection s
         JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
         JOIN customer_order o ON o.id = l.order_id
         LEFT JOIN item i ON i.id = l.item_id
        WHERE l.publisher_id = $1 AND s.date = $2 AND s.order_status <> 'CANCELLED'
        ORDER BY o.order_number, l.item_name`,
      [actor.publisherId, date],
    );
    return buildPrepSheet(date, timeSlot, rows.map(toSelection));
  }
}

function toSelection(r: Row): PrepSelection {
  const option = r.pricing_option ?? {};
  const label = [option.quantity, option.measurement].filter(Boolean).join(' ');
  return {
    orderNumber: r.order_number,
    customerName: text(r.contact_details?.['name']),
    phone: text(r.contact_details?.['phone']),
    email: text(r.contact_details?.['email']),
    note: r.note,
    address: text(r.location_details?.['address']),
    deliveryOption: r.delivery_option,
    orderStatus: r.order_status,
    timeSlots: r.time_slots ?? [],
    itemId: r.item_id,
    itemName: r.item_name,
    optionId: option.id ?? label,
    optionLabel: label || 'as listed',
    optionServes: typeof option.serves === 'number' ? option.serves : null,
    orderQuantity: r.order_quantity,
    isCateringItem: r.is_catering_item,
    ingredients: r.ingredients,
    itemServes: r.item_serves,
  };
}
