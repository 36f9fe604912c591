import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Feedback and client logs (issue 18 parts 1 and 5, docs/feedback-and-logs.md). `feedback` gets the order a
 * "Tell us how it went" is about (once per order: a partial unique index), a full-text index over message,
 * name and e-mail and a trigram index on the e-mail, both on exactly the expressions of
 * feedback.service.ts (an expression index serves only the same expression; TypeORM does not see them, so
 * the schema check leaves them alone). `log_entry` gets the scrubbed stack of a client error, and an index
 * for the admin's list grouped by message.
 */
export class FeedbackAndClientLogs1795740000000 implements MigrationInterface {
  name = 'FeedbackAndClientLogs1795740000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "feedback" ADD "order_id" uuid`);
    await queryRunner.query(
      `ALTER TABLE "feedback" ADD CONSTRAINT "fk_feedback_order_id" FOREIGN KEY ("order_id") REFERENCES "customer_order" ("id") ON DELETE SET NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_feedback_order_id" ON "feedback" ("order_id") WHERE "order_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_feedback_search" ON "feedback" USING gin ((to_tsvector('simple', coalesce("message", '') || ' ' || coalesce("name", '') || ' ' || coalesce("email", ''))))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_feedback_email_trgm" ON "feedback" USING gin (lower("email") gin_trgm_ops)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_feedback_created_at" ON "feedback" ("created_at")`);
    await queryRunner.query(`ALTER TABLE "log_entry" ADD "stack" text`);
    await queryRunner.query(`CREATE INDEX "idx_log_entry_message_at" ON "log_entry" ("message", "at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_log_entry_message_at"`);
    await queryRunner.query(`ALTER TABLE "log_entry" DROP COLUMN "stack"`);
    await queryRunner.query(`DROP INDEX "idx_feedback_created_at"`);
    await queryRunner.query(`DROP INDEX "idx_feedback_email_trgm"`);
    await queryRunner.query(`DROP INDEX "idx_feedback_search"`);
    await queryRunner.query(`DROP INDEX "uq_feedback_order_id"`);
    await queryRunner.query(`ALTER TABLE "feedback" DROP CONSTRAINT "fk_feedback_order_id"`);
    await queryRunner.query(`ALTER TABLE "feedback" DROP COLUMN "order_id"`);
  }
}
