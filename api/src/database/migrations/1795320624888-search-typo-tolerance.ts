import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Typo-tolerant item search (`query <% name`, pg_trgm word similarity, served by idx_item_name_trgm).
 *
 * pg_trgm's default word-similarity threshold (0.6) misses one-letter typos in short words: "biryni"
 * against "Chicken Biryani" scores 0.57. The operator reads the threshold from a setting, which cannot be
 * passed with a query, so the database carries it for every new session. 0.5 still keeps unrelated words
 * apart ("curry" ↔ "Butter Chicken" scores 0.17). ALTER DATABASE needs the database owner, which runs
 * migrations; sessions opened before this migration keep the old value until they reconnect.
 */
export class SearchTypoTolerance1795320624888 implements MigrationInterface {
  name = 'SearchTypoTolerance1795320624888';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET pg_trgm.word_similarity_threshold = 0.5', current_database()); END $$`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DO $$ BEGIN EXECUTE format('ALTER DATABASE %I RESET pg_trgm.word_similarity_threshold', current_database()); END $$`,
    );
  }
}
