import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Order search (`_search/order`, `order/search/`, docs/fulfilment.md "Search"): trigram GIN indexes on the
 * searched expressions (pg_trgm, created by the initial schema for the item search), so that "part of a name,
 * e-mail, phone or item name" (`LIKE '%…%'`) and the exact e-mail and phone keys come from an index with
 * 10,000s of orders; a `text_pattern_ops` btree for the order-number prefix (on `upper(order_number)`: an
 * expression, as an index on the plain column would have to be declared on OrderEntity). The expressions are
 * exactly those of order-search.service.ts (an expression index serves only the same expression): change both
 * together. TypeORM does not see expression indexes, so the schema check leaves them alone.
 */
export class OrderSearch1795610000000 implements MigrationInterface {
  name = 'OrderSearch1795610000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_customer_order_number_prefix" ON "customer_order" (upper("order_number") text_pattern_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_customer_order_contact_name_trgm" ON "customer_order" USING gin (lower("contact_details" ->> 'name') gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_customer_order_contact_email_trgm" ON "customer_order" USING gin (lower("contact_details" ->> 'email') gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_customer_order_contact_phone_trgm" ON "customer_order" USING gin (regexp_replace("contact_details" ->> 'phone', '[^0-9]+', '', 'g') gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_ordered_cart_item_name_trgm" ON "ordered_cart_item" USING gin (lower("item_name") gin_trgm_ops)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_ordered_cart_item_name_trgm"`);
    await queryRunner.query(`DROP INDEX "idx_customer_order_contact_phone_trgm"`);
    await queryRunner.query(`DROP INDEX "idx_customer_order_contact_email_trgm"`);
    await queryRunner.query(`DROP INDEX "idx_customer_order_contact_name_trgm"`);
    await queryRunner.query(`DROP INDEX "idx_customer_order_number_prefix"`);
  }
}
