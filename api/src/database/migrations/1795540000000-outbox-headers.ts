import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Extra headers of an outbox e-mail (issue 16): List-Unsubscribe of subscription e-mail sent one by one. */
export class OutboxHeaders1795540000000 implements MigrationInterface {
  name = 'OutboxHeaders1795540000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "email_outbox" ADD "headers" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "email_outbox" DROP COLUMN "headers"`);
  }
}
