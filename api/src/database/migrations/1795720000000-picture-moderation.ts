import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Picture moderation (issue 18 part 8): why an admin hid an item's pictures (the chef sees it), and the
 * kitchen pictures (logo, portrait, kitchen pictures) an admin hid, each as `{key, reason, blockedAt}`.
 */
export class PictureModeration1795720000000 implements MigrationInterface {
  name = 'PictureModeration1795720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "item" ADD "block_image_reason" text`);
    await queryRunner.query(`ALTER TABLE "publisher" ADD "blocked_pictures" jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "publisher" DROP COLUMN "blocked_pictures"`);
    await queryRunner.query(`ALTER TABLE "item" DROP COLUMN "block_image_reason"`);
  }
}
