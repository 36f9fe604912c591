import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import type { DataSource, EntityManager } from 'typeorm';
import { ProblemType, PublisherStatus, SubscriptionStatus } from '@hearth/shared';
import type { Principal } from '../../common/http/principal.js';
import { notFound, ProblemException } from '../../common/problem/problem.exception.js';
import { OutboxService } from '../mail/outbox.service.js';
import { MailLinksService } from '../messaging/mail-links.service.js';
import type { AdminSubscriptionQueryDto, GuestSubscribeDto } from './dto/subscription-request.dto.js';
import type { SubscriberDto, SubscriptionDto } from './dto/subscription-response.dto.js';
import { confirmationMail, maskEmail } from './subscription-mail.js';

/** A guest asking again within this time gets no second confirmation e-mail (no mail-bombing a stranger). */
export const CONFIRM_RESEND_MINUTES = 10;

/** What every guest request answers, whether the address was known or not (no enumeration). */
export const CHECK_INBOX = 'Check your inbox to confirm.';

interface SubscriptionRow {
  id: string;
  publisher_id: string;
  kitchen_name: string;
  email: string;
  consumer_id: string | null;
  status: SubscriptionStatus;
  created_at: Date;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const mapRow = (r: SubscriptionRow): SubscriptionDto => ({
  id: r.id,
  publisherId: r.publisher_id,
  kitchenName: r.kitchen_name,
  email: r.email,
  consumerId: r.consumer_id,
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
  confirmedAt: iso(r.confirmed_at),
  unsubscribedAt: iso(r.unsubscribed_at),
});

const SELECT = `SELECT s.id, s.publisher_id, coalesce(p.brand_display_name, p.kitchen_name) AS kitchen_name, s.email,
                       s.consumer_id, s.status, s.created_at, s.confirmed_at, s.unsubscribed_at
                  FROM subscription s JOIN publisher p ON p.id = s.publisher_id`;

/**
 * People following kitchens (spec §7 `subscriptions/*`, table `subscription`): signed-in customers follow
 * at once with their account's address; guests subscribe by e-mail with double opt-in (PENDING until the
 * confirmation link is used, nothing else sent before). Unsubscribing keeps the row (UNSUBSCRIBED).
 */
@Injectable()
export class SubscriptionService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxService,
    private readonly links: MailLinksService,
  ) {}

  /** The customer follows an approved kitchen with their account's address; again: no change. */
  async follow(actor: Principal, publisherId: string): Promise<void> {
    await this.approvedKitchen(this.db.manager, publisherId);
    const email = accountEmail(actor);
    await this.db.query(
      `INSERT INTO subscription (publisher_id, consumer_id, email, status, confirmed_at)
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (publisher_id, email) DO UPDATE
          SET consumer_id = EXCLUDED.consumer_id,
              status = EXCLUDED.status,
              confirmed_at = CASE WHEN subscription.status = $4 THEN subscription.confirmed_at ELSE now() END,
              unsubscribed_at = NULL,
              updated_at = CASE WHEN subscription.status = $4 THEN subscription.updated_at ELSE now() END`,
      [publisherId, actor.consumerId, email, SubscriptionStatus.SUBSCRIBED],
    );
  }

  /** The customer stops following a kitchen (also a guest subscription of their address); again: no change. */
  async unfollow(actor: Principal, publisherId: string): Promise<void> {
    const exists: unknown[] = isUUID(publisherId)
      ? await this.db.query(`SELECT 1 FROM publisher WHERE id = $1`, [publisherId])
      : [];
    if (exists.length === 0) throw kitchenNotFound(publisherId);
    await this.db.query(
      `UPDATE subscription SET status = $4, unsubscribed_at = now(), updated_at = now()
        WHERE publisher_id = $1 AND (consumer_id = $2 OR email = $3) AND status <> $4`,
      [publisherId, actor.consumerId, actor.email?.toLowerCase() ?? '', SubscriptionStatus.UNSUBSCRIBED],
    );
  }

  /** The caller's subscriptions (by account or by their address), newest first; `onlySubscribed`: followed ones. */
  async mine(actor: Principal, onlySubscribed: boolean): Promise<SubscriptionDto[]> {
    const rows: SubscriptionRow[] = await this.db.query(
      `${SELECT}
        WHERE (s.consumer_id = $1 OR s.email = $2) AND ($3::text IS NULL OR s.status = $3)
        ORDER BY s.created_at DESC, s.id`,
      [
        actor.consumerId,
        actor.email?.toLowerCase() ?? '',
        onlySubscribed ? SubscriptionStatus.SUBSCRIBED : null,
      ],
    );
    return rows.map(mapRow);
  }

  /**
   * A guest asks for a kitchen's news: a PENDING row and a confirmation e-mail (staged in the transaction,
   * queued after it). Asking again re-sends it at most once per {@link CONFIRM_RESEND_MINUTES}; an address
   * already subscribed gets nothing. The answer never says which happened.
   */
  async guest(dto: GuestSubscribeDto): Promise<{ message: string }> {
    const email = dto.email.toLowerCase();
    const ids = await this.db.transaction(async (m) => {
      await this.approvedKitchen(m, dto.publisherId);
      const kitchen = await this.kitchenName(m, dto.publisherId);
      // Insert or re-arm; RETURNING only when a confirmation is due.
      const rows: Array<{ id: string }> = await m.query(
        `INSERT INTO subscription (publisher_id, email, status)
         VALUES ($1, $2, $3)
         ON CONFLICT (publisher_id, email) DO UPDATE
            SET status = $3, unsubscribed_at = NULL, updated_at = now()
          WHERE subscription.status = $4
             OR (subscription.status = $3 AND subscription.updated_at < now() - make_interval(mins => $5))
         RETURNING id`,
        [
          dto.publisherId,
          email,
          SubscriptionStatus.PENDING,
          SubscriptionStatus.UNSUBSCRIBED,
          CONFIRM_RESEND_MINUTES,
        ],
      );
      const row = rows[0];
      if (!row) return [];
      return this.outbox.stage(m, [
        confirmationMail(email, `${kitchen}'s news`, this.links.confirmPageUrl('chef', row.id), row.id),
      ]);
    });
    await this.outbox.enqueue(ids);
    return { message: CHECK_INBOX };
  }

  /** A chef's SUBSCRIBED subscribers, newest first, paged; guests' addresses masked. */
  async subscribers(
    actor: Principal,
    page: number,
    size: number,
  ): Promise<{ items: SubscriberDto[]; total: number }> {
    const publisherId = actor.publisherId;
    if (!publisherId) throw notFound('You have no approved kitchen.');
    const [{ total }] = (await this.db.query(
      `SELECT count(*)::int AS total FROM subscription WHERE publisher_id = $1 AND status = $2`,
      [publisherId, SubscriptionStatus.SUBSCRIBED],
    )) as Array<{ total: number }>;
    const rows: Array<{
      id: string;
      email: string;
      name: string | null;
      consumer_id: string | null;
      confirmed_at: Date | null;
    }> = await this.db.query(
      `SELECT s.id, s.email, c.name, s.consumer_id, s.confirmed_at
         FROM subscription s LEFT JOIN consumer c ON c.id = s.consumer_id
        WHERE s.publisher_id = $1 AND s.status = $2
        ORDER BY s.confirmed_at DESC NULLS LAST, s.id
        LIMIT $3 OFFSET $4`,
      [publisherId, SubscriptionStatus.SUBSCRIBED, size, page * size],
    );
    return {
      total,
      items: rows.map((r) => ({
        id: r.id,
        name: r.consumer_id ? r.name : null,
        email: maskEmail(r.email),
        customer: r.consumer_id !== null,
        confirmedAt: iso(r.confirmed_at),
      })),
    };
  }

  /** Admin lists: every subscription, or those in one state; narrowed to a kitchen or an address. */
  async adminList(
    status: SubscriptionStatus | null,
    query: AdminSubscriptionQueryDto,
  ): Promise<{ items: SubscriptionDto[]; total: number }> {
    const where = [`($1::text IS NULL OR s.status = $1)`, `($2::uuid IS NULL OR s.publisher_id = $2)`];
    where.push(`($3::text IS NULL OR s.email LIKE '%' || $3 || '%')`);
    const params = [
      status,
      query.publisherId ?? null,
      query.email ? query.email.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`) : null,
    ];
    const [{ total }] = (await this.db.query(
      `SELECT count(*)::int AS total FROM subscription s WHERE ${where.join(' AND ')}`,
      params,
    )) as Array<{ total: number }>;
    const rows: SubscriptionRow[] = await this.db.query(
      `${SELECT} WHERE ${where.join(' AND ')} ORDER BY s.created_at DESC, s.id LIMIT $4 OFFSET $5`,
      [...params, query.size, query.page * query.size],
    );
    return { total, items: rows.map(mapRow) };
  }

  private async approvedKitchen(m: EntityManager, publisherId: string): Promise<void> {
    const rows: unknown[] = isUUID(publisherId)
      ? await m.query(`SELECT 1 FROM publisher WHERE id = $1 AND status = $2`, [
          publisherId,
          PublisherStatus.APPROVED,
        ])
      : [];
    if (rows.length === 0) throw kitchenNotFound(publisherId);
  }

  private async kitchenName(m: EntityManager, publisherId: string): Promise<string> {
    const [row] = (await m.query(
      `SELECT coalesce(brand_display_name, kitchen_name) AS name FROM publisher WHERE id = $1`,
      [publisherId],
    )) as Array<{ name: string }>;
    return row?.name ?? 'A Hearth kitchen';
  }
}

export function kitchenNotFound(publisherId: string) {
  return notFound(`Kitchen ${publisherId} was not found.`, { publisherId });
}

function accountEmail(actor: Principal): string {
  if (!actor.email) {
    throw new ProblemException(HttpStatus.CONFLICT, {
      type: ProblemType.CONFLICT,
      detail: 'Your account has no e-mail address to send news to.',
      message: 'error.subscription.noEmail',
    });
  }
  return actor.email.toLowerCase();
}
