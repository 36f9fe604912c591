import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { hasRole, OrderActor, Role, todayIn } from '@hearth/shared';
import type { PageQueryDto } from '../../common/http/paging.js';
import type { Principal } from '../../common/http/principal.js';
import { badField, forbidden } from '../../common/problem/problem.exception.js';
import type { OrderSearchHitDto, SearchBy } from './dto/order-search.dto.js';
import {
  FULFILMENT_COLUMNS,
  FULFILMENT_JOINS,
  mapFulfilment,
  type FulfilmentRow,
} from './fulfilment.mapper.js';
import { isUuid } from './order-query.service.js';

/*
 * The searched expressions, exactly as the indexes of migration 1795610000000-order-search.ts are built
 * (an expression index serves a query only when the query names the very same expression): change both together.
 */
const NAME = (o: string) => `lower(${o}.contact_details ->> 'name')`;
const EMAIL = (o: string) => `lower(${o}.contact_details ->> 'email')`;
const PHONE = (o: string) => `regexp_replace(${o}.contact_details ->> 'phone', '[^0-9]+', '', 'g')`;
const ITEM = `lower(l.item_name)`;

const FROM = `FROM order_date_selection s
  JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
  JOIN customer_order o ON o.id = l.order_id`;

/** Fewest digits a phone search compares: fewer would match half the customers. */
const MIN_PHONE_DIGITS = 4;
/** A national number without its country code (7+ digits) also finds the number stored with one. */
const MIN_PHONE_SUFFIX_DIGITS = 7;

/** `text` with LIKE's wildcards (and the escape character) taken literally, for `LIKE … ESCAPE '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The digits of a phone number as typed ("+1 (201) 555-0101" → "12015550101"). */
export function phoneDigits(text: string): string {
  return text.replace(/[^0-9]+/g, '');
}

/** Whether free text reads as a phone number: digits and the usual separators only, enough digits. */
export function looksLikePhone(text: string): boolean {
  return /^[+\d\s().\-/]+$/.test(text) && phoneDigits(text).length >= MIN_PHONE_DIGITS;
}

/** A WHERE condition built from constant SQL fragments, and its parameters. */
interface Condition {
  sql: string;
  params: unknown[];
}

/**
 * Finding orders (spec §7 `_search/order`, `order/search/`): the date selections of the orders that match,
 * as board rows. A chef searches their own kitchen only; an admin searches every kitchen. Every value the
 * caller typed goes to PostgreSQL as a parameter; LIKE patterns are escaped.
 */
