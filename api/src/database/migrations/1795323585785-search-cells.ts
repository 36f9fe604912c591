import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Item search by words near a place (docs/decisions/007-item-search.md): a GIN index on (grid cell of the
 * item's location, search_vector), so that the items matching the words in the few 0.25° cells around the
 * customer come straight from the index, whatever the number of items in the radius or in the country.
 *
 * `hearth_search_cell` numbers the cells: (floor(lat / 0.25) + 360) × 2000 + (floor(lng / 0.25) + 720).
 * The search computes the same numbers in TypeScript (searchCells in item-search.sql.ts); change both together.
 * A GIN index over an integer needs btree_gin. Both parts are expressions (`coalesce` of a NOT NULL column is
 * the column itself) because TypeORM does not see expression indexes: an index naming the plain column
 * would have to be declared on ItemEntity, or the schema check would want it dropped. The search uses the
 * very same expressions.
 */
export class SearchCells1795323585785 implements MigrationInterface {
  name = 'SearchCells1795323585785';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS "btree_gin"`);
    await queryRunner.query(
      `CREATE FUNCTION hearth_search_cell(geography) RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS ` +
        `$$ SELECT (floor(ST_Y($1::geometry) / 0.25)::int + 360) * 2000 + (floor(ST_X($1::geometry) / 0.25)::int + 720) $$`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_item_search_cell" ON "item" USING gin (hearth_search_cell("location"), coalesce("search_vector", ''::tsvector))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_item_search_cell"`);
    await queryRunner.query(`DROP FUNCTION hearth_search_cell(geography)`);
    await queryRunner.query(`DROP EXTENSION IF EXISTS "btree_gin"`);
  }
}
