import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Login sessions (ADR 017): when the user last authenticated at the provider (`auth_time`, for step-up
 * before payout changes), the authentication context (`acr`, for MFA on admin routes) and the browser's
 * User-Agent (the "Signed-in devices" list). Tokens are now stored encrypted; sessions written before
 * hold them in plaintext and cannot be encrypted in SQL, so they end here (everyone signs in once more).
 */
export class LoginSessionDevice1795391000000 implements MigrationInterface {
  name = 'LoginSessionDevice1795391000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "login_session"`);
    await queryRunner.query(`ALTER TABLE "login_session" ADD "auth_time" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "login_session" ADD "acr" text`);
    await queryRunner.query(`ALTER TABLE "login_session" ADD "user_agent" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "login_session" DROP COLUMN "user_agent"`);
    await queryRunner.query(`ALTER TABLE "login_session" DROP COLUMN "acr"`);
    await queryRunner.query(`ALTER TABLE "login_session" DROP COLUMN "auth_time"`);
  }
}
