import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The words of an item name as the dictionary keeps them: lower case, letters and digits, 3+ long. */
const NAME_WORDS = (name: string) =>
  `SELECT DISTINCT w FROM regexp_split_to_table(lower(${name}), '[^[:alnum:]]+') AS w WHERE length(w) >= 3`;

/**
 * Item search by words near a place, second version (docs/decisions/007-item-search.md).
 *
 * 1. `hearth_cell_words(location, search_vector)`: the item's lexemes prefixed by its grid cell
 *    ("4523457:paneer"), plus "<cell>:*" for every item. A GIN index over it answers "items of these cells
 *    with this word" from posting lists that hold exactly those items. The (cell, words) index it replaces
 *    ANDed each cell's list with the word's nationwide list: ~2 ms per search at 1M items for a common
 *    word, most of the search. The `*` token stands for a word that has no lexeme (a stop word).
 *    Cells are 0.1° (about 11 × 8 km in the US), numbered (floor(lat / 0.1) + 900) × 4000 + floor(lng / 0.1)
 *    + 1800; the search lists the cells its circle touches (searchCells in item-search.sql.ts: change both
 *    together). Smaller than SearchCells' 0.25° so that fewer rows outside the circle are read and dropped.
 * 2. `search_word`: every word of every item name, with a trigram index. A search word that no name
 *    contains is looked up there ("biryni" → "biryani") and its near spellings join the query. Before,
 *    near-misses were found by checking every item of the cells with word similarity: thousands of rows per
 *    misspelt search in a city. A statement-level trigger (transition table) adds the words of inserted and
 *    updated items, so bulk loads pay once per statement. Words are never removed: a word no item uses any
 *    more only costs a correction that matches nothing. Not an entity: only the search statement reads it.
 *
 * 3. No parallel query plans (`max_parallel_workers_per_gather = 0` for the database, like the trigram
 *    threshold of migration SearchTypoTolerance). The planner cannot see how few items a word has near by
 *    (the tokens are computed in the statement), guesses 1 % of the table and plans a Gather: starting the
 *    workers cost ~30 ms on a search that runs in ~2 ms alone. Every statement of this product is an indexed
 *    lookup serving one person; none gains from parallel workers.
 *
 * `hearth_search_cell` (migration SearchCells) is left in place, unused.
 */
export class SearchCellWords1795331000000 implements MigrationInterface {
  name = 'SearchCellWords1795331000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET max_parallel_workers_per_gather = 0', current_database()); END $$`,
    );
    await queryRunner.query(
      `CREATE FUNCTION hearth_cell_words(geography, tsvector) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
         SELECT array_append(array(SELECT cell.n || ':' || w FROM unnest(tsvector_to_array($2)) AS w), cell.n || ':*')
           FROM (SELECT ((floor(ST_Y($1::geometry) / 0.1)::int + 900) * 4000 + floor(ST_X($1::geometry) / 0.1)::int + 1800)::text AS n) AS cell
       $$`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_item_cell_words" ON "item" USING gin (hearth_cell_words("location", "search_vector")) WITH (fastupdate = off)`,
    );
    await queryRunner.query(`DROP INDEX "idx_item_search_cell"`);

    await queryRunner.query(`CREATE TABLE "search_word" ("word" text PRIMARY KEY)`);
    await queryRunner.query(
      `CREATE INDEX "idx_search_word_trgm" ON "search_word" USING gin ("word" gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE FUNCTION hearth_add_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO search_word (word)
         SELECT DISTINCT w FROM new_items n CROSS JOIN LATERAL (${NAME_WORDS('n.name')}) AS words
         ON CONFLICT DO NOTHING;
         RETURN NULL;
       END $$`,
    );
    for (const event of ['INSERT', 'UPDATE']) {
      await queryRunner.query(
        `CREATE TRIGGER "trg_item_search_words_${event.toLowerCase()}" AFTER ${event} ON "item"
         REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION hearth_add_search_words()`,
      );
    }
    await queryRunner.query(
      `INSERT INTO search_word (word) SELECT DISTINCT w FROM item i CROSS JOIN LATERAL (${NAME_WORDS('i.name')}) AS words ON CONFLICT DO NOTHING`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "trg_item_search_words_update" ON "item"`);
    await queryRunner.query(`DROP TRIGGER "trg_item_search_words_insert" ON "item"`);
    await queryRunner.query(`DROP FUNCTION hearth_add_search_words()`);
    await queryRunner.query(`DROP TABLE "search_word"`);
    await queryRunner.query(
      `CREATE INDEX "idx_item_search_cell" ON "item" USING gin (hearth_search_cell("location"), coalesce("search_vector", ''::tsvector)) WITH (fastupdate = off)`,
    );
    await queryRunner.query(`DROP INDEX "idx_item_cell_words"`);
    await queryRunner.query(`DROP FUNCTION hearth_cell_words(geography, tsvector)`);
    await queryRunner.query(
      `DO $$ BEGIN EXECUTE format('ALTER DATABASE %I RESET max_parallel_workers_per_gather', current_database()); END $$`,
    );
  }
}
