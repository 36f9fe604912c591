import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, type Repository } from 'typeorm';
import { PublisherStatus, Role, hasRole } from '@hearth/shared';
import { type Principal } from '../../common/http/principal.js';
import { parseSort } from '../../common/http/paging.js';
import { forbidden, notFound } from '../../common/problem/problem.exception.js';
import type { PublisherDetailDto, PublisherReviewDto } from './dto/publisher-detail.dto.js';
import type { PublisherSummaryDto } from './dto/publisher-summary.dto.js';
import type { FindByStatusQuery } from './dto/find-by-status.query.js';
import { mapPublisherDetail, mapPublisherReview, mapPublisherSummary } from './publisher.mapper.js';
import { PublisherCache } from './publisher.cache.js';
import { PublisherEntity } from './publisher.entity.js';

const SORTABLE = ['rating', 'kitchenName', 'createdAt'] as const;
const SORT_COLUMN: Record<(typeof SORTABLE)[number], string> = {
  rating: 'p.ratingValue',
  kitchenName: 'p.kitchenName',
  createdAt: 'p.createdAt',
};
const REVIEW_SORTABLE = ['createdAt', 'kitchenName', 'brandDisplayName'] as const;
const REVIEW_SORT_COLUMN: Record<(typeof REVIEW_SORTABLE)[number], string> = {
  createdAt: 'p.createdAt',
  kitchenName: 'p.kitchenName',
  brandDisplayName: 'p.brandDisplayName',
};

/** What an admin's kitchen list is narrowed to: words in the kitchen's or its owner's names, a review state. */
export interface KitchenReviewFilter {
  /** Part of the kitchen name, brand name, owner's name or e-mail (case-insensitive). */
  query?: string;
  /** One review state; every state when absent. */
  status?: PublisherStatus;
  page: number;
  size: number;
  /** `createdAt` (default, newest first), `kitchenName` or `brandDisplayName`, with `,asc` or `,desc`. */
  sort?: string;
}

/** `50%_off` → `50\%\_off`: the text matches itself in LIKE, not as a pattern. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Pages of the approved list are cached while they end within the first this many kitchens. */
const MAX_CACHED_ROWS = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reading kitchens: public lookups of approved kitchens (cached), an owner's own kitchen in any state,
 * and admins' review lists. Other modules use these methods rather than the publisher table.
 */
@Injectable()
export class PublisherService {
  constructor(
    @InjectRepository(PublisherEntity) private readonly publishers: Repository<PublisherEntity>,
    private readonly cache: PublisherCache,
  ) {}

  /**
   * Kitchens in one review state, best rated first. Anyone may list approved kitchens; the other states
   * are an admin's review queue. Admins get what a review needs (owner, dates, comments, documents).
   */
  async findByStatus(
    actor: Principal | undefined,
    query: FindByStatusQuery,
  ): Promise<{ items: PublisherSummaryDto[] | PublisherReviewDto[]; total: number }> {
    const admin = hasRole(actor, Role.ADMIN);
    if (query.status !== PublisherStatus.APPROVED && !admin) {
      throw forbidden(`Only admins can list ${query.status} kitchens.`, { status: query.status });
    }
    const sort = parseSort(query.sort, SORTABLE, { field: 'rating', direction: 'DESC' });
    const builder = this.publishers
      .createQueryBuilder('p')
      .leftJoinAndSelect('p.pickupLocations', 'l', 'l.isPrimary = true')
      .where('p.status = :status', { status: query.status });
    if (admin) builder.leftJoinAndSelect('p.consumer', 'c');
    const [rows, total] = await builder
      .orderBy(SORT_COLUMN[sort.field], sort.direction)
      .addOrderBy('p.ratingCount', 'DESC')
      .addOrderBy('p.id', 'ASC')
      .skip(query.page * query.size)
      .take(query.size)
      .getManyAndCount();
    return {
      items: admin ? rows.map((p) => mapPublisherReview(p)) : rows.map((p) => mapPublisherSummary(p)),
      total,
    };
  }

