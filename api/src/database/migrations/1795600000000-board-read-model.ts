import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The fulfilment board (issue 17): each date selection carries its kitchen (`publisher_id`, copied from its
 * order line by a trigger on insert, so every writer — checkout, seeds, tests — keeps it right), and one
 * composite index (kitchen, date, status) serves the three tabs, their counts and filters without joining
 * the order lines of the whole kitchen. `npm run bench board`: docs/benchmarks.md.
 */
export class BoardReadModel1795600000000 implements MigrationInterface {
  name = 'BoardReadModel1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order_date_selection" ADD "publisher_id" uuid`);
    await queryRunner.query(
      `UPDATE "order_date_selection" s SET "publisher_id" = l."publisher_id"
         FROM "ordered_cart_item" l WHERE l."id" = s."ordered_cart_item_id"`,
    );
    await queryRunner.query(`ALTER TABLE "order_date_selection" ALTER COLUMN "publisher_id" SET NOT NULL`);
    await queryRunner.query(
      `CREATE FUNCTION "order_date_selection_publisher"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         NEW."publisher_id" := (SELECT l."publisher_id" FROM "ordered_cart_item" l WHERE l."id" = NEW."ordered_cart_item_id");
         RETURN NEW;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_order_date_selection_publisher"
         BEFORE INSERT OR UPDATE OF "ordered_cart_item_id", "publisher_id" ON "order_date_selection"
         FOR EACH ROW EXECUTE FUNCTION "order_date_selection_publisher"()`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_order_date_selection_publisher_id_date_order_status" ON "order_date_selection" ("publisher_id", "date", "order_status")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_order_date_selection_publisher_id_date_order_status"`);
    await queryRunner.query(`DROP TRIGGER "trg_order_date_selection_publisher" ON "order_date_selection"`);
    await queryRunner.query(`DROP FUNCTION "order_date_selection_publisher"()`);
    await queryRunner.query(`ALTER TABLE "order_date_selection" DROP COLUMN "publisher_id"`);
  }
}
