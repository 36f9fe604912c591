import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PublisherCache } from './publisher.cache.js';

/**
 * Writes to the `publisher` table that other modules make inside their own transaction (ADR 014); the
 * publisher module's own changes stay in its services.
 */
@Injectable()
export class PublisherRepository {
  constructor(private readonly cache: PublisherCache) {}

  /**
   * After the transaction that called `addRating` committed: the kitchen's cached summary and the
   * approved list (ordered by rating) are reloaded at their next read. Never throws.
   */
  async ratingCommitted(publisherId: string): Promise<void> {
    await this.cache.invalidate(publisherId);
  }

  /**
   * Adds one review to the kitchen's running average and count, in one statement: the row lock serialises
   * concurrent reviews of the same kitchen. Returns the new average (as text, 2 decimals) and count.
   */
  async addRating(
    m: EntityManager,
    publisherId: string,
    ratingValue: number,
  ): Promise<{ value: string; count: number }> {
    const [rows] = (await m.query(
      `UPDATE publisher SET rating_value = round((rating_value * rating_count + $2) / (rating_count + 1), 2),
                            rating_count = rating_count + 1, updated_at = now()
        WHERE id = $1 RETURNING rating_value::text AS value, rating_count AS count`,
      [publisherId, ratingValue],
    )) as [Array<{ value: string; count: number }>, number];
    return rows[0];
  }
}
