import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ProblemType, SubscriptionStatus } from '@hearth/shared';
import { ProblemException, conflict } from '../../common/problem/problem.exception.js';
import { MailLinksService } from '../messaging/mail-links.service.js';
import type { ConfirmationDto } from './dto/subscription-response.dto.js';
import { LocationCheckService } from './location-check.service.js';

export const INVALID_CONFIRM_LINK =
  'This confirmation link is not valid or has expired. Subscribe again to get a new one.';
export const USED_CONFIRM_LINK =
  'This confirmation link was already used, and you unsubscribed since. Subscribe again to get a new one.';

/**
 * Double opt-in (`subscriptions/confirm?token=`): GET shows what the link confirms (link scanners that
 * prefetch change nothing), POST confirms it (PENDING → SUBSCRIBED with confirmedAt). A second POST of a
 * confirmed link changes nothing; a link of someone who unsubscribed since is refused (409), so an old
 * e-mail never subscribes them again.
 */
@Injectable()
export class ConfirmationService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly links: MailLinksService,
    private readonly locations: LocationCheckService,
  ) {}

  async preview(token: string): Promise<ConfirmationDto> {
    const claim = this.verify(token);
    return this.read(claim.what, claim.id);
  }

  async confirm(token: string): Promise<ConfirmationDto> {
    const { what, id } = this.verify(token);
    const table = what === 'chef' ? 'subscription' : 'location_subscription';
    const [changed] = (await this.db.query(
      `UPDATE ${table} SET status = $2, confirmed_at = now(), updated_at = now() WHERE id = $1 AND status = $3 RETURNING id`,
      [id, SubscriptionStatus.SUBSCRIBED, SubscriptionStatus.PENDING],
    )) as [unknown[], number];
    const result = await this.read(what, id);
    if (changed.length === 0 && result.status === SubscriptionStatus.UNSUBSCRIBED)
      throw conflict(USED_CONFIRM_LINK, 'error.subscription.used');
    if (changed.length > 0 && what === 'location') await this.locations.checkConfirmed(id);
    return result;
  }

  private verify(token: string): { what: 'chef' | 'location'; id: string } {
    const claim = this.links.verifyConfirm(token);
    if (!claim) throw invalid();
    return claim;
  }

  private async read(what: 'chef' | 'location', id: string): Promise<ConfirmationDto> {
    if (what === 'chef') {
      const [row] = (await this.db.query(
        `SELECT s.email, s.status, s.publisher_id, coalesce(p.brand_display_name, p.kitchen_name) AS name
           FROM subscription s JOIN publisher p ON p.id = s.publisher_id WHERE s.id = $1`,
        [id],
      )) as Array<{ email: string; status: SubscriptionStatus; publisher_id: string; name: string }>;
      if (!row) throw invalid();
      return {
        kind: 'chef',
        email: row.email,
        status: row.status,
        publisherId: row.publisher_id,
        kitchenName: row.name,
        zipcode: null,
        country: null,
      };
    }
    const [row] = (await this.db.query(
      `SELECT email, status, zipcode, country FROM location_subscription WHERE id = $1`,
      [id],
    )) as Array<{ email: string; status: SubscriptionStatus; zipcode: string; country: string }>;
    if (!row) throw invalid();
    return {
      kind: 'location',
      email: row.email,
      status: row.status,
      publisherId: null,
      kitchenName: null,
      zipcode: row.zipcode,
      country: row.country,
    };
  }
}

function invalid() {
  return new ProblemException(HttpStatus.BAD_REQUEST, {
    type: ProblemType.VALIDATION,
    title: 'Bad Request',
    detail: INVALID_CONFIRM_LINK,
    message: 'error.subscription.token',
  });
}
