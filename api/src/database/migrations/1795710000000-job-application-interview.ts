import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Job applications get an INTERVIEW state between IN_REVIEW and the final REJECTED / HIRED (issue 18,
 * careers): the status check constraint is replaced (its name carries a hash of the allowed values).
 */
export class JobApplicationInterview1795710000000 implements MigrationInterface {
  name = 'JobApplicationInterview1795710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "job_application" DROP CONSTRAINT "chk_job_application_status_a2a64776"`,
    );
    await queryRunner.query(
      `ALTER TABLE "job_application" ADD CONSTRAINT "chk_job_application_status_b6991ce0" CHECK ("status" IN ('RECEIVED', 'IN_REVIEW', 'INTERVIEW', 'REJECTED', 'HIRED'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "job_application" SET "status" = 'IN_REVIEW' WHERE "status" = 'INTERVIEW'`,
    );
    await queryRunner.query(
      `ALTER TABLE "job_application" DROP CONSTRAINT "chk_job_application_status_b6991ce0"`,
    );
    await queryRunner.query(
      `ALTER TABLE "job_application" ADD CONSTRAINT "chk_job_application_status_a2a64776" CHECK ("status" IN ('RECEIVED', 'IN_REVIEW', 'REJECTED', 'HIRED'))`,
    );
  }
}
