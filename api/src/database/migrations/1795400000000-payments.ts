import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Online payments (issue 15): the gateway and its ids on payment details, the capacity hold of an unpaid
 * online order, per-date refund/payout bookkeeping, cash received and no-shows, Stripe Connect accounts,
 * Cashfree beneficiary registration, and order confirmations that wait for the payment.
 */
export class Payments1795400000000 implements MigrationInterface {
  name = 'Payments1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chef_setting" DROP CONSTRAINT "chk_chef_setting_key_d5f551e9"`);
    await queryRunner.query(
      `ALTER TABLE "chef_setting" ADD CONSTRAINT "chk_chef_setting_key_1356be77" CHECK ("key" IN ('PAYPAL', 'STRIPE', 'PAYTM', 'ZIPCODES', 'RADIUS', 'DELIVERY_FEES', 'DELIVERY_MEASUREMENT', 'PRE_ORDER_NUMBER', 'PRE_ORDER_DAYS_HOURS', 'DEFAULT_FULFILLMENT', 'FOOD_HANDLER_PERMIT', 'TIME_ZONE', 'SECRET_CODE', 'CASH_FREE', 'CASH_FREE_ACCOUNT_NUMBER', 'CASH_FREE_IFSC', 'PAYMENT_PREFERENCES', 'PICKUP_LOCATIONS', 'CASH_MAX_ORDER_VALUE'))`,
    );
    await queryRunner.query(`ALTER TABLE "email_outbox" DROP CONSTRAINT "chk_email_outbox_state_95547e52"`);
    await queryRunner.query(
      `ALTER TABLE "email_outbox" ADD CONSTRAINT "chk_email_outbox_state_ac82d346" CHECK ("state" IN ('QUEUED', 'SENT', 'FAILED', 'HELD', 'AWAITING_PAYMENT'))`,
    );
    await queryRunner.query(
      `CREATE TABLE "payout_account" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "publisher_id" uuid NOT NULL, "gateway" text NOT NULL, "account_id" text NOT NULL, "charges_enabled" boolean NOT NULL DEFAULT false, "payouts_enabled" boolean NOT NULL DEFAULT false, "details_submitted" boolean NOT NULL DEFAULT false, CONSTRAINT "uq_payout_account_account_id" UNIQUE ("account_id"), CONSTRAINT "uq_payout_account_publisher_id_gateway" UNIQUE ("publisher_id", "gateway"), CONSTRAINT "chk_payout_account_gateway_c33cdbab" CHECK ("gateway" IN ('stripe')), CONSTRAINT "pk_payout_account" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "payout_account" ADD CONSTRAINT "fk_payout_account_publisher_id" FOREIGN KEY ("publisher_id") REFERENCES "publisher"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "payment_details" ADD "gateway" text NOT NULL DEFAULT 'cash'`);
    await queryRunner.query(`ALTER TABLE "payment_details" ADD "gateway_payment_id" text`);
    await queryRunner.query(`ALTER TABLE "payment_details" ADD "checkout_url" text`);
    await queryRunner.query(`ALTER TABLE "payment_details" ADD "failure_reason" text`);
    await queryRunner.query(
      `ALTER TABLE "payment_details" ADD CONSTRAINT "chk_payment_details_gateway_de74806b" CHECK ("gateway" IN ('stripe', 'paypal', 'cash-free', 'cash'))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "idx_payment_details_payment_details_generic_id" ON "payment_details" ("payment_details_generic_id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "customer_order" ADD "payment_hold_expires_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_customer_order_payment_hold_expires_at" ON "customer_order" ("payment_hold_expires_at")`,
    );
    await queryRunner.query(`ALTER TABLE "order_date_selection" ADD "payout_refund_reference" text`);
    await queryRunner.query(`ALTER TABLE "order_date_selection" ADD "payout_refund_error" text`);
    await queryRunner.query(
      `ALTER TABLE "order_date_selection" ADD "payout_refund_attempts" integer NOT NULL DEFAULT '0'`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_date_selection" ADD "payout_refund_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_date_selection" ADD "cash_received_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(`ALTER TABLE "order_date_selection" ADD "no_show_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE INDEX "idx_order_date_selection_no_show_at" ON "order_date_selection" ("no_show_at")`,
    );
    await queryRunner.query(`ALTER TABLE "bank_beneficiary" ADD "registered_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "chef_setting" WHERE key = 'CASH_MAX_ORDER_VALUE'`);
    await queryRunner.query(`ALTER TABLE "chef_setting" DROP CONSTRAINT "chk_chef_setting_key_1356be77"`);
    await queryRunner.query(
      `ALTER TABLE "chef_setting" ADD CONSTRAINT "chk_chef_setting_key_d5f551e9" CHECK ("key" IN ('PAYPAL', 'STRIPE', 'PAYTM', 'ZIPCODES', 'RADIUS', 'DELIVERY_FEES', 'DELIVERY_MEASUREMENT', 'PRE_ORDER_NUMBER', 'PRE_ORDER_DAYS_HOURS', 'DEFAULT_FULFILLMENT', 'FOOD_HANDLER_PERMIT', 'TIME_ZONE', 'SECRET_CODE', 'CASH_FREE', 'CASH_FREE_ACCOUNT_NUMBER', 'CASH_FREE_IFSC', 'PAYMENT_PREFERENCES', 'PICKUP_LOCATIONS'))`,
    );
    await queryRunner.query(`ALTER TABLE "bank_beneficiary" DROP COLUMN "registered_at"`);
    await queryRunner.query(`DROP INDEX "idx_order_date_selection_no_show_at"`);
    for (const column of [
      'no_show_at',
      'cash_received_at',
      'payout_refund_at',
      'payout_refund_attempts',
      'payout_refund_error',
      'payout_refund_reference',
    ])
      await queryRunner.query(`ALTER TABLE "order_date_selection" DROP COLUMN "${column}"`);
    await queryRunner.query(`DROP INDEX "idx_customer_order_payment_hold_expires_at"`);
    await queryRunner.query(`ALTER TABLE "customer_order" DROP COLUMN "payment_hold_expires_at"`);
    await queryRunner.query(`DROP INDEX "idx_payment_details_payment_details_generic_id"`);
    await queryRunner.query(
      `ALTER TABLE "payment_details" DROP CONSTRAINT "chk_payment_details_gateway_de74806b"`,
    );
    for (const column of ['failure_reason', 'checkout_url', 'gateway_payment_id', 'gateway'])
      await queryRunner.query(`ALTER TABLE "payment_details" DROP COLUMN "${column}"`);
    await queryRunner.query(`DROP TABLE "payout_account"`);
    await queryRunner.query(`UPDATE "email_outbox" SET state = 'FAILED' WHERE state = 'AWAITING_PAYMENT'`);
    await queryRunner.query(`ALTER TABLE "email_outbox" DROP CONSTRAINT "chk_email_outbox_state_ac82d346"`);
    await queryRunner.query(
      `ALTER TABLE "email_outbox" ADD CONSTRAINT "chk_email_outbox_state_95547e52" CHECK ("state" IN ('QUEUED', 'SENT', 'FAILED', 'HELD'))`,
    );
  }
}