  /**
   * A page of the approved-kitchen list as everyone but admins sees it (public summaries, best rated first),
   * as the JSON to send and the total: from the Redis list cache, else from the database (then stored for
   * the next reader; concurrent misses share one read: `PublisherCache.list`). The first pages are cached;
   * deep pages read the database.
   */
  async approvedPage(query: FindByStatusQuery): Promise<{ json: Buffer | string; total: number }> {
    const sort = parseSort(query.sort, SORTABLE, { field: 'rating', direction: 'DESC' });
    // The same page as `findByStatus` gives anyone but an admin, as JSON text.
    const read = async () => {
      const { items, total } = await this.findByStatus(undefined, {
        ...query,
        status: PublisherStatus.APPROVED,
      });
      return { json: JSON.stringify(items), total };
    };
    if ((query.page + 1) * query.size > MAX_CACHED_ROWS) return read();
    const field = `approved:${sort.field},${sort.direction}:${query.page}:${query.size}`;
    // Stored as `total\njson`; the JSON part is sent as the stored bytes.
    const stored = await this.cache.list(field, async () => {
      const { json, total } = await read();
      return `${total}\n${json}`;
    });
    const newline = stored.indexOf(0x0a);
    return { total: Number(stored.toString('latin1', 0, newline)), json: stored.subarray(newline + 1) };
  }

  /**
   * Kitchens in any review state as an admin reviews them (owner, dates, comments, documents), found by
   * part of their kitchen or brand name or their owner's name or e-mail, newest first. Callers check that
   * the caller is an admin.
   */
  async reviewList(filter: KitchenReviewFilter): Promise<{ items: PublisherReviewDto[]; total: number }> {
    const sort = parseSort(filter.sort, REVIEW_SORTABLE, { field: 'createdAt', direction: 'DESC' });
    const builder = this.publishers
      .createQueryBuilder('p')
      .leftJoinAndSelect('p.pickupLocations', 'l', 'l.isPrimary = true')
      .leftJoinAndSelect('p.consumer', 'c');
    if (filter.status) builder.andWhere('p.status = :status', { status: filter.status });
    const words = filter.query?.trim();
    if (words) {
      builder.andWhere(
        new Brackets((q) => {
          const like = { like: `%${likeEscape(words)}%` };
          q.where('p.kitchenName ILIKE :like', like)
            .orWhere('p.brandDisplayName ILIKE :like', like)
            .orWhere('c.name ILIKE :like', like)
            .orWhere('c.userEmail ILIKE :like', like);
        }),
      );
    }
    const [rows, total] = await builder
      .orderBy(REVIEW_SORT_COLUMN[sort.field], sort.direction)
      .addOrderBy('p.id', 'ASC')
      .skip(filter.page * filter.size)
      .take(filter.size)
      .getManyAndCount();
    return { items: rows.map((p) => mapPublisherReview(p)), total };
  }

  /** The caller's own kitchen (approved, since only approved kitchen owners are chefs). */
  async mine(actor: Principal): Promise<PublisherSummaryDto> {
    const publisher = actor.publisherId
      ? await this.publishers.findOne({
          where: { id: actor.publisherId },
          relations: { pickupLocations: true },
        })
      : null;
    if (!publisher) throw notFound('You have no approved kitchen yet.');
    return mapPublisherSummary(publisher);
  }

  /** An approved kitchen by its storefront name, whatever its case (cached). */
  async findByKitchenName(kitchenName: string): Promise<PublisherSummaryDto> {
    const cached = await this.cache.getByKitchenName(kitchenName);
    if (cached) return cached;
    const publisher = await this.approvedQuery()
      .andWhere('lower(p.kitchenName) = lower(:kitchenName)', { kitchenName })
      .getOne();
    if (!publisher) throw notFound(`No kitchen is called "${kitchenName}".`, { kitchenName });
    const summary = mapPublisherSummary(publisher);
    await this.cache.set(summary);
    return summary;
  }

