import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The channel the catalogue's changes are announced on (CatalogueChangesListener listens: catalogue-changes.listener.ts). */
const CATALOGUE_CHANNEL = 'hearth_catalogue';

/** Tables whose every change may change an item search's answer. */
const CATALOGUE_TABLES = [
  'publisher',
  'chef_setting',
  'pickup_location',
  'item',
  'item_pricing_option',
  'menu',
  'menu_item',
  'menu_date',
] as const;

/**
 * Catalogue change notices (issue 19, ADR 023): every statement that changes what an item search can answer
 * announces it with `NOTIFY hearth_catalogue` once its transaction commits, so that the API drops the search
 * answers it shares (search-answer.cache.ts) at once instead of keeping them for their whole window:
 * - any change to a kitchen, its settings and pickup places, its items, prices and menus (statement triggers:
 *   one notice per statement, and PostgreSQL folds the notices of one transaction into one);
 * - a date's capacity only when it becomes full or stops being full (row triggers with a condition), since
 *   the search leaves out sold-out dates: the many orders that take a portion without filling a date announce
 *   nothing, and checkout stays as it was.
 * A transaction that rolls back announces nothing. Each notice carries the next number of a sequence: every
 * listener hears the notices in the same order (the order of commits), so the last number heard names the same
 * state of the catalogue in every API process, whatever their clocks say.
 */
export class CatalogueChangeNotices1795780000000 implements MigrationInterface {
  name = 'CatalogueChangeNotices1795780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SEQUENCE "hearth_catalogue_change"`);
    await queryRunner.query(
      `CREATE FUNCTION "hearth_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         PERFORM pg_notify('${CATALOGUE_CHANNEL}', nextval('hearth_catalogue_change')::text);
         RETURN NULL;
       END $$`,
    );
    for (const table of CATALOGUE_TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER "trg_${table}_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}"
         FOR EACH STATEMENT EXECUTE FUNCTION "hearth_catalogue_changed"()`,
      );
    }
    const full = (row: 'NEW' | 'OLD') => `${row}."ordered_count" >= ${row}."max_allowed"`;
    await queryRunner.query(
      `CREATE TRIGGER "trg_item_date_capacity_full_insert" AFTER INSERT ON "item_date_capacity"
       FOR EACH ROW WHEN (${full('NEW')}) EXECUTE FUNCTION "hearth_catalogue_changed"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_item_date_capacity_full_update" AFTER UPDATE ON "item_date_capacity"
       FOR EACH ROW WHEN ((${full('OLD')}) IS DISTINCT FROM (${full('NEW')})) EXECUTE FUNCTION "hearth_catalogue_changed"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_item_date_capacity_full_delete" AFTER DELETE ON "item_date_capacity"
       FOR EACH ROW WHEN (${full('OLD')}) EXECUTE FUNCTION "hearth_catalogue_changed"()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete']) {
      await queryRunner.query(`DROP TRIGGER "trg_item_date_capacity_full_${event}" ON "item_date_capacity"`);
    }
    for (const table of [...CATALOGUE_TABLES].reverse()) {
      await queryRunner.query(`DROP TRIGGER "trg_${table}_catalogue_changed" ON "${table}"`);
    }
    await queryRunner.query(`DROP FUNCTION "hearth_catalogue_changed"()`);
    await queryRunner.query(`DROP SEQUENCE "hearth_catalogue_change"`);
  }
}
