import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Private menus (issue 18 part 7): a menu can be private, seen only by customers who know the kitchen's
 * secret code (settings SECRET_CODE); a cart line keeps the code it was added with, so that checkout checks
 * it again against the kitchen's current code.
 */
export class PrivateMenus1795760000000 implements MigrationInterface {
  name = 'PrivateMenus1795760000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "menu" ADD "is_private" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "cart_item" ADD "access_code" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "cart_item" DROP COLUMN "access_code"`);
    await queryRunner.query(`ALTER TABLE "menu" DROP COLUMN "is_private"`);
  }
}
