import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each migration was applied (issue 18, `admin/migrateDB` lists it): TypeORM's `migrations` table holds
 * only a migration's own timestamp and name. Rows applied before this migration keep NULL (not known); the
 * default fills the column for every later one, this one included.
 */
export class MigrationAppliedAt1795730000000 implements MigrationInterface {
  name = 'MigrationAppliedAt1795730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "migrations" ADD COLUMN "applied_at" timestamptz`);
    await queryRunner.query(`ALTER TABLE "migrations" ALTER COLUMN "applied_at" SET DEFAULT now()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "migrations" DROP COLUMN "applied_at"`);
  }
}