  /** An approved kitchen by id (cached): for the kitchen page and other public lookups. */
  async findApprovedSummary(publisherId: string): Promise<PublisherSummaryDto> {
    const cached = UUID.test(publisherId) ? await this.cache.getById(publisherId) : null;
    if (cached) return cached;
    const publisher = UUID.test(publisherId)
      ? await this.approvedQuery().andWhere('p.id = :publisherId', { publisherId }).getOne()
      : null;
    if (!publisher) throw notFound(`Kitchen ${publisherId} was not found.`, { publisherId });
    const summary = mapPublisherSummary(publisher);
    await this.cache.set(summary);
    return summary;
  }

  /**
   * A kitchen in full: the caller's own in any state, or (admins only) any kitchen by id. A chef asking
   * for another kitchen's id is told it does not exist.
   */
  async detail(actor: Principal, publisherId?: string): Promise<PublisherDetailDto> {
    const own = await this.ownedBy(actor.consumerId);
    if (publisherId === undefined || publisherId === own?.id) {
      if (!own) throw notFound('You have not registered a kitchen yet.');
      return this.detailById(own.id);
    }
    if (!hasRole(actor, Role.ADMIN)) throw notFound(`Kitchen ${publisherId} was not found.`, { publisherId });
    return this.detailById(publisherId);
  }

  /** A kitchen in full by id (callers have checked the caller may read it). */
  async detailById(publisherId: string): Promise<PublisherDetailDto> {
    const publisher = UUID.test(publisherId)
      ? await this.publishers.findOne({ where: { id: publisherId }, relations: { pickupLocations: true } })
      : null;
    if (!publisher) throw notFound(`Kitchen ${publisherId} was not found.`, { publisherId });
    return mapPublisherDetail(publisher);
  }

  /** The kitchen a consumer owns, in any state, or null. */
  ownedBy(consumerId: string): Promise<PublisherEntity | null> {
    return this.publishers.findOneBy({ consumerId });
  }

  /** Id and name of a kitchen in any state by its name, whatever its case (admin tools). */
  async findAnyByKitchenName(kitchenName: string): Promise<{ id: string; kitchenName: string } | null> {
    const publisher = await this.publishers
      .createQueryBuilder('p')
      .select(['p.id', 'p.kitchenName'])
      .where('lower(p.kitchenName) = lower(:kitchenName)', { kitchenName })
      .getOne();
    return publisher ? { id: publisher.id, kitchenName: publisher.kitchenName } : null;
  }

  /** Reloads one kitchen's cache entry: stored when approved, dropped otherwise. */
  async recache(publisherId: string): Promise<{ publisherId: string; cached: boolean }> {
    const publisher = UUID.test(publisherId)
      ? await this.publishers.findOne({ where: { id: publisherId }, relations: { pickupLocations: true } })
      : null;
    if (!publisher) throw notFound(`Kitchen ${publisherId} was not found.`, { publisherId });
    await this.cache.invalidate(publisher.id);
    if (publisher.status !== PublisherStatus.APPROVED) return { publisherId, cached: false };
    await this.cache.set(mapPublisherSummary(publisher));
    return { publisherId, cached: true };
  }

  /** Empties the kitchen cache and fills it again with every approved kitchen. */
  async recacheAll(): Promise<{ removed: number; cached: number }> {
    const removed = await this.cache.clear();
    let cached = 0;
    const batch = 200;
    for (let page = 0; ; page += 1) {
      const rows = await this.approvedQuery()
        .orderBy('p.id', 'ASC')
        .skip(page * batch)
        .take(batch)
        .getMany();
      for (const publisher of rows) await this.cache.set(mapPublisherSummary(publisher));
      cached += rows.length;
      if (rows.length < batch) break;
    }
    return { removed, cached };
  }

  private approvedQuery() {
    return this.publishers
      .createQueryBuilder('p')
      .leftJoinAndSelect('p.pickupLocations', 'l', 'l.isPrimary = true')
      .where('p.status = :status', { status: PublisherStatus.APPROVED });
  }
}
