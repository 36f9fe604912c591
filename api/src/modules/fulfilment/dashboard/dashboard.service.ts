import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  fromMinor,
  isValidTimeZone,
  OrderStatus,
  PayoutRefundStatus,
  todayIn,
  toMinor,
} from '@hearth/shared';
import { ClockService } from '../../../common/clock/clock.service.js';
import type { Principal } from '../../../common/http/principal.js';
import { forbidden } from '../../../common/problem/problem.exception.js';
import { dashboardWindow, fillWeeks, share, type DashboardWindow } from './dashboard.js';
import type { DashboardDto, WeekSalesDto } from './dto/dashboard.dto.js';

export const DEFAULT_WEEKS = 12;
export const DEFAULT_DAYS = 14;
const TOP_ITEMS = 10;

/** Whose numbers: one kitchen (its id, zone and currency) or the platform (every kitchen, UTC). */
interface Scope {
  publisherId: string | null;
  kitchen: string | null;
  timeZone: string;
  currencyCode: string | null;
}

const CANCELLED = `'${OrderStatus.CANCELLED}'`;

/** The date selections of the scope: $1 is the kitchen's id, or null for every kitchen. */
const SELECTIONS = `
  FROM order_date_selection s
  JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
  JOIN customer_order o ON o.id = l.order_id
 WHERE ($1::uuid IS NULL OR l.publisher_id = $1::uuid)`;

/** Portions of a date selection: the quantity, once per time slot it was ordered for. */
const PORTIONS = `l.order_quantity * greatest(cardinality(s.time_slots), 1)`;

/**
 * The dashboard's numbers (issue 17 item 7), each summed in one parameterised SQL statement over the order
 * tables (a read model, like the prep sheet): sales and refunds per week and currency, orders and portions per
 * cook date, ratings per week, top items, pickup vs delivery, cancellations per week and by whom. Weeks run
 * Monday to Sunday on the kitchen's calendar (cook dates are already kitchen dates; review times are moved into
 * the kitchen's zone); the platform's in UTC. Money is summed as PostgreSQL numeric (exact) per currency and
 * never added across currencies. docs/fulfilment.md "Dashboard" says what each number means.
 */
