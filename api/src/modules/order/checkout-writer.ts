import { QueryFailedError, type EntityManager } from 'typeorm';
import { OrderStatus, PaymentStatus } from '@hearth/shared';
import { prepared, runPrepared } from '../../common/database/prepared.js';
import { StatementGroups } from '../../common/database/statement-groups.js';
import { jsonRowsOf } from '../../common/database/raw-rows.js';
import { CART_TAKE_LINES_SQL } from '../cart/cart.repository.js';
import {
  inLockOrder,
  mergeClaims,
  TAKE_CAPACITY_CTES,
  type CapacityClaim,
} from '../item/item-date-capacity.repository.js';
import { OUTBOX_INSERT_SQL } from '../mail/outbox.service.js';
import { ORDER_CUTOFFS_SQL } from './order-query.service.js';

/** Why the write refused itself (its message, SQLSTATE P0001 from hearth_refuse_unless). */
export const CART_CHANGED = 'checkout: the cart changed';
export const CAPACITY_SHORT = 'checkout: capacity short';

/**
 * One order as the checkout's write statement takes it, every id drawn by the caller. Column names are the
 * tables' own (snake_case); `order` holds the order's and its payment details' columns.
 */
export interface OrderWrite {
  order: {
    id: string;
    order_number: string;
    consumer_id: string;
    order_total: string;
    currency_code: string;
    ordered_date: Date;
    contact_details: Record<string, unknown>;
    location_details: Record<string, unknown> | null;
    note: string | null;
    idempotency_key: string;
    payment_hold_expires_at: Date | null;
    payment_method: string;
    gateway: string;
    payment_details_generic_id: string;
    additional_details: Record<string, unknown>;
    transaction_fees: string;
    gross_amount: string;
    net_amount: string;
    vs_fees: string;
    vs_net: string;
  };
  /** Its ordered_cart_item rows (without order_id). */
  lines: Array<Record<string, unknown>>;
  /** Its order_date_selection rows with each one's item_id and publisher_id. */
  dates: Array<Record<string, unknown> & { ordered_cart_item_id: string; item_id: string; date: string }>;
  /** Its email_outbox rows (outboxRows). */
  mails: ReadonlyArray<Record<string, unknown>>;
  /** The cart lines it priced, to delete: at the versions (xmin) read. */
  cartId: string;
  cartLines: ReadonlyArray<{ id: string; v: string }>;
  /** The portions it takes. */
  claims: readonly CapacityClaim[];
}

/** A written order's rows as the statement returned them (jsonRowsOf: numbers as exact text). */
export interface WrittenOrder {
  orders: Array<Record<string, unknown>>;
  lines: Array<Record<string, unknown>>;
  dates: Array<Record<string, unknown>>;
  payments: Array<Record<string, unknown>>;
  changes: Array<Record<string, unknown>>;
  kitchens: Array<Record<string, unknown>>;
  cutoffs: Array<Record<string, unknown>>;
}

/**
 * Writes orders with the checkout's one write statement (WRITE_SQL), several at once when they arrive together
 * (StatementGroups: while one statement runs, orders that become ready wait and the next statement writes up to
 * 32 of them). An order's rows, its cart lines' deletion and its capacity are the same in a statement of many as
 * alone: the claims of all are merged, so a hot item's capacity row is locked and updated once for the lot and the
 * cap is checked on the sum. When one of several refuses itself (a changed cart, capacity short) or breaks a unique
 * key (a double submit's idempotency key, an order number drawn twice), nothing of the statement is written and
 * each of its orders is written again alone, for its own outcome.
 */
export class CheckoutWriter {
  private readonly groups: StatementGroups<OrderWrite, WrittenOrder>;

  constructor(m: EntityManager) {
    // One in flight per API process: with two, groups held ~2 orders and 32 buyers got ~440 orders/s on two
    // cores; with one, ~4 and ~590 (docs/benchmarks.md). A lone order still goes at once.
    this.groups = new StatementGroups((writes) => writeOrders(m, writes), { inFlight: 1, max: 32 });
  }

  write(write: OrderWrite): Promise<WrittenOrder> {
    return this.groups.submit(write);
  }
}

