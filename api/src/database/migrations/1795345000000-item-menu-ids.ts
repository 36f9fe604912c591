import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `item.menu_ids`: the menus holding each item, copied from `menu_item` and kept in step by triggers, for
 * the item search (docs/decisions/007-item-search.md). The search checks each item it found against its
 * kitchen's orderable dates, which needs the item's menus: read from `menu_item` that was an index probe
 * per item on an index keyed by random ids, so a dense search at 1M items read one page of it from outside
 * PostgreSQL's buffers for almost every item (657 of 1 653 page reads of the densest benchmark search). The
 * item's own row, which the search reads anyway, now carries them.
 *
 * The triggers are statement-level (transition tables), so a bulk change updates each item once. They edit
 * the array in place (append, remove) rather than recompute it from `menu_item`: concurrent changes of one
 * item's menus then queue on the item's row lock and each applies its own change to the latest array, where
 * a recomputation would read a snapshot that misses the other's rows. (`menu_id`, `item_id`) is unique, so
 * an id is never in the array twice. Entity: `ItemEntity.menuIds`, which TypeORM never writes.
 */
export class ItemMenuIds1795345000000 implements MigrationInterface {
  name = 'ItemMenuIds1795345000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "item" ADD "menu_ids" uuid array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(
      `UPDATE "item" i SET "menu_ids" = m.ids
         FROM (SELECT item_id, array_agg(menu_id ORDER BY menu_id) AS ids FROM "menu_item" GROUP BY item_id) m
        WHERE i.id = m.item_id`,
    );
    const remove = (rows: string) =>
      `UPDATE item i SET menu_ids = array(SELECT m FROM unnest(i.menu_ids) AS m WHERE m <> ALL (r.ids))
         FROM (SELECT item_id, array_agg(menu_id) AS ids FROM (${rows}) AS x GROUP BY item_id) r
        WHERE i.id = r.item_id;`;
    const add = (rows: string) =>
      `UPDATE item i SET menu_ids = i.menu_ids || r.ids
         FROM (SELECT item_id, array_agg(menu_id) AS ids FROM (${rows}) AS x GROUP BY item_id) r
        WHERE i.id = r.item_id;`;
    // Only a row moved to another menu or item changes an array (not a new position).
    const moved = (side: 'o' | 'n') =>
      `SELECT ${side}.item_id, ${side}.menu_id FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (n.menu_id, n.item_id) IS DISTINCT FROM (o.menu_id, o.item_id)`;
    await queryRunner.query(
      `CREATE FUNCTION hearth_item_menu_ids() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         -- Each branch names only the transition tables its event defines.
         IF TG_OP = 'INSERT' THEN
           ${add('SELECT item_id, menu_id FROM new_rows')}
         ELSIF TG_OP = 'DELETE' THEN
           ${remove('SELECT item_id, menu_id FROM old_rows')}
         ELSE
           ${remove(moved('o'))}
           ${add(moved('n'))}
         END IF;
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_menu_item_menu_ids_insert" AFTER INSERT ON "menu_item"
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hearth_item_menu_ids()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_menu_item_menu_ids_delete" AFTER DELETE ON "menu_item"
       REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hearth_item_menu_ids()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_menu_item_menu_ids_update" AFTER UPDATE ON "menu_item"
       REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hearth_item_menu_ids()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const event of ['update', 'delete', 'insert'])
      await queryRunner.query(`DROP TRIGGER "trg_menu_item_menu_ids_${event}" ON "menu_item"`);
    await queryRunner.query(`DROP FUNCTION hearth_item_menu_ids()`);
    await queryRunner.query(`ALTER TABLE "item" DROP COLUMN "menu_ids"`);
  }
}
