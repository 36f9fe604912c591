import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bulk sending (issue 16, ADR 021): why a message paused itself (no SMTP server), and when a recipient
 * refused for now (SMTP 4xx) may be tried again.
 */
export class BulkSending1795510000000 implements MigrationInterface {
  name = 'BulkSending1795510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bulk_message" ADD "paused_reason" text`);
    await queryRunner.query(`ALTER TABLE "bulk_message_recipient" ADD "not_before" TIMESTAMP WITH TIME ZONE`);
    // The audiences of bulk messages page accounts by lower-cased address (keyset, ADR 021).
    await queryRunner.query(
      `CREATE INDEX "idx_consumer_user_email_lower" ON "consumer" (lower("user_email"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_consumer_user_email_lower"`);
    await queryRunner.query(`ALTER TABLE "bulk_message_recipient" DROP COLUMN "not_before"`);
    await queryRunner.query(`ALTER TABLE "bulk_message" DROP COLUMN "paused_reason"`);
  }
}