/** Writes `writes` in one statement; their rows in their order. Throws as the statement does. */
async function writeOrders(m: EntityManager, writes: readonly OrderWrite[]): Promise<WrittenOrder[]> {
  const claims = inLockOrder(mergeClaims(writes.flatMap((w) => w.claims)));
  const taken = writes.flatMap((w) => w.cartLines.map((l) => ({ cart: w.cartId, ...l })));
  const {
    rows: [row],
  } = await runPrepared(m, WRITE_SQL, [
    JSON.stringify(writes.map((w) => w.order)),
    JSON.stringify(writes.flatMap((w) => w.lines.map((l) => ({ ...l, order_id: w.order.id })))),
    JSON.stringify(
      writes.flatMap((w) =>
        w.dates.map((d) => ({
          ...d,
          order_id: w.order.id,
          consumer_id: w.order.consumer_id,
          ordered_date: w.order.ordered_date,
        })),
      ),
    ),
    JSON.stringify(writes.flatMap((w) => w.mails)),
    taken.map((t) => t.cart),
    taken.map((t) => t.id),
    taken.map((t) => t.v),
    claims.map((c) => c.itemId),
    claims.map((c) => c.date),
    claims.map((c) => c.portions),
    OrderStatus.PLACED,
    PaymentStatus.INITIATED,
    CART_CHANGED,
    CAPACITY_SHORT,
  ]);
  const all = (key: string) => (row[key] as Array<Record<string, unknown>> | null) ?? [];
  const [orders, lines, dates, payments, changes, kitchens, cutoffs] = [
    'orders',
    'lines',
    'dates',
    'payments',
    'changes',
    'kitchens',
    'cutoffs',
  ].map(all);
  if (writes.length === 1) return [{ orders, lines, dates, payments, changes, kitchens, cutoffs }];
  return writes.map((w) => {
    const id = w.order.id;
    const own = lines.filter((l) => l.order_id === id);
    const lineIds = new Set(own.map((l) => l.id));
    const publishers = new Set(own.map((l) => l.publisher_id));
    const pairs = new Set(w.dates.map((d) => `${d.item_id}|${d.date}`));
    return {
      orders: orders.filter((o) => o.id === id),
      lines: own,
      dates: dates.filter((d) => lineIds.has(d.ordered_cart_item_id)),
      payments: payments.filter((p) => p.order_id === id),
      changes: changes.filter((c) => c.order_id === id),
      kitchens: kitchens.filter((k) => publishers.has(k.id)),
      cutoffs: cutoffs.filter((c) => pairs.has(`${c.item_id}|${c.date}`)),
    };
  });
}

/** The reason a statement refused itself with (hearth_refuse_unless), else null. */
export function refusal(error: unknown): string | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driver = (error as QueryFailedError & { driverError?: { code?: string; message?: string } })
    .driverError;
  return driver?.code === 'P0001' && (driver.message === CART_CHANGED || driver.message === CAPACITY_SHORT)
    ? driver.message
    : null;
}

/**
 * The checkout's write, one statement for one order or several: the orders with their payment details ($1, JSON),
 * their lines ($2, JSON with order_id), their date selections ($3, with their order, customer, time, item and
 * kitchen: the trigger cannot see lines inserted by the same statement) as $11/$12 (PLACED, INITIATED) with a
 * status change each, the confirmation e-mails ($4, the mail module's rows and statement), the deletion of the
 * priced cart lines ($5 carts, $6 lines, $7 versions: the cart module's statement) and the taking of capacity
 * ($8 items, $9 dates, $10 portions: the capacity repository's). It refuses itself with $13 when a priced line was
 * changed or removed since the read, and with $14 when a claim does not fit; then nothing of it is written. The
 * final select reads the CTEs in the order they are to run (PostgreSQL runs a CTE when first read, and the ones
 * never read after the select): the inserts, then the carts' lines, then the capacity, so that a hot capacity row is
 * locked only for the statement's end (its foreign key checks) and the commit.
 */