@Injectable()
export class DashboardService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: ClockService,
  ) {}

  /** The signed-in chef's own kitchen. */
  async kitchen(actor: Principal, weeks = DEFAULT_WEEKS, days = DEFAULT_DAYS): Promise<DashboardDto> {
    if (!actor.publisherId) throw forbidden('Only a chef with an approved kitchen has a dashboard.');
    const [p]: Array<{ name: string; time_zone_id: string | null; currency_code: string }> =
      await this.db.query(
        `SELECT coalesce(brand_display_name, kitchen_name) AS name, time_zone_id, currency_code
         FROM publisher WHERE id = $1`,
        [actor.publisherId],
      );
    if (!p) throw forbidden('Only a chef with an approved kitchen has a dashboard.');
    const zone = p.time_zone_id && isValidTimeZone(p.time_zone_id) ? p.time_zone_id : 'UTC';
    return this.build(
      { publisherId: actor.publisherId, kitchen: p.name, timeZone: zone, currencyCode: p.currency_code },
      weeks,
      days,
    );
  }

  /** Every kitchen of the platform, weeks in UTC, money per currency. */
  platform(weeks = DEFAULT_WEEKS, days = DEFAULT_DAYS): Promise<DashboardDto> {
    return this.build({ publisherId: null, kitchen: null, timeZone: 'UTC', currencyCode: null }, weeks, days);
  }

  private async build(scope: Scope, weeks: number, days: number): Promise<DashboardDto> {
    const w = dashboardWindow(todayIn(scope.timeZone, this.clock.now()), weeks, days);
    const [sales, dates, ratings, top, fulfilment, cancellations] = await Promise.all([
      this.sales(scope, w),
      this.ordersPerDate(scope, w),
      this.ratings(scope, w),
      this.topItems(scope, w),
      this.fulfilment(scope, w),
      this.cancellations(scope, w),
    ]);
    const currencies = [
      ...new Set([...(scope.currencyCode ? [scope.currencyCode] : []), ...sales.map((r) => r.currencyCode)]),
    ].sort();
    const ratingCount = ratings.reduce((n, r) => n + r.count, 0);
    const starSum = ratings.reduce((n, r) => n + r.stars, 0);
    return {
      scope: scope.publisherId ? 'KITCHEN' : 'PLATFORM',
      kitchen: scope.kitchen,
      timeZone: scope.timeZone,
      today: w.today,
      from: w.from,
      to: w.to,
      datesFrom: w.datesFrom,
      datesTo: w.datesTo,
      currencies,
      salesPerWeek: currencies.flatMap((currencyCode) =>
        fillWeeks(
          w.weeks,
          sales.filter((r) => r.currencyCode === currencyCode),
          (week): WeekSalesDto => ({
            week,
            currencyCode,
            sales: fromMinor(0, currencyCode),
            refunded: fromMinor(0, currencyCode),
            orders: 0,
          }),
        ),
      ),
      ordersPerDate: dates,
      ratingPerWeek: fillWeeks<{ week: string; count: number; mean: number | null }>(
        w.weeks,
        ratings.map(({ week, count, mean }) => ({ week, count, mean })),
        (week) => ({ week, count: 0, mean: null }),
      ),
      ratingCount,
      ratingMean: ratingCount > 0 ? Math.round((starSum / ratingCount) * 100) / 100 : null,
      topItems: top,
      fulfilment: {
        pickup: fulfilment.pickup,
        delivery: fulfilment.delivery,
        deliveryShare: share(fulfilment.delivery, fulfilment.pickup + fulfilment.delivery),
      },
      cancellationsPerWeek: fillWeeks(
        w.weeks,
        cancellations.map((c) => ({ ...c, share: share(c.cancelled, c.dates) })),
        (week) => ({ week, dates: 0, cancelled: 0, byCustomer: 0, byKitchen: 0, byOther: 0, share: 0 }),
      ),
    };
  }

  /** Sales (live dates' item totals + delivery fees) and completed refunds, by cook-date week and currency. */
  private async sales(scope: Scope, w: DashboardWindow): Promise<WeekSalesDto[]> {
    const rows: Array<{ week: string; currency: string; sales: string; refunded: string; orders: number }> =
      await this.db.query(
        `SELECT to_char(date_trunc('week', s.date), 'YYYY-MM-DD') AS week, o.currency_code AS currency,
                coalesce(sum(s.item_total + s.delivery_fee) FILTER (WHERE s.order_status <> ${CANCELLED}), 0)::text AS sales,
                coalesce(sum(s.payout_refund_amount) FILTER (
                  WHERE s.order_status = ${CANCELLED} AND s.payout_refund_status = '${PayoutRefundStatus.REFUNDED}'), 0)::text AS refunded,
                count(DISTINCT o.id) FILTER (WHERE s.order_status <> ${CANCELLED})::int AS orders
         ${SELECTIONS} AND s.date BETWEEN $2::date AND $3::date
         GROUP BY 1, 2`,
        [scope.publisherId, w.from, w.to],
      );
    return rows.map((r) => ({
      week: r.week,
      currencyCode: r.currency,
      sales: exact(r.sales, r.currency),
      refunded: exact(r.refunded, r.currency),
      orders: r.orders,
    }));
  }

  private async ordersPerDate(scope: Scope, w: DashboardWindow) {
    const rows: Array<{ date: string; orders: number; portions: number }> = await this.db.query(
      `SELECT s.date::text AS date, count(DISTINCT o.id)::int AS orders, sum(${PORTIONS})::int AS portions
       ${SELECTIONS} AND s.order_status <> ${CANCELLED} AND s.date BETWEEN $2::date AND $3::date
       GROUP BY s.date ORDER BY s.date`,
      [scope.publisherId, w.datesFrom, w.datesTo],
    );
    return rows;
  }

  /** Reviews by the week (in the scope's zone) they were published; `stars` is the sum, for the overall mean. */
  private async ratings(scope: Scope, w: DashboardWindow) {
    const rows: Array<{ week: string; count: number; stars: number; mean: string }> = await this.db.query(
      `SELECT to_char(date_trunc('week', (r.date_published AT TIME ZONE $4)::date), 'YYYY-MM-DD') AS week,
              count(*)::int AS count, sum(r.rating_value)::int AS stars,
              round(avg(r.rating_value)::numeric, 2)::text AS mean
         FROM rating r
        WHERE ($1::uuid IS NULL OR r.rated_against_id = $1::uuid)
          AND (r.date_published AT TIME ZONE $4)::date BETWEEN $2::date AND $3::date
        GROUP BY 1`,
      [scope.publisherId, w.from, w.to, scope.timeZone],
    );
    return rows.map((r) => ({ week: r.week, count: r.count, stars: r.stars, mean: Number(r.mean) }));
  }

  /** Items by portions over the live dates of the weekly window; sales are their item totals (no delivery fees). */
  private async topItems(scope: Scope, w: DashboardWindow) {
    const rows: Array<{
      item_name: string;
      kitchen: string;
      currency: string;
      portions: number;
      sales: string;
    }> = await this.db.query(
      `SELECT (array_agg(l.item_name ORDER BY l.created_at DESC))[1] AS item_name,
                min(coalesce(p.brand_display_name, p.kitchen_name)) AS kitchen, o.currency_code AS currency,
                sum(${PORTIONS})::int AS portions, sum(s.item_total)::text AS sales
           FROM order_date_selection s
           JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
           JOIN customer_order o ON o.id = l.order_id
           JOIN publisher p ON p.id = l.publisher_id
          WHERE ($1::uuid IS NULL OR l.publisher_id = $1::uuid)
           AND s.order_status <> ${CANCELLED} AND s.date BETWEEN $2::date AND $3::date
         GROUP BY l.publisher_id, coalesce(l.item_id::text, l.item_name), o.currency_code
         ORDER BY portions DESC, sum(s.item_total) DESC, item_name
         LIMIT ${TOP_ITEMS}`,
      [scope.publisherId, w.from, w.to],
    );
    return rows.map((r) => ({
      itemName: r.item_name,
      kitchen: r.kitchen,
      currencyCode: r.currency,
      portions: r.portions,
      sales: exact(r.sales, r.currency),
    }));
  }

  /** Live ordered dates (one order on one cook date, whatever its number of lines) by pickup or delivery. */
  private async fulfilment(scope: Scope, w: DashboardWindow) {
    const rows: Array<{ delivery_option: string; n: number }> = await this.db.query(
      `SELECT s.delivery_option, count(DISTINCT (o.id::text || s.date::text))::int AS n
       ${SELECTIONS} AND s.order_status <> ${CANCELLED} AND s.date BETWEEN $2::date AND $3::date
       GROUP BY 1`,
      [scope.publisherId, w.from, w.to],
    );
    const n = (option: string) => rows.find((r) => r.delivery_option === option)?.n ?? 0;
    return { pickup: n('PICKUP'), delivery: n('DELIVERY') };
  }

  /**
   * Date selections per cook-date week, the cancelled ones and who cancelled them: the actor of the date's last
   * CANCELLED status change is the order's customer, the kitchen's owner, or anyone else (admin, or none: the
   * platform ended an unpaid hold).
   */
  private async cancellations(scope: Scope, w: DashboardWindow) {
    const rows: Array<{
      week: string;
      dates: number;
      cancelled: number;
      by_customer: number;
      by_kitchen: number;
    }> = await this.db.query(
      `SELECT to_char(date_trunc('week', s.date), 'YYYY-MM-DD') AS week, count(*)::int AS dates,
              count(*) FILTER (WHERE s.order_status = ${CANCELLED})::int AS cancelled,
              count(*) FILTER (WHERE s.order_status = ${CANCELLED} AND c.actor_id = o.consumer_id)::int AS by_customer,
              count(*) FILTER (WHERE s.order_status = ${CANCELLED} AND c.actor_id <> o.consumer_id
                                 AND c.actor_id = p.consumer_id)::int AS by_kitchen
         FROM order_date_selection s
         JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
         JOIN customer_order o ON o.id = l.order_id
         JOIN publisher p ON p.id = l.publisher_id
         LEFT JOIN LATERAL (
           SELECT x.actor_id FROM order_status_change x
            WHERE x.order_date_selection_id = s.id AND x.life_cycle_status = ${CANCELLED}
            ORDER BY x.at DESC LIMIT 1) c ON s.order_status = ${CANCELLED}
        WHERE ($1::uuid IS NULL OR l.publisher_id = $1::uuid) AND s.date BETWEEN $2::date AND $3::date
        GROUP BY 1`,
      [scope.publisherId, w.from, w.to],
    );
    return rows.map((r) => ({
      week: r.week,
      dates: r.dates,
      cancelled: r.cancelled,
      byCustomer: r.by_customer,
      byKitchen: r.by_kitchen,
      byOther: r.cancelled - r.by_customer - r.by_kitchen,
    }));
  }
}

/** A numeric sum as the currency writes it ("12.5" → "12.50" in USD, "300" in JPY), exactly. */
function exact(amount: string, currencyCode: string): string {
  return fromMinor(toMinor(amount, currencyCode), currencyCode);
}
