import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A menu's own time slots (until now they lived only on its menu_date rows). Existing menus take the
 * slots of their latest date; menus without dates keep NULL, which the menu service reads as "the slots
 * of the latest date, else the default PM_5_7".
 */
export class MenuDeliveryTimeSlots1795320877578 implements MigrationInterface {
  name = 'MenuDeliveryTimeSlots1795320877578';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "menu" ADD "delivery_time_slots" text[]`);
    await queryRunner.query(
      `UPDATE "menu" m SET "delivery_time_slots" = (
         SELECT d."time_slots" FROM "menu_date" d WHERE d."menu_id" = m."id" ORDER BY d."date" DESC LIMIT 1)
       WHERE EXISTS (SELECT 1 FROM "menu_date" d WHERE d."menu_id" = m."id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "menu" DROP COLUMN "delivery_time_slots"`);
  }
}
