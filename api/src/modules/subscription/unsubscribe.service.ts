import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ProblemType, SubscriptionStatus } from '@hearth/shared';
import { ProblemException } from '../../common/problem/problem.exception.js';
import type { SuppressionSource } from '../messaging/suppression.service.js';
import { MailLinksService, type UnsubscribeRequest } from '../messaging/mail-links.service.js';
import { SuppressionService } from '../messaging/suppression.service.js';
import type { UnsubscribeInfoDto } from './dto/subscription-response.dto.js';

export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid. Open the link from your e-mail exactly as it was sent.';
export const OTHER_ADDRESS = 'This unsubscribe link belongs to another e-mail address. Nothing was changed.';

/**
 * The unsubscribe link of every bulk and subscription e-mail (spec §2 `/l/unsubscribe`, §7 `unsubscribe?email`):
 * only a signed token says whose address and from what, so nobody unsubscribes another person. Scope
 * `all` puts the address on the global list (every later bulk send skips it), `chef` ends that kitchen's
 * subscription, `location` that location check. Each can be undone with the same token.
 */
@Injectable()
export class UnsubscribeService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly links: MailLinksService,
    private readonly suppression: SuppressionService,
  ) {}

  async describe(token: string, email?: string): Promise<UnsubscribeInfoDto> {
    return this.info(this.verify(token, email));
  }

  async unsubscribe(
    token: string,
    email: string | undefined,
    source: SuppressionSource,
  ): Promise<UnsubscribeInfoDto> {
    const request = this.verify(token, email);
    const { scope } = request;
    if (scope.kind === 'all') await this.suppression.unsubscribe(request.email, source);
    else if (scope.kind === 'chef')
      await this.db.query(
        `UPDATE subscription SET status = $3, unsubscribed_at = now(), updated_at = now()
          WHERE publisher_id = $1 AND email = $2 AND status <> $3`,
        [scope.publisherId, request.email, SubscriptionStatus.UNSUBSCRIBED],
      );
    else
      await this.db.query(
        `UPDATE location_subscription SET status = $3, updated_at = now()
          WHERE id = $1 AND email = $2 AND status <> $3`,
        [scope.locationSubscriptionId, request.email, SubscriptionStatus.UNSUBSCRIBED],
      );
    return this.info(request);
  }

  async resubscribe(token: string, email?: string): Promise<UnsubscribeInfoDto> {
    const request = this.verify(token, email);
    const { scope } = request;
    if (scope.kind === 'all') await this.suppression.resubscribe(request.email);
    else if (scope.kind === 'chef')
      // The token proves the address is theirs: following again needs no second opt-in.
      await this.db.query(
        `INSERT INTO subscription (publisher_id, email, status, confirmed_at)
         SELECT p.id, $2, $3, now() FROM publisher p WHERE p.id = $1
         ON CONFLICT (publisher_id, email) DO UPDATE
            SET status = $3, unsubscribed_at = NULL, confirmed_at = coalesce(subscription.confirmed_at, now()), updated_at = now()
          WHERE subscription.status <> $3`,
        [scope.publisherId, request.email, SubscriptionStatus.SUBSCRIBED],
      );
    else
      await this.db.query(
        `UPDATE location_subscription SET status = $3, confirmed_at = coalesce(confirmed_at, now()), updated_at = now()
          WHERE id = $1 AND email = $2 AND status = $4`,
        [
          scope.locationSubscriptionId,
          request.email,
          SubscriptionStatus.SUBSCRIBED,
          SubscriptionStatus.UNSUBSCRIBED,
        ],
      );
    return this.info(request);
  }

  private verify(token: string, email?: string): UnsubscribeRequest {
    const request = this.links.verifyUnsubscribe(token);
    if (!request || !validScope(request)) {
      throw new ProblemException(HttpStatus.BAD_REQUEST, {
        type: ProblemType.VALIDATION,
        title: 'Bad Request',
        detail: INVALID_UNSUBSCRIBE_LINK,
        message: 'error.unsubscribe.token',
      });
    }
    if (email !== undefined && email.trim().toLowerCase() !== request.email.toLowerCase()) {
      throw new ProblemException(HttpStatus.BAD_REQUEST, {
        type: ProblemType.VALIDATION,
        title: 'Bad Request',
        detail: OTHER_ADDRESS,
        message: 'error.unsubscribe.email',
      });
    }
    return { ...request, email: request.email.toLowerCase() };
  }

  private async info(request: UnsubscribeRequest): Promise<UnsubscribeInfoDto> {
    const { scope, email } = request;
    const base = { email, scope: scope.kind, publisherId: null, kitchenName: null, zipcode: null };
    if (scope.kind === 'all') {
      return {
        ...base,
        label: 'Hearth announcements and kitchen news',
        unsubscribed: await this.suppression.isSuppressed(email),
      };
    }
    if (scope.kind === 'chef') {
      const [row] = (await this.db.query(
        `SELECT coalesce(p.brand_display_name, p.kitchen_name) AS name, s.status
           FROM publisher p LEFT JOIN subscription s ON s.publisher_id = p.id AND s.email = $2
          WHERE p.id = $1`,
        [scope.publisherId, email],
      )) as Array<{ name: string; status: SubscriptionStatus | null }>;
      const name = row?.name ?? 'a kitchen';
      return {
        ...base,
        publisherId: scope.publisherId,
        kitchenName: row?.name ?? null,
        label: `${name}'s news`,
        unsubscribed:
          row?.status !== SubscriptionStatus.SUBSCRIBED && row?.status !== SubscriptionStatus.PENDING,
      };
    }
    const [row] = (await this.db.query(
      `SELECT zipcode, status FROM location_subscription WHERE id = $1 AND email = $2`,
      [scope.locationSubscriptionId, email],
    )) as Array<{ zipcode: string; status: SubscriptionStatus }>;
    return {
      ...base,
      zipcode: row?.zipcode ?? null,
      label: row ? `news of chefs delivering to ${row.zipcode}` : 'a location check',
      unsubscribed:
        row?.status !== SubscriptionStatus.SUBSCRIBED && row?.status !== SubscriptionStatus.PENDING,
    };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function validScope({ scope }: UnsubscribeRequest): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'chef') return UUID.test(scope.publisherId);
  if (scope.kind === 'location') return UUID.test(scope.locationSubscriptionId);
  return false;
}
