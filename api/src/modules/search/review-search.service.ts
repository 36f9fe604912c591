import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { fileUrl } from '../publisher/publisher.mapper.js';
import type { RatingSearchQuery } from './dto/search-query.dto.js';
import type { ReviewSearchResultDto } from './dto/search-results.dto.js';
import { likePattern } from './menu-search.service.js';

interface ReviewRow {
  total: number;
  id: string;
  rating_value: number;
  review_body: string | null;
  item_name: string | null;
  reviewed_item_id: string | null;
  user_name: string | null;
  date_published: Date;
  images: string[];
  publisher_id: string;
  kitchen_name: string;
  brand_display_name: string | null;
  logo: string | null;
}

@Injectable()
export class ReviewSearchService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Reviews of approved kitchens whose text, dish or kitchen name contains the words; newest first. */
  async search(query: RatingSearchQuery): Promise<{ items: ReviewSearchResultDto[]; total: number }> {
    const values: unknown[] = [];
    let where = `p.status = 'APPROVED'`;
    if (query.query) {
      values.push(likePattern(query.query));
      where += ` AND (r.review_body ILIKE $1 OR r.item_name ILIKE $1 OR p.kitchen_name ILIKE $1 OR p.brand_display_name ILIKE $1)`;
    }
    const direction = query.sort?.toLowerCase().endsWith(',asc') ? 'ASC' : 'DESC';
    values.push(query.size, query.page * query.size);
    const rows: ReviewRow[] = await this.db.query(
      `SELECT count(*) OVER ()::int AS total, r.id, r.rating_value, r.review_body, r.item_name, r.reviewed_item_id, r.user_name,
              r.date_published, r.images, p.id AS publisher_id, p.kitchen_name, p.brand_display_name, p.logo
         FROM rating r JOIN publisher p ON p.id = r.rated_against_id
        WHERE ${where}
        ORDER BY r.date_published ${direction}, r.id
        LIMIT $${values.length - 1} OFFSET $${values.length}`,
      values,
    );
    const total = rows[0]?.total ?? (query.page > 0 ? await this.count(where, values.slice(0, -2)) : 0);
    return {
      total,
      items: rows.map((r) => ({
        id: r.id,
        ratingValue: r.rating_value,
        reviewBody: r.review_body,
        itemName: r.item_name,
        reviewedItemId: r.reviewed_item_id,
        userName: r.user_name,
        datePublished: r.date_published.toISOString(),
        images: r.images.map((key) => fileUrl(key)!),
        ratedAgainst: {
          id: r.publisher_id,
          kitchenName: r.kitchen_name,
          brandDisplayName: r.brand_display_name ?? r.kitchen_name,
          logo: fileUrl(r.logo),
        },
      })),
    };
  }

  // A page past the end has no rows to carry the total.
  private async count(where: string, values: unknown[]): Promise<number> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS total FROM rating r JOIN publisher p ON p.id = r.rated_against_id WHERE ${where}`,
      values,
    )) as Array<{ total: number }>;
    return row?.total ?? 0;
  }
}