@Injectable()
export class OrderSearchService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Free text: order number (whole or beginning), customer name, e-mail or phone, item name. */
  async text(
    actor: Principal,
    query: string,
    page: PageQueryDto,
  ): Promise<{ items: OrderSearchHitDto[]; total: number }> {
    const scope = this.scope(actor);
    const params: unknown[] = [...scope.params];
    const p = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const contains = p(`%${escapeLike(query.toLowerCase())}%`);
    const orderMatches = [
      `upper(o2.order_number) LIKE ${p(`${escapeLike(query.toUpperCase())}%`)} ESCAPE '\\'`,
      `${NAME('o2')} LIKE ${contains} ESCAPE '\\'`,
      `${EMAIL('o2')} LIKE ${contains} ESCAPE '\\'`,
    ];
    if (looksLikePhone(query)) {
      orderMatches.push(`${PHONE('o2')} LIKE ${p(`%${phoneDigits(query)}%`)}`);
    }
    const where = {
      sql:
        `${scope.sql} AND (l.order_id IN (SELECT o2.id FROM customer_order o2 WHERE ${orderMatches.join(' OR ')})` +
        ` OR ${ITEM} LIKE ${contains} ESCAPE '\\')`,
      params,
    };
    return this.page(actor, where, page);
  }

  /** One exact key: order number or id, e-mail, phone (digits), or kitchen (name, display name or id; admins only). */
  async byKey(
    actor: Principal,
    searchBy: SearchBy,
    query: string,
    page: PageQueryDto,
  ): Promise<{ items: OrderSearchHitDto[]; total: number }> {
    const scope = this.scope(actor);
    const params: unknown[] = [...scope.params];
    const p = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    let match: string;
    switch (searchBy) {
      case 'id':
        match = isUuid(query) ? `o.id = ${p(query)}` : `o.order_number = ${p(query.toUpperCase())}`;
        break;
      case 'email':
        match = `${EMAIL('o')} = ${p(query.toLowerCase())}`;
        break;
      case 'phone': {
        const digits = phoneDigits(query);
        if (digits.length < MIN_PHONE_DIGITS) {
          throw badField('query', `a phone number needs at least ${MIN_PHONE_DIGITS} digits`);
        }
        match =
          digits.length >= MIN_PHONE_SUFFIX_DIGITS
            ? `(${PHONE('o')} = ${p(digits)} OR ${PHONE('o')} LIKE ${p(`%${digits}`)})`
            : `${PHONE('o')} = ${p(digits)}`;
        break;
      }
      case 'kitchen': {
        if (!hasRole(actor, Role.ADMIN)) {
          throw forbidden('Searching by kitchen is for admins: a chef’s search covers their own kitchen.');
        }
        if (isUuid(query)) {
          match = `l.publisher_id = ${p(query)}`;
          break;
        }
        const name = p(query.toLowerCase());
        match = `l.publisher_id IN (SELECT k.id FROM publisher k WHERE lower(k.kitchen_name) = ${name} OR lower(k.brand_display_name) = ${name})`;
        break;
      }
    }
    return this.page(actor, { sql: `${scope.sql} AND ${match}`, params }, page);
  }

  /** Whose orders the caller may search: every kitchen's for an admin, their own kitchen's for a chef. */
  private scope(actor: Principal): Condition {
    if (hasRole(actor, Role.ADMIN)) return { sql: 'TRUE', params: [] };
    if (!actor.publisherId) throw forbidden('Only a chef with an approved kitchen has orders to search.');
    return { sql: 'l.publisher_id = $1', params: [actor.publisherId] };
  }

  /** One page of the matching date selections, latest date first, and how many match in all. */
  private async page(
    actor: Principal,
    where: Condition,
    page: PageQueryDto,
  ): Promise<{ items: OrderSearchHitDto[]; total: number }> {
    const n = where.params.length;
    // One pass finds the page and counts every match (the sort reads them all anyway); only a page past the
    // end, which has no row to carry the count, asks for it again.
    const ids: Array<{ id: string; total: number }> = await this.db.query(
      `SELECT s.id, count(*) OVER ()::int AS total ${FROM} WHERE ${where.sql}
        ORDER BY s.date DESC, o.order_number, l.item_name, s.id
        LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...where.params, page.size, page.page * page.size],
    );
    if (ids.length === 0) {
      if (page.page === 0) return { items: [], total: 0 };
      const [count]: Array<{ total: number }> = await this.db.query(
        `SELECT count(*)::int AS total ${FROM} WHERE ${where.sql}`,
        where.params,
      );
      return { items: [], total: count?.total ?? 0 };
    }
    const total = ids[0].total;
    const rows: Array<
      FulfilmentRow & { publisher_id: string; kitchen_name: string | null; time_zone_id: string | null }
    > = await this.db.query(
      `SELECT ${FULFILMENT_COLUMNS}, l.publisher_id, p.kitchen_name, p.time_zone_id
           FROM order_date_selection s
           ${FULFILMENT_JOINS}
           LEFT JOIN publisher p ON p.id = l.publisher_id
          WHERE s.id = ANY($1::uuid[])`,
      [ids.map((r) => r.id)],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const kind = hasRole(actor, Role.ADMIN) ? OrderActor.ADMIN : OrderActor.CHEF;
    const todays = new Map<string, string>();
    const items = ids
      .map((r) => byId.get(r.id))
      .filter((s) => s !== undefined)
      .map((s) => {
        const zone = s.time_zone_id ?? 'UTC';
        const today = todays.get(zone) ?? todayIn(zone);
        todays.set(zone, today);
        return {
          ...mapFulfilment(s, { today, actor: kind }),
          publisherId: s.publisher_id,
          kitchenName: s.kitchen_name ?? '',
        };
      });
    return { items, total };
  }
}
