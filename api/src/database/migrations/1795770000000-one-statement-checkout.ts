import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Checkout in one statement (issue 19 part 4): the order, its lines, dates, status changes, payment details,
 * mails, the emptying of the cart and the taking of capacity are written by one statement, which needs
 * 1. `hearth_refuse_unless(ok, reason)`: raises `reason` (SQLSTATE P0001) when `ok` is false, so that a statement
 *    can refuse itself, and with it everything its other parts wrote, when a count it checks does not add up;
 * 2. the date selections' kitchen trigger to keep the kitchen a writer gives when the selection's line is not
 *    visible to it yet (a line inserted by the same statement). Any line it can see still decides.
 */
export class OneStatementCheckout1795770000000 implements MigrationInterface {
  name = 'OneStatementCheckout1795770000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE FUNCTION "hearth_refuse_unless"(ok boolean, reason text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
       BEGIN
         IF ok IS NOT TRUE THEN RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = reason; END IF;
         RETURN true;
       END $$`,
    );
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION "order_date_selection_publisher"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         NEW."publisher_id" := coalesce(
           (SELECT l."publisher_id" FROM "ordered_cart_item" l WHERE l."id" = NEW."ordered_cart_item_id"),
           NEW."publisher_id");
         RETURN NEW;
       END $$`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION "order_date_selection_publisher"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         NEW."publisher_id" := (SELECT l."publisher_id" FROM "ordered_cart_item" l WHERE l."id" = NEW."ordered_cart_item_id");
         RETURN NEW;
       END $$`,
    );
    await queryRunner.query(`DROP FUNCTION "hearth_refuse_unless"(boolean, text)`);
  }
}
