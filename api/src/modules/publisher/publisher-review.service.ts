import { HttpStatus, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ProblemType, PublisherStatus } from '@hearth/shared';
import type { Env } from '../../config/env.js';
import type { Principal } from '../../common/http/principal.js';
import { AuditService } from '../audit/audit.service.js';
import { OutboxService } from '../mail/outbox.service.js';
import { notFound, ProblemException } from '../../common/problem/problem.exception.js';
import type { PublisherReviewDto } from './dto/publisher-detail.dto.js';
import type { ApprovePublisherDto, BlockPublisherDto } from './dto/review-publisher.dto.js';
import { KitchenEventsService } from './kitchen-events.service.js';
import { PublisherCache } from './publisher.cache.js';
import { PublisherEntity } from './publisher.entity.js';
import { mapPublisherReview } from './publisher.mapper.js';
import { nextReviewStatus, type ReviewAction } from './publisher-status.js';
import { kitchenApprovedMail, kitchenBlockedMail } from './review-mails.js';

/**
 * Admins approve and block kitchens. Approval makes the owner a chef at their next request (the access
 * guard derives ROLE_CHEF from an APPROVED kitchen; nothing changes at the identity provider). Blocking
 * hides the kitchen and, through `item.is_chef_blocked`, every item of it. The chef is told by e-mail
 * (approved: what to do next; blocked: the review comment and how to reach support), written to the outbox
 * in the review's transaction and enqueued after the commit, so a refused review sends nothing.
 */
@Injectable()
export class PublisherReviewService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cache: PublisherCache,
    private readonly events: KitchenEventsService,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly config: ConfigService<Env, true>,
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
    const outboxIds = await this.db.transaction(async (m) => {
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
      const [owner] = (await m.query(
        `SELECT coalesce(p.user_email, c.user_email) AS email, c.name AS name
           FROM publisher p JOIN consumer c ON c.id = p.consumer_id WHERE p.id = $1`,
        [publisherId],
      )) as Array<{ email: string | null; name: string | null }>;
      if (!owner?.email) return [];
      const facts = {
        publisherId,
        kitchenName: publisher.brandDisplayName || publisher.kitchenName,
        chefName: owner.name,
        to: owner.email,
        comments,
      };
      const webOrigin = this.config.get('WEB_ORIGIN', { infer: true });
      return this.outbox.stage(m, [
        next === PublisherStatus.BLOCKED
          ? kitchenBlockedMail(facts, webOrigin)
          : kitchenApprovedMail(facts, webOrigin),
      ]);
    });
    // Not awaited: a review works while Redis is away (as the kitchen cache does), and a job added while it
    // is would wait for it; enqueue never throws and the outbox's housekeeping sends a row whose job was lost.
    void this.outbox.enqueue(outboxIds);
    await this.cache.invalidate(publisherId);
    const fresh = await this.db.getRepository(PublisherEntity).findOneOrFail({
      where: { id: publisherId },
      relations: { consumer: true, pickupLocations: true },
    });
    return mapPublisherReview(fresh);
  }
}
