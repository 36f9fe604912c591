import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each ordered date keeps its own amounts: `item_total` (price × quantity × its slots) and `delivery_fee`
 * (the trip's fee when this date carries it). The order pages and the chef's board showed one
 * "net amount per date" per line, taken from the line's first date, next to every date: wrong whenever a
 * line's dates differ (a fee on one date only, another number of slots), and no way to say what a
 * cancelled date no longer costs. Checkout now writes both from the shared pricing (`perDate`).
 *
 * Existing rows are filled from their line: the item total split over its dates by slot count, the line's
 * delivery fees split over its delivery dates, each in whole cents with the leftover cents on the earliest
 * dates, so every line's dates add up to its `item_total` and `distributed_fees` exactly.
 */
export class OrderDateAmounts1795360000000 implements MigrationInterface {
  name = 'OrderDateAmounts1795360000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "order_date_selection" ADD "item_total" numeric(12,2) NOT NULL DEFAULT '0'`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_date_selection" ADD "delivery_fee" numeric(12,2) NOT NULL DEFAULT '0'`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_date_selection" ADD CONSTRAINT "chk_order_date_selection_item_total_6ba31f35" CHECK ("item_total" >= 0 AND "delivery_fee" >= 0)`,
    );
    // amount × weight / total weight in whole cents, then one more cent for the first `leftover` dates.
    await queryRunner.query(
      `WITH parts AS (
         SELECT s.id, l.item_total, l.distributed_fees,
                cardinality(s.time_slots) AS slots,
                sum(cardinality(s.time_slots)) OVER w AS all_slots,
                (s.delivery_option = 'DELIVERY')::int AS delivers,
                sum((s.delivery_option = 'DELIVERY')::int) OVER w AS all_delivers,
                row_number() OVER (PARTITION BY l.id ORDER BY s.date, s.id) AS n,
                row_number() OVER (PARTITION BY l.id, s.delivery_option ORDER BY s.date, s.id) AS n_delivery
           FROM order_date_selection s JOIN ordered_cart_item l ON l.id = s.ordered_cart_item_id
         WINDOW w AS (PARTITION BY l.id)
       ), floors AS (
         SELECT *,
                CASE WHEN all_slots = 0 THEN 0 ELSE floor(item_total * 100 * slots / all_slots) END AS item_cents,
                CASE WHEN all_delivers = 0 THEN 0 ELSE floor(distributed_fees * 100 * delivers / all_delivers) END AS fee_cents
           FROM parts
       ), leftovers AS (
         SELECT *,
                round(item_total * 100) - sum(item_cents) OVER (PARTITION BY id_line) AS item_left,
                round(distributed_fees * 100) - sum(fee_cents) OVER (PARTITION BY id_line) AS fee_left
           FROM (SELECT f.*, s.ordered_cart_item_id AS id_line FROM floors f JOIN order_date_selection s ON s.id = f.id) x
       )
       UPDATE order_date_selection s
          SET item_total = (x.item_cents + CASE WHEN x.n <= x.item_left THEN 1 ELSE 0 END) / 100.0,
              delivery_fee = (x.fee_cents + CASE WHEN x.delivers = 1 AND x.n_delivery <= x.fee_left THEN 1 ELSE 0 END) / 100.0
         FROM leftovers x
        WHERE x.id = s.id`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "order_date_selection" DROP CONSTRAINT "chk_order_date_selection_item_total_6ba31f35"`,
    );
    await queryRunner.query(`ALTER TABLE "order_date_selection" DROP COLUMN "delivery_fee"`);
    await queryRunner.query(`ALTER TABLE "order_date_selection" DROP COLUMN "item_total"`);
  }
}
