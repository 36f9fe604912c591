import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { DEFAULTS, PublisherStatus } from '@hearth/shared';
import type { PublisherSummaryDto } from './dto/publisher-summary.dto.js';
import type { SearchPublishersQuery } from './dto/search-publishers.query.js';
import { PublisherEntity } from './publisher.entity.js';
import { mapPublisherSummary } from './publisher.mapper.js';

const METRES = { miles: 1609.344, km: 1000 } as const;
const MAX_WORDS = 8;

/**
 * `_search/publishers`: approved kitchens matching the words, ranked by full-text relevance on the stored
 * search vector (names, speciality, description; word prefixes match) plus trigram word similarity on the
 * kitchen and brand names, so a typo ("kitchn") still finds the kitchen. Optionally within a distance.
 */
@Injectable()
export class PublisherSearchService {
  constructor(@InjectRepository(PublisherEntity) private readonly publishers: Repository<PublisherEntity>) {}

  async search(query: SearchPublishersQuery): Promise<{ items: PublisherSummaryDto[]; total: number }> {
    const words =
      (query.query ?? '')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu)
        ?.slice(0, MAX_WORDS) ?? [];
    const text = words.join(' ');
    const params: unknown[] = [PublisherStatus.APPROVED];
    const where = ['p.status = $1'];
    let rank = 'p.rating_value';
    if (words.length > 0) {
      params.push(text, words.map((w) => `${w}:*`).join(' & '));
      // Both dictionaries: names are indexed as 'simple' words, descriptions as English stems.
      const tsquery = `(to_tsquery('simple', $3) || to_tsquery('english', $3))`;
      where.push(
        `(p.search_vector @@ ${tsquery} OR $2 <% p.kitchen_name OR $2 <% coalesce(p.brand_display_name, ''))`,
      );
      rank =
        `ts_rank(p.search_vector, ${tsquery}) + ` +
        `greatest(word_similarity($2, p.kitchen_name), word_similarity($2, coalesce(p.brand_display_name, '')))`;
    }
    if (query.lat !== undefined && query.lng !== undefined) {
      params.push(
        query.lng,
        query.lat,
        (query.distance ?? DEFAULTS.searchDistance) * METRES[query.unit ?? 'miles'],
      );
      const n = params.length;
      where.push(
        `ST_DWithin(p.geo_location, ST_SetSRID(ST_MakePoint($${n - 2}, $${n - 1}), 4326)::geography, $${n})`,
      );
    }
    const from = `FROM publisher p WHERE ${where.join(' AND ')}`;
    const [{ total }] = (await this.publishers.query(`SELECT count(*)::int AS total ${from}`, params)) as [
      { total: number },
    ];
    const page = (await this.publishers.query(
      `SELECT p.id ${from} ORDER BY ${rank} DESC, p.rating_value DESC, p.rating_count DESC, p.id
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.size, query.page * query.size],
    )) as { id: string }[];
    if (page.length === 0) return { items: [], total };

    const rows = await this.publishers.find({
      where: { id: In(page.map((r) => r.id)) },
      relations: { pickupLocations: true },
    });
    const byId = new Map(rows.map((p) => [p.id, p]));
    const items = page.flatMap(({ id }) => {
      const publisher = byId.get(id);
      return publisher ? [mapPublisherSummary(publisher)] : [];
    });
    return { items, total };
  }
}
