import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The support inbox (issue 18 part 1, docs/support-inbox.md): contact messages get a status and an action
 * history like enquiries (so they can be answered, closed and reopened); pricing enquiries keep their event
 * date, head count and budget (minor units); the inbox's full-text search has GIN expression indexes on
 * contact messages, enquiries and feedback, and a
 * prefix index on their lower-cased e-mail addresses. The expressions are exactly those of inbox.sql.ts (an expression
 * index serves only the same expression): change both together. TypeORM does not see expression indexes, so
 * the schema check leaves them alone.
 */
export class SupportInbox1795700000000 implements MigrationInterface {
  name = 'SupportInbox1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_message" ADD "status" text NOT NULL DEFAULT 'OPEN'`);
    await queryRunner.query(`ALTER TABLE "contact_message" ADD "action_history" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(
      `ALTER TABLE "contact_message" ADD CONSTRAINT "chk_contact_message_status_5d91057e" CHECK ("status" IN ('OPEN', 'CLOSED'))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_contact_message_status" ON "contact_message" ("status")`);
    await queryRunner.query(`ALTER TABLE "enquiry" ADD "event_date" date`);
    await queryRunner.query(`ALTER TABLE "enquiry" ADD "headcount" integer`);
    await queryRunner.query(`ALTER TABLE "enquiry" ADD "budget_minor" integer`);
    await queryRunner.query(
      `CREATE INDEX "idx_contact_message_fts" ON "contact_message" USING gin (to_tsvector('simple', "legal_name" || ' ' || "email" || ' ' || "message"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_enquiry_fts" ON "enquiry" USING gin (to_tsvector('simple', coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || "email" || ' ' || "message"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_feedback_inbox_fts" ON "feedback" USING gin (to_tsvector('simple', coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || "message"))`,
    );
    for (const table of ['contact_message', 'enquiry', 'feedback']) {
      await queryRunner.query(
        `CREATE INDEX "idx_${table}_email_prefix" ON "${table}" (lower("email") text_pattern_ops)`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['contact_message', 'enquiry', 'feedback'])
      await queryRunner.query(`DROP INDEX "idx_${table}_email_prefix"`);
    await queryRunner.query(`DROP INDEX "idx_feedback_inbox_fts"`);
    await queryRunner.query(`DROP INDEX "idx_enquiry_fts"`);
    await queryRunner.query(`DROP INDEX "idx_contact_message_fts"`);
    await queryRunner.query(`ALTER TABLE "enquiry" DROP COLUMN "budget_minor"`);
    await queryRunner.query(`ALTER TABLE "enquiry" DROP COLUMN "headcount"`);
    await queryRunner.query(`ALTER TABLE "enquiry" DROP COLUMN "event_date"`);
    await queryRunner.query(`DROP INDEX "idx_contact_message_status"`);
    await queryRunner.query(
      `ALTER TABLE "contact_message" DROP CONSTRAINT "chk_contact_message_status_5d91057e"`,
    );
    await queryRunner.query(`ALTER TABLE "contact_message" DROP COLUMN "action_history"`);
    await queryRunner.query(`ALTER TABLE "contact_message" DROP COLUMN "status"`);
  }
}
