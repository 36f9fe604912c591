import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  ConsumerStatus,
  EnquiryStatus,
  fromMinor,
  OrderStatus,
  PayoutRefundStatus,
  PublisherStatus,
  todayIn,
  toMinor,
} from '@hearth/shared';
import { ClockService } from '../../../common/clock/clock.service.js';
import { HOME_DAYS, type AdminHomeDto, type CurrencyTotalsDto, type DaySalesDto } from './admin-home.dto.js';

const CANCELLED = `'${OrderStatus.CANCELLED}'`;

/** Orders placed on the window's UTC days: $1 first day, $2 today. */
const PLACED = `(o.ordered_date AT TIME ZONE 'UTC')::date BETWEEN $1::date AND $2::date`;

interface Counts {
  pending: number;
  approved: number;
  blocked: number;
  accounts: number;
  new_accounts: number;
  disabled: number;
  open_enquiries: number;
  unanswered_contact: number;
  failed_settlements: number;
  failed_payment_events: number;
}

/**
 * The admin home's numbers (issue 18 part 6): four parameterised statements, each one pass over its tables.
 * Days are UTC calendar days of when an order was placed (ordered_date); money is summed as PostgreSQL numeric
 * per currency and never added across currencies. docs/admin-home.md says what each number means.
 */
@Injectable()
export class AdminHomeService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: ClockService,
  ) {}

  async numbers(days: number = HOME_DAYS.default): Promise<AdminHomeDto> {
    const today = todayIn('UTC', this.clock.now());
    const from = addDays(today, -(days - 1));
    const [counts, perDay, fees, refunds] = await Promise.all([
      this.counts(from, today),
      this.perDay(from, today),
      this.fees(from, today),
      this.refunds(from, today),
    ]);
    const currencies = [...new Set([...perDay, ...fees, ...refunds].map((r) => r.currency))].sort();
    const dates = Array.from({ length: days }, (_, i) => addDays(from, i));
    const series: DaySalesDto[] = currencies.flatMap((currencyCode) =>
      dates.map((date) => {
        const hit = perDay.find((r) => r.currency === currencyCode && r.date === date);
        return {
          date,
          currencyCode,
          orders: hit?.orders ?? 0,
          sales: exact(hit?.sales ?? '0', currencyCode),
        };
      }),
    );
    const totals: CurrencyTotalsDto[] = currencies.map((currencyCode) => {
      const rows = perDay.filter((r) => r.currency === currencyCode);
      return {
        currencyCode,
        orders: rows.reduce((n, r) => n + r.orders, 0),
        sales: fromMinor(
          rows.reduce((n, r) => n + toMinor(r.sales, currencyCode), 0),
          currencyCode,
        ),
        platformFees: exact(fees.find((r) => r.currency === currencyCode)?.amount ?? '0', currencyCode),
        refunds: exact(refunds.find((r) => r.currency === currencyCode)?.amount ?? '0', currencyCode),
      };
    });
    return {
      today,
      from,
      days,
      kitchens: { pending: counts.pending, approved: counts.approved, blocked: counts.blocked },
      customers: { total: counts.accounts, newInWindow: counts.new_accounts, disabled: counts.disabled },
      work: {
        openEnquiries: counts.open_enquiries,
        unansweredContactMessages: counts.unanswered_contact,
        failedSettlements: counts.failed_settlements,
        failedPaymentEvents: counts.failed_payment_events,
      },
      currencies,
      totals,
      perDay: series,
    };
  }

  /** Kitchens by review state, accounts, and the open back-office work, in one statement. */
  private async counts(from: string, today: string): Promise<Counts> {
    const [row]: Counts[] = await this.db.query(
      `SELECT k.pending, k.approved, k.blocked, c.accounts, c.new_accounts, c.disabled,
              (SELECT count(*)::int FROM enquiry WHERE status = '${EnquiryStatus.OPEN}') AS open_enquiries,
              (SELECT count(*)::int FROM contact_message WHERE response IS NULL) AS unanswered_contact,
              (SELECT count(*)::int FROM order_date_selection
                WHERE payout_refund_status = '${PayoutRefundStatus.FAILED}') AS failed_settlements,
              (SELECT count(*)::int FROM payment_event WHERE status = 'FAILED') AS failed_payment_events
         FROM (SELECT count(*) FILTER (WHERE status = '${PublisherStatus.PENDING}')::int AS pending,
                      count(*) FILTER (WHERE status = '${PublisherStatus.APPROVED}')::int AS approved,
                      count(*) FILTER (WHERE status = '${PublisherStatus.BLOCKED}')::int AS blocked
                 FROM publisher) k,
              (SELECT count(*)::int AS accounts,
                      count(*) FILTER (WHERE (created_at AT TIME ZONE 'UTC')::date BETWEEN $1::date AND $2::date)::int
                        AS new_accounts,
                      count(*) FILTER (WHERE status = '${ConsumerStatus.DISABLED}')::int AS disabled
                 FROM consumer) c`,
      [from, today],
    );
    return row;
  }

  /** Orders and sales per UTC day placed and currency, over the lines that are not cancelled. */
  private perDay(from: string, today: string) {
    return this.db.query(
      `SELECT to_char((o.ordered_date AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS date, o.currency_code AS currency,
              count(DISTINCT o.id)::int AS orders, sum(s.item_total + s.delivery_fee)::text AS sales
         FROM customer_order o
         JOIN ordered_cart_item l ON l.order_id = o.id
         JOIN order_date_selection s ON s.ordered_cart_item_id = l.id
        WHERE ${PLACED} AND s.order_status <> ${CANCELLED}
        GROUP BY 1, 2`,
      [from, today],
    ) as Promise<Array<{ date: string; currency: string; orders: number; sales: string }>>;
  }

  /** Platform fees charged on the orders placed in the window that are not cancelled as a whole. */
  private fees(from: string, today: string) {
    return this.db.query(
      `SELECT o.currency_code AS currency, sum(p.vs_fees)::text AS amount
         FROM customer_order o JOIN payment_details p ON p.order_id = o.id
        WHERE ${PLACED} AND o.order_status <> ${CANCELLED}
        GROUP BY 1`,
      [from, today],
    ) as Promise<Array<{ currency: string; amount: string }>>;
  }

  /** Refunds that went through in the window (when the refund was made; the row's last change when unknown). */
  private refunds(from: string, today: string) {
    return this.db.query(
      `SELECT o.currency_code AS currency, sum(s.payout_refund_amount)::text AS amount
         FROM order_date_selection s
         JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
         JOIN customer_order o ON o.id = l.order_id
        WHERE s.order_status = ${CANCELLED} AND s.payout_refund_status = '${PayoutRefundStatus.REFUNDED}'
          AND (coalesce(s.payout_refund_at, s.updated_at) AT TIME ZONE 'UTC')::date BETWEEN $1::date AND $2::date
        GROUP BY 1`,
      [from, today],
    ) as Promise<Array<{ currency: string; amount: string }>>;
  }
}

/** `2026-11-25` moved by `n` calendar days. */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** A numeric sum as the currency writes it ("12.5" → "12.50" in USD), exactly. */
function exact(amount: string, currencyCode: string): string {
  return fromMinor(toMinor(amount, currencyCode), currencyCode);
}
