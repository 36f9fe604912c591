import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DEV_DATA_ENCRYPTION_KEY, FieldCipher } from '../../common/crypto/field-cipher.js';

/**
 * S-10: the append-only `audit_log` (a trigger refuses UPDATE, DELETE and TRUNCATE, whoever asks).
 * S-12: bank account numbers are encrypted at rest; the rows written before (the demo chef's included)
 * are encrypted here with DATA_ENCRYPTION_KEY (the migration runs with the app's environment).
 */
export class AuditLogAndSealedAccounts1795392000000 implements MigrationInterface {
  name = 'AuditLogAndSealedAccounts1795392000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "audit_log" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "actor_consumer_id" uuid, "actor_role" text NOT NULL, "action" text NOT NULL, "target_type" text NOT NULL, "target_id" text, "before" jsonb, "after" jsonb, "request_id" text, "ip" text, CONSTRAINT "pk_audit_log" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_audit_log_actor_consumer_id" ON "audit_log" ("actor_consumer_id")`,
    );
    await queryRunner.query(`CREATE INDEX "idx_audit_log_action" ON "audit_log" ("action")`);
    await queryRunner.query(
      `CREATE INDEX "idx_audit_log_target_type_target_id" ON "audit_log" ("target_type", "target_id")`,
    );
    await queryRunner.query(
      `CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"()`,
    );

    const cipher = new FieldCipher(process.env.DATA_ENCRYPTION_KEY || DEV_DATA_ENCRYPTION_KEY);
    const beneficiaries: Array<{ id: string; bank_account: string }> = await queryRunner.query(
      `SELECT id, bank_account FROM "bank_beneficiary" WHERE bank_account NOT LIKE 'v1:%'`,
    );
    for (const row of beneficiaries)
      await queryRunner.query(`UPDATE "bank_beneficiary" SET bank_account = $1 WHERE id = $2`, [
        cipher.encrypt(row.bank_account),
        row.id,
      ]);
    const settings: Array<{ id: string; value: string }> = await queryRunner.query(
      `SELECT id, value #>> '{}' AS value FROM "chef_setting"
        WHERE key = 'CASH_FREE_ACCOUNT_NUMBER' AND jsonb_typeof(value) = 'string' AND value #>> '{}' NOT LIKE 'v1:%'`,
    );
    for (const row of settings)
      await queryRunner.query(`UPDATE "chef_setting" SET value = to_jsonb($1::text) WHERE id = $2`, [
        cipher.encrypt(row.value),
        row.id,
      ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const cipher = new FieldCipher(process.env.DATA_ENCRYPTION_KEY || DEV_DATA_ENCRYPTION_KEY);
    const beneficiaries: Array<{ id: string; bank_account: string }> = await queryRunner.query(
      `SELECT id, bank_account FROM "bank_beneficiary" WHERE bank_account LIKE 'v1:%'`,
    );
    for (const row of beneficiaries)
      await queryRunner.query(`UPDATE "bank_beneficiary" SET bank_account = $1 WHERE id = $2`, [
        cipher.decrypt(row.bank_account),
        row.id,
      ]);
    const settings: Array<{ id: string; value: string }> = await queryRunner.query(
      `SELECT id, value #>> '{}' AS value FROM "chef_setting"
        WHERE key = 'CASH_FREE_ACCOUNT_NUMBER' AND jsonb_typeof(value) = 'string' AND value #>> '{}' LIKE 'v1:%'`,
    );
    for (const row of settings)
      await queryRunner.query(`UPDATE "chef_setting" SET value = to_jsonb($1::text) WHERE id = $2`, [
        cipher.decrypt(row.value),
        row.id,
      ]);
    await queryRunner.query(`DROP TABLE "audit_log"`);
    await queryRunner.query(`DROP FUNCTION "audit_log_append_only"()`);
  }
}
