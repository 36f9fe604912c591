import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Messaging (issue 16): bulk messages as announcements or chefs' news with their content, layout, fan-out
 * position and skipped count; the unsubscribe list; guests' double opt-in for chefs' news and location
 * checks; the once-a-day news gate; order messages that know their kitchen, customer and author.
 */
export class Messaging1795500000000 implements MigrationInterface {
  name = 'Messaging1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bulk_message" DROP CONSTRAINT "chk_bulk_message_status_db739d32"`);
    await queryRunner.query(`ALTER TABLE "subscription" DROP CONSTRAINT "chk_subscription_status_8df866e3"`);
    await queryRunner.query(
      `CREATE TABLE "subscriber_news" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "publisher_id" uuid NOT NULL, "last_sent_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_bulk_message_id" uuid, CONSTRAINT "pk_subscriber_news" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "idx_subscriber_news_publisher_id" ON "subscriber_news"  ("publisher_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "email_suppression" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "email" text NOT NULL, "source" text NOT NULL, "bulk_message_id" uuid, CONSTRAINT "chk_email_suppression_source_2c633510" CHECK ("source" IN ('LINK', 'ONE_CLICK', 'ADMIN')), CONSTRAINT "pk_email_suppression" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "idx_email_suppression_email" ON "email_suppression"  ("email") `,
    );
    await queryRunner.query(`ALTER TABLE "bulk_message" ADD "kind" text NOT NULL DEFAULT 'ANNOUNCEMENT'`);
    await queryRunner.query(`ALTER TABLE "bulk_message" ADD "publisher_id" uuid`);
    await queryRunner.query(
      `ALTER TABLE "bulk_message" ADD "content_format" text NOT NULL DEFAULT 'MARKDOWN'`,
    );
    await queryRunner.query(`ALTER TABLE "bulk_message" ADD "item_ids" uuid array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`ALTER TABLE "bulk_message" ADD "html" text`);
    await queryRunner.query(`ALTER TABLE "bulk_message" ADD "text" text`);
    await queryRunner.query(`ALTER TABLE "bulk_message" ADD "skipped_count" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "bulk_message" ADD "fanout_cursor" text`);
    await queryRunner.query(`ALTER TABLE "bulk_message" ADD "fanout_done" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "bulk_message" ADD "paused_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "bulk_message_recipient" ADD "name" text`);
    await queryRunner.query(`ALTER TABLE "order_message" ADD "author" text NOT NULL`);
    await queryRunner.query(`ALTER TABLE "order_message" ADD "publisher_id" uuid NOT NULL`);
    await queryRunner.query(`ALTER TABLE "order_message" ADD "customer_id" uuid`);
    await queryRunner.query(`ALTER TABLE "order_message" ADD "read_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "location_subscription" ADD "status" text NOT NULL DEFAULT 'PENDING'`,
    );
    await queryRunner.query(
      `ALTER TABLE "location_subscription" ADD "confirmed_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(`ALTER TABLE "location_subscription" ADD "notified_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "location_subscription" ADD "notified_publisher_id" uuid`);
    await queryRunner.query(`ALTER TABLE "subscription" ADD "confirmed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "bulk_message" ALTER COLUMN "target_group" DROP NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX "idx_bulk_message_publisher_id" ON "bulk_message"  ("publisher_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_bulk_message_recipient_bulk_message_id_state" ON "bulk_message_recipient"  ("bulk_message_id", "state") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_order_message_publisher_id" ON "order_message"  ("publisher_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_order_message_customer_id" ON "order_message"  ("customer_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_location_subscription_country_zipcode_status" ON "location_subscription"  ("country", "zipcode", "status") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_subscription_publisher_id_status" ON "subscription"  ("publisher_id", "status") `,
    );
    await queryRunner.query(
      `ALTER TABLE "bulk_message" ADD CONSTRAINT "chk_bulk_message_kind_79bf2444" CHECK ("kind" <> 'ANNOUNCEMENT' OR "target_group" IS NOT NULL)`,
    );
    await queryRunner.query(
      `ALTER TABLE "bulk_message" ADD CONSTRAINT "chk_bulk_message_status_4b34bf8a" CHECK ("status" IN ('QUEUED', 'SENDING', 'PAUSED', 'COMPLETED', 'CANCELLED', 'FAILED'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "bulk_message" ADD CONSTRAINT "chk_bulk_message_content_format_ecbcd543" CHECK ("content_format" IN ('MARKDOWN', 'HTML'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "bulk_message" ADD CONSTRAINT "chk_bulk_message_template_type_94311030" CHECK ("template_type" IN ('HEALTH_TIP', 'ITEM_DETAILS'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "bulk_message" ADD CONSTRAINT "chk_bulk_message_kind_daf85391" CHECK ("kind" IN ('ANNOUNCEMENT', 'CHEF_NEWS'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_message" ADD CONSTRAINT "chk_order_message_author_4f1fccc4" CHECK ("author" IN ('CHEF', 'CUSTOMER'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "location_subscription" ADD CONSTRAINT "chk_location_subscription_status_51824350" CHECK ("status" IN ('PENDING', 'SUBSCRIBED', 'UNSUBSCRIBED'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "subscription" ADD CONSTRAINT "chk_subscription_status_51824350" CHECK ("status" IN ('PENDING', 'SUBSCRIBED', 'UNSUBSCRIBED'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "bulk_message" ADD CONSTRAINT "fk_bulk_message_publisher_id" FOREIGN KEY ("publisher_id") REFERENCES "publisher"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_message" ADD CONSTRAINT "fk_order_message_publisher_id" FOREIGN KEY ("publisher_id") REFERENCES "publisher"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_message" ADD CONSTRAINT "fk_order_message_customer_id" FOREIGN KEY ("customer_id") REFERENCES "consumer"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "location_subscription" ADD CONSTRAINT "fk_location_subscription_notified_publisher_id" FOREIGN KEY ("notified_publisher_id") REFERENCES "publisher"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "subscriber_news" ADD CONSTRAINT "fk_subscriber_news_publisher_id" FOREIGN KEY ("publisher_id") REFERENCES "publisher"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "email_suppression" ADD CONSTRAINT "fk_email_suppression_bulk_message_id" FOREIGN KEY ("bulk_message_id") REFERENCES "bulk_message"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "email_suppression" DROP CONSTRAINT "fk_email_suppression_bulk_message_id"`,
    );
    await queryRunner.query(
      `ALTER TABLE "subscriber_news" DROP CONSTRAINT "fk_subscriber_news_publisher_id"`,
    );
    await queryRunner.query(
      `ALTER TABLE "location_subscription" DROP CONSTRAINT "fk_location_subscription_notified_publisher_id"`,
    );
    await queryRunner.query(`ALTER TABLE "order_message" DROP CONSTRAINT "fk_order_message_customer_id"`);
    await queryRunner.query(`ALTER TABLE "order_message" DROP CONSTRAINT "fk_order_message_publisher_id"`);
    await queryRunner.query(`ALTER TABLE "bulk_message" DROP CONSTRAINT "fk_bulk_message_publisher_id"`);
    await queryRunner.query(`ALTER TABLE "subscription" DROP CONSTRAINT "chk_subscription_status_51824350"`);
    await queryRunner.query(
      `ALTER TABLE "location_subscription" DROP CONSTRAINT "chk_location_subscription_status_51824350"`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_message" DROP CONSTRAINT "chk_order_message_author_4f1fccc4"`,
    );
    await queryRunner.query(`ALTER TABLE "bulk_message" DROP CONSTRAINT "chk_bulk_message_kind_daf85391"`);
    await queryRunner.query(
      `ALTER TABLE "bulk_message" DROP CONSTRAINT "chk_bulk_message_template_type_94311030"`,
    );
    await queryRunner.query(
      `ALTER TABLE "bulk_message" DROP CONSTRAINT "chk_bulk_message_content_format_ecbcd543"`,
    );
    await queryRunner.query(`ALTER TABLE "bulk_message" DROP CONSTRAINT "chk_bulk_message_status_4b34bf8a"`);
    await queryRunner.query(`ALTER TABLE "bulk_message" DROP CONSTRAINT "chk_bulk_message_kind_79bf2444"`);
    await queryRunner.query(`DROP INDEX "idx_subscription_publisher_id_status"`);
    await queryRunner.query(`DROP INDEX "idx_location_subscription_country_zipcode_status"`);
    await queryRunner.query(`DROP INDEX "idx_order_message_customer_id"`);
    await queryRunner.query(`DROP INDEX "idx_order_message_publisher_id"`);
    await queryRunner.query(`DROP INDEX "idx_bulk_message_recipient_bulk_message_id_state"`);
    await queryRunner.query(`DROP INDEX "idx_bulk_message_publisher_id"`);
    await queryRunner.query(`DELETE FROM "bulk_message" WHERE "target_group" IS NULL`);
    await queryRunner.query(`ALTER TABLE "bulk_message" ALTER COLUMN "target_group" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "subscription" DROP COLUMN "confirmed_at"`);
    await queryRunner.query(`ALTER TABLE "location_subscription" DROP COLUMN "notified_publisher_id"`);
    await queryRunner.query(`ALTER TABLE "location_subscription" DROP COLUMN "notified_at"`);
    await queryRunner.query(`ALTER TABLE "location_subscription" DROP COLUMN "confirmed_at"`);
    await queryRunner.query(`ALTER TABLE "location_subscription" DROP COLUMN "status"`);
    await queryRunner.query(`ALTER TABLE "order_message" DROP COLUMN "read_at"`);
    await queryRunner.query(`ALTER TABLE "order_message" DROP COLUMN "customer_id"`);
    await queryRunner.query(`ALTER TABLE "order_message" DROP COLUMN "publisher_id"`);
    await queryRunner.query(`ALTER TABLE "order_message" DROP COLUMN "author"`);
    await queryRunner.query(`ALTER TABLE "bulk_message_recipient" DROP COLUMN "name"`);
    await queryRunner.query(`ALTER TABLE "bulk_message" DROP COLUMN "paused_at"`);
    await queryRunner.query(`ALTER TABLE "bulk_message" DROP COLUMN "fanout_done"`);
    await queryRunner.query(`ALTER TABLE "bulk_message" DROP COLUMN "fanout_cursor"`);
    await queryRunner.query(`ALTER TABLE "bulk_message" DROP COLUMN "skipped_count"`);
    await queryRunner.query(`ALTER TABLE "bulk_message" DROP COLUMN "text"`);
    await queryRunner.query(`ALTER TABLE "bulk_message" DROP COLUMN "html"`);
    await queryRunner.query(`ALTER TABLE "bulk_message" DROP COLUMN "item_ids"`);
    await queryRunner.query(`ALTER TABLE "bulk_message" DROP COLUMN "content_format"`);
    await queryRunner.query(`ALTER TABLE "bulk_message" DROP COLUMN "publisher_id"`);
    await queryRunner.query(`ALTER TABLE "bulk_message" DROP COLUMN "kind"`);
    await queryRunner.query(`DROP INDEX "idx_email_suppression_email"`);
    await queryRunner.query(`DROP TABLE "email_suppression"`);
    await queryRunner.query(`DROP INDEX "idx_subscriber_news_publisher_id"`);
    await queryRunner.query(`DROP TABLE "subscriber_news"`);
    await queryRunner.query(`UPDATE "subscription" SET "status" = 'UNSUBSCRIBED' WHERE "status" = 'PENDING'`);
    await queryRunner.query(
      `ALTER TABLE "subscription" ADD CONSTRAINT "chk_subscription_status_8df866e3" CHECK ("status" IN ('SUBSCRIBED', 'UNSUBSCRIBED'))`,
    );
    await queryRunner.query(
      `UPDATE "bulk_message" SET "status" = 'FAILED' WHERE "status" IN ('PAUSED', 'CANCELLED')`,
    );
    await queryRunner.query(
      `ALTER TABLE "bulk_message" ADD CONSTRAINT "chk_bulk_message_status_db739d32" CHECK ("status" IN ('QUEUED', 'SENDING', 'COMPLETED', 'FAILED'))`,
    );
  }
}
