import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Menu receipts get a row of their own (issue 17 item 6): the cook date they are for (null: the whole menu),
 * the uploaded file name, content type and size. The keys of `menu.receipts` move into `menu_receipt` (date
 * null, name from the key, size unknown), keeping their ids (the uuid of the stored file name) and so their
 * URLs; then the column goes.
 */
export class MenuReceipts1795620000000 implements MigrationInterface {
  name = 'MenuReceipts1795620000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "menu_receipt" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "menu_id" uuid NOT NULL,
      "storage_key" text NOT NULL,
      "date" date,
      "name" text NOT NULL,
      "content_type" text NOT NULL,
      "size" integer,
      CONSTRAINT "pk_menu_receipt" PRIMARY KEY ("id"),
      CONSTRAINT "fk_menu_receipt_menu_id" FOREIGN KEY ("menu_id") REFERENCES "menu" ("id") ON DELETE CASCADE
    )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "idx_menu_receipt_storage_key" ON "menu_receipt" ("storage_key")`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_menu_receipt_menu_id_date" ON "menu_receipt" ("menu_id", "date")`,
    );
    await queryRunner.query(`
      INSERT INTO "menu_receipt" ("id", "created_at", "updated_at", "menu_id", "storage_key", "name", "content_type")
      SELECT COALESCE(substring(r.key FROM '([0-9a-fA-F-]{36})\\.[A-Za-z0-9]+$')::uuid, gen_random_uuid()),
             m.updated_at, m.updated_at, m.id, r.key, regexp_replace(r.key, '^.*/', ''),
             CASE lower(substring(r.key FROM '\\.([A-Za-z0-9]+)$'))
               WHEN 'pdf' THEN 'application/pdf'
               WHEN 'png' THEN 'image/png'
               WHEN 'webp' THEN 'image/webp'
               WHEN 'jpg' THEN 'image/jpeg'
               WHEN 'jpeg' THEN 'image/jpeg'
               ELSE 'application/octet-stream'
             END
        FROM "menu" m CROSS JOIN LATERAL unnest(m.receipts) AS r(key)
      ON CONFLICT DO NOTHING`);
    await queryRunner.query(`ALTER TABLE "menu" DROP COLUMN "receipts"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "menu" ADD "receipts" text[] NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`
      UPDATE "menu" m SET receipts = r.keys
        FROM (SELECT menu_id, array_agg(storage_key ORDER BY created_at, storage_key) AS keys
                FROM "menu_receipt" GROUP BY menu_id) r
       WHERE r.menu_id = m.id`);
    await queryRunner.query(`DROP TABLE "menu_receipt"`);
  }
}