const WRITE_SQL = prepared(`WITH
  orders AS (
    SELECT * FROM json_to_recordset($1::json) AS o(id uuid, order_number text, consumer_id uuid, order_total numeric,
                                                   currency_code text, ordered_date timestamptz, contact_details jsonb,
                                                   location_details jsonb, note text, idempotency_key text,
                                                   payment_hold_expires_at timestamptz, payment_method text, gateway text,
                                                   payment_details_generic_id text, additional_details jsonb,
                                                   transaction_fees numeric, gross_amount numeric, net_amount numeric,
                                                   vs_fees numeric, vs_net numeric)),
  placed AS (
    INSERT INTO customer_order (id, order_number, consumer_id, order_total, currency_code, ordered_date, contact_details,
                                location_details, order_status, note, idempotency_key, payment_hold_expires_at)
    SELECT id, order_number, consumer_id, order_total, currency_code, ordered_date, contact_details, location_details, $11,
           note, idempotency_key, payment_hold_expires_at
      FROM orders
    RETURNING *),
  lines AS (
    INSERT INTO ordered_cart_item (id, order_id, item_id, publisher_id, item_name, pricing_option, unit_price, order_quantity,
                                   item_total, item_price_per_date, net_amount_per_date, distributed_fees, net_amount, vs_fees,
                                   is_catering_item)
    SELECT l.id, l.order_id, l.item_id, l.publisher_id, l.item_name, l.pricing_option, l.unit_price, l.order_quantity,
           l.item_total, l.item_price_per_date, l.net_amount_per_date, l.distributed_fees, l.net_amount, l.vs_fees,
           l.is_catering_item
      FROM json_to_recordset($2::json) AS l(id uuid, order_id uuid, item_id uuid, publisher_id uuid, item_name text,
                                             pricing_option jsonb, unit_price numeric, order_quantity int, item_total numeric,
                                             item_price_per_date numeric, net_amount_per_date numeric,
                                             distributed_fees numeric, net_amount numeric, vs_fees numeric,
                                             is_catering_item boolean)
    RETURNING *),
  paid AS (
    INSERT INTO payment_details (order_id, payment_method, gateway, payment_details_generic_id, is_payment_completed,
                                 payment_completed_time, additional_details, transaction_fees, gross_amount, net_amount,
                                 currency_code, vs_fees, vs_net)
    SELECT id, payment_method, gateway, payment_details_generic_id, false, NULL, additional_details, transaction_fees,
           gross_amount, net_amount, currency_code, vs_fees, vs_net
      FROM orders
    RETURNING *),
  dates AS (
    SELECT * FROM json_to_recordset($3::json) AS d(id uuid, order_id uuid, consumer_id uuid, ordered_date timestamptz,
                                                    ordered_cart_item_id uuid, item_id uuid, publisher_id uuid, date date,
                                                    time_slots text[], item_total numeric, delivery_fee numeric,
                                                    delivery_option text, pickup_location jsonb)),
  selections AS (
    INSERT INTO order_date_selection (id, ordered_cart_item_id, publisher_id, date, time_slots, item_total, delivery_fee,
                                      order_status, payment_status, delivery_option, pickup_location)
    SELECT id, ordered_cart_item_id, publisher_id, date, time_slots, item_total, delivery_fee, $11, $12, delivery_option,
           pickup_location
      FROM dates
    RETURNING *),
  changes AS (
    INSERT INTO order_status_change (order_id, ordered_cart_item_id, item_id, order_date_selection_id, life_cycle_status,
                                     reason, actor_id, at)
    SELECT order_id, ordered_cart_item_id, item_id, id, $11, NULL, consumer_id, ordered_date FROM dates
    RETURNING *),
  mails AS (${OUTBOX_INSERT_SQL('$4::json')} RETURNING id),
  emptied AS (${CART_TAKE_LINES_SQL('$5', '$6', '$7')}),
  ${TAKE_CAPACITY_CTES('$8', '$9', '$10')}
SELECT ${jsonRowsOf('placed')} AS orders,
       ${jsonRowsOf('lines')} AS lines,
       ${jsonRowsOf('selections')} AS dates,
       ${jsonRowsOf('paid')} AS payments,
       ${jsonRowsOf('changes')} AS changes,
       (SELECT json_agg(k) FROM (SELECT id, kitchen_name, consumer_id, time_zone_id FROM publisher
                                  WHERE id IN (SELECT publisher_id FROM lines)) k) AS kitchens,
       (SELECT json_agg(c) FROM (${ORDER_CUTOFFS_SQL('lines', 'selections')}) c) AS cutoffs,
       CASE
         WHEN (SELECT count(*) FROM placed) + (SELECT count(*) FROM lines) + (SELECT count(*) FROM paid)
              + (SELECT count(*) FROM selections) + (SELECT count(*) FROM changes) + (SELECT count(*) FROM mails) < 0
           THEN NULL
         WHEN (SELECT count(*) FROM emptied) <> cardinality($6::uuid[]) THEN hearth_refuse_unless(false, $13)
         ELSE hearth_refuse_unless((SELECT count(*) FROM taken) = cardinality($8::uuid[]), $14)
       END AS placed`);
