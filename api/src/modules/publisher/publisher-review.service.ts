import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ProblemType, PublisherStatus } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { AuditService } from '../audit/audit.service.js';
import { notFound, ProblemException } from '../../common/problem/problem.exception.js';
import type { PublisherReviewDto } from './dto/publisher-detail.dto.js';
import type { ApprovePublisherDto, BlockPublisherDto } from './dto/review-publisher.dto.js';
import { KitchenEventsService } from './kitchen-events.service.js';
import { PublisherCache } from './publisher.cache.js';
import { PublisherEntity } from './publisher.entity.js';
import { mapPublisherReview } from './publisher.mapper.js';
import { nextReviewStatus, type ReviewAction } from './publisher-status.js';

/**
 * Admins approve and block kitchens. Approval makes the owner a chef at their next request (the access
 * guard derives ROLE_CHEF from an APPROVED kitchen; nothing changes at the identity provider). Blocking
 * hides the kitchen and, through `item.is_chef_blocked`, every item of it.
 */
@Injectable()
export class PublisherReviewService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cache: PublisherCache,
    private readonly events: KitchenEventsService,
    private readonly audit: AuditService,
  ) {}

  approve(actor: Principal, dto: ApprovePublisherDto): Promise<PublisherReviewDto> {
    return this.review(actor, dto.publisherId, 'approve', dto.statusReviewComments || null);
  }

  block(actor: Principal, dto: BlockPublisherDto): Promise<PublisherReviewDto> {
    return this.review(actor, dto.publisherId, 'block', dto.statusReviewComments);
  }

  private async review(
    actor: Principal,
    publisherId: string,
    action: ReviewAction,
    comments: string | null,
  ): Promise<PublisherReviewDto> {
    await this.db.transaction(async (m) => {
      const repo = m.getRepository(PublisherEntity);
      const publisher = await repo.findOne({
        where: { id: publisherId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!publisher) throw notFound(`Kitchen ${publisherId} was not found.`, { publisherId });
      const next = nextReviewStatus(publisher.status, action);
      if (!next) {
        throw new ProblemException(HttpStatus.CONFLICT, {
          type: ProblemType.INVALID_TRANSITION,
          title: 'Conflict',
          detail: `Kitchen "${publisher.kitchenName}" is ${publisher.status}; it cannot be ${action === 'approve' ? 'approved' : 'blocked'} again.`,
          message: 'error.publisher.transition',
          params: { publisherId, status: publisher.status, action },
        });
      }
      await repo.update({ id: publisherId }, { status: next, statusReviewComments: comments });
      await this.audit.record(m, actor, {
        action: `publisher.${action}`,
        targetType: 'publisher',
        targetId: publisherId,
        before: { status: publisher.status, statusReviewComments: publisher.statusReviewComments },
        after: { status: next, statusReviewComments: comments },
      });
      await this.events.blocked(m, publisherId, next === PublisherStatus.BLOCKED);
    });
    await this.cache.invalidate(publisherId);
    const fresh = await this.db.getRepository(PublisherEntity).findOneOrFail({
      where: { id: publisherId },
      relations: { consumer: true, pickupLocations: true },
    });
    return mapPublisherReview(fresh);
  }
}
