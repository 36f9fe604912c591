import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Security review S-20: reviews published `rating.user_name` as written, which was the reviewer's full name
 * or, without one, their e-mail address. New reviews store "Priya R." (modules/rating/reviewer-name.ts);
 * existing rows get the same form from the reviewer's account name (or the stored name), and no name at
 * all where only an e-mail address is known. Not reversible: the old values are what must not be shown.
 */
export class PublicReviewerNames1795370016000 implements MigrationInterface {
  name = 'PublicReviewerNames1795370016000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `WITH source AS (
         SELECT r.id,
                regexp_split_to_array(trim(CASE
                  WHEN c.name IS NOT NULL AND trim(c.name) <> '' AND c.name NOT LIKE '%@%' THEN c.name
                  WHEN r.user_name IS NOT NULL AND trim(r.user_name) <> '' AND r.user_name NOT LIKE '%@%' THEN r.user_name
                END), '\\s+') AS words
           FROM rating r LEFT JOIN consumer c ON c.id = r.rated_by_id
       )
       UPDATE rating r
          SET user_name = CASE
                WHEN s.words IS NULL OR s.words[1] = '' THEN NULL
                WHEN array_length(s.words, 1) = 1 THEN s.words[1]
                ELSE s.words[1] || ' ' || upper(left(s.words[array_length(s.words, 1)], 1)) || '.'
              END
         FROM source s
        WHERE s.id = r.id`,
    );
  }

  async down(): Promise<void> {
    // The full names and e-mail addresses are not kept anywhere to restore.
  }
}
