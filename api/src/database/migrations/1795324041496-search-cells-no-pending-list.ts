import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The (cell, words) search index without GIN's pending list. With fastupdate on, new entries wait in an
 * unsorted list that every search reads end to end until a vacuum merges it: measured at 10k freshly added
 * items, a search that finds 2 rows spent 66 ms there. Items change rarely and are searched constantly, so
 * each insert pays for its own index entries instead.
 */
export class SearchCellsNoPendingList1795324041496 implements MigrationInterface {
  name = 'SearchCellsNoPendingList1795324041496';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER INDEX "idx_item_search_cell" SET (fastupdate = off)`);
    // Merge what is already pending into the index proper.
    await queryRunner.query(`SELECT gin_clean_pending_list('idx_item_search_cell')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER INDEX "idx_item_search_cell" RESET (fastupdate)`);
  }
}
