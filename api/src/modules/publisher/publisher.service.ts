import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { PublisherStatus, Role } from '@hearth/shared';
import { hasRole, type Principal } from '../../common/http/principal.js';
import { parseSort } from '../../common/http/paging.js';
import { forbidden, notFound } from '../../common/problem/problem.exception.js';
import type { PublisherSummaryDto } from './dto/publisher-summary.dto.js';
import type { FindByStatusQuery } from './dto/find-by-status.query.js';
import { mapPublisherSummary } from './publisher.mapper.js';
import { PublisherEntity } from './publisher.entity.js';

const SORTABLE = ['rating', 'kitchenName', 'createdAt'] as const;
const SORT_COLUMN: Record<(typeof SORTABLE)[number], string> = {
  rating: 'p.ratingValue',
  kitchenName: 'p.kitchenName',
  createdAt: 'p.createdAt',
};

@Injectable()
export class PublisherService {
  constructor(@InjectRepository(PublisherEntity) private readonly publishers: Repository<PublisherEntity>) {}

  /**
   * Kitchens in one review state, best rated first. Anyone may list approved kitchens; the other states
   * are an admin's review queue.
   */
  async findByStatus(actor: Principal | undefined, query: FindByStatusQuery): Promise<{ items: PublisherSummaryDto[]; total: number }> {
    if (query.status !== PublisherStatus.APPROVED && !hasRole(actor, Role.ADMIN)) {
      throw forbidden(`Only admins can list ${query.status} kitchens.`, { status: query.status });
    }
    const sort = parseSort(query.sort, SORTABLE, { field: 'rating', direction: 'DESC' });
    const [rows, total] = await this.publishers
      .createQueryBuilder('p')
      .leftJoinAndSelect('p.pickupLocations', 'l', 'l.isPrimary = true')
      .where('p.status = :status', { status: query.status })
      .orderBy(SORT_COLUMN[sort.field], sort.direction)
      .addOrderBy('p.ratingCount', 'DESC')
      .addOrderBy('p.id', 'ASC')
      .skip(query.page * query.size)
      .take(query.size)
      .getManyAndCount();
    return { items: rows.map((p) => mapPublisherSummary(p)), total };
  }

  /** The caller's own kitchen (approved, since only approved kitchen owners are chefs). */
  async mine(actor: Principal): Promise<PublisherSummaryDto> {
    const publisher = actor.publisherId
      ? await this.publishers.findOne({ where: { id: actor.publisherId }, relations: { pickupLocations: true } })
      : null;
    if (!publisher) throw notFound('You have no approved kitchen yet.');
    return mapPublisherSummary(publisher);
  }

  /** An approved kitchen by its storefront name, whatever its case. */
  async findByKitchenName(kitchenName: string): Promise<PublisherSummaryDto> {
    const publisher = await this.publishers
      .createQueryBuilder('p')
      .leftJoinAndSelect('p.pickupLocations', 'l', 'l.isPrimary = true')
      .where('lower(p.kitchenName) = lower(:kitchenName)', { kitchenName })
      .andWhere('p.status = :status', { status: PublisherStatus.APPROVED })
      .getOne();
    if (!publisher) throw notFound(`No kitchen is called "${kitchenName}".`, { kitchenName });
    return mapPublisherSummary(publisher);
  }
}
