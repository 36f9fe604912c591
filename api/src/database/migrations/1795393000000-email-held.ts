import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * S-19: mail kept in the outbox because no SMTP server was configured is HELD, not SENT. Rows marked SENT
 * without ever being sent (no message id: no server accepted them) become HELD.
 */
export class EmailHeld1795393000000 implements MigrationInterface {
  name = 'EmailHeld1795393000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "email_outbox" DROP CONSTRAINT "chk_email_outbox_state_148fce63"`);
    await queryRunner.query(
      `ALTER TABLE "email_outbox" ADD CONSTRAINT "chk_email_outbox_state_95547e52" CHECK ("state" IN ('QUEUED', 'SENT', 'FAILED', 'HELD'))`,
    );
    await queryRunner.query(
      `UPDATE "email_outbox" SET state = 'HELD', sent_at = NULL WHERE state = 'SENT' AND message_id IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "email_outbox" SET state = 'SENT' WHERE state = 'HELD'`);
    await queryRunner.query(`ALTER TABLE "email_outbox" DROP CONSTRAINT "chk_email_outbox_state_95547e52"`);
    await queryRunner.query(
      `ALTER TABLE "email_outbox" ADD CONSTRAINT "chk_email_outbox_state_148fce63" CHECK ("state" IN ('QUEUED', 'SENT', 'FAILED'))`,
    );
  }
}
