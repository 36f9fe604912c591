import { HttpStatus, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import type { DataSource, EntityManager } from 'typeorm';
import { ConsumerStatus, ProblemType, PublisherStatus, Role } from '@hearth/shared';
import type { Env } from '../../config/env.js';
import type { Principal } from '../../common/http/principal.js';
import { badField, notFound, ProblemException } from '../../common/problem/problem.exception.js';
import { AuditService } from '../audit/audit.service.js';
import { ConsumerService } from '../consumer/consumer.service.js';
import { OutboxService } from '../mail/outbox.service.js';
import { fileUrl } from '../publisher/publisher.mapper.js';
import type { BlockedPicture } from '../publisher/blocked-picture.js';
import type {
  AdminPictureDto,
  AdminUserDto,
  AdminUserHitDto,
  AdminUserKitchenDto,
  AdminUsersQuery,
} from './dto/admin-users.dto.js';
import { accountDisabledMail } from './moderation-mails.js';

/** Fewest digits a phone search compares: fewer would match half the people. */
const MIN_PHONE_DIGITS = 4;
/** How many of a person's orders the profile lists. */
export const PROFILE_ORDERS = 5;

const PHONE_DIGITS = (expr: string) => `regexp_replace(coalesce(${expr}, ''), '[^0-9]+', '', 'g')`;
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

interface HitRow {
  id: string;
  name: string | null;
  user_email: string | null;
  phone: string | null;
  roles: Role[];
  status: ConsumerStatus;
  kitchen_name: string | null;
  kitchen_status: PublisherStatus | null;
  last_login_at: Date | null;
  total: number;
}

/** What an admin sees of a kitchen's public pictures: the portrait and the kitchen pictures. */
export function kitchenPictures(
  profilePicLocation: string | null,
  pictures: string[],
  blocked: BlockedPicture[],
): AdminPictureDto[] {
  const entry = (key: string, kind: 'profile' | 'kitchen'): AdminPictureDto => {
    const hidden = blocked.find((b) => b.key === key);
    return {
      key,
      url: fileUrl(key) as string,
      kind,
      hidden: Boolean(hidden),
      reason: hidden?.reason ?? null,
    };
  };
  const publicKey = (k: string | null): k is string => Boolean(k) && !k!.startsWith('private/');
  return [
    ...(publicKey(profilePicLocation) ? [entry(profilePicLocation, 'profile')] : []),
    ...pictures.filter(publicKey).map((k) => entry(k, 'kitchen')),
  ];
}

/**
 * Users and kitchens for admins (issue 18 parts 3 and 4): search people by the spec's search-by keys, read
 * one person's profile, disable an account (its sessions end at once) and enable it again.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly consumers: ConsumerService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  async search(_actor: Principal, q: AdminUsersQuery): Promise<{ items: AdminUserHitDto[]; total: number }> {
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    let match: string;
    switch (q.searchBy) {
      case 'id':
        if (!isUUID(q.query)) return { items: [], total: 0 };
        match = `(c.id = ${p(q.query)} OR k.id = $1)`;
        break;
      case 'email': {
        const like = p(`%${likeEscape(q.query.toLowerCase())}%`);
        match = `(lower(c.user_email) LIKE ${like} OR lower(k.user_email) LIKE ${like} OR lower(c.contact_details ->> 'email') LIKE ${like})`;
        break;
      }
      case 'phone': {
        const digits = q.query.replace(/\D+/g, '');
        if (digits.length < MIN_PHONE_DIGITS)
          throw badField('query', `a phone number needs at least ${MIN_PHONE_DIGITS} digits`);
        const like = p(`%${digits}%`);
        match =
          `(${PHONE_DIGITS(`c.contact_details ->> 'phone'`)} LIKE ${like} OR ${PHONE_DIGITS('k.full_phone_number')} LIKE ${like}` +
          ` OR ${PHONE_DIGITS('k.phone_number')} LIKE ${like})`;
        break;
      }
      case 'kitchen': {
        const like = p(`%${likeEscape(q.query.toLowerCase())}%`);
        match = `(lower(k.kitchen_name) LIKE ${like} OR lower(k.brand_display_name) LIKE ${like})`;
        break;
      }
    }
    const rows: HitRow[] = await this.db.query(
      `SELECT c.id, c.name, c.user_email, coalesce(k.full_phone_number, c.contact_details ->> 'phone') AS phone,
              c.roles, c.status, k.kitchen_name, k.status AS kitchen_status, c.last_login_at,
              count(*) OVER ()::int AS total
         FROM consumer c
         LEFT JOIN publisher k ON k.consumer_id = c.id
        WHERE ${match}
        ORDER BY c.created_at DESC, c.id
        LIMIT ${p(q.size)} OFFSET ${p(q.page * q.size)}`,
      params,
    );
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && q.page > 0) {
      const [count] = (await this.db.query(
        `SELECT count(*)::int AS total FROM consumer c LEFT JOIN publisher k ON k.consumer_id = c.id WHERE ${match}`,
        params.slice(0, -2),
      )) as Array<{ total: number }>;
      total = count?.total ?? 0;
    }
    return { items: rows.map(mapHit), total };
  }

  async profile(_actor: Principal, id: string): Promise<AdminUserDto> {
    const row = await this.hit(this.db.manager, id);
    const [person] = (await this.db.query(
      `SELECT user_name, disabled_reason, created_at FROM consumer WHERE id = $1`,
      [id],
    )) as Array<{ user_name: string | null; disabled_reason: string | null; created_at: Date }>;
    const kitchens = (await this.db.query(
      `SELECT id, kitchen_name, coalesce(brand_display_name, kitchen_name) AS brand, status,
              profile_pic_location, kitchen_pictures, blocked_pictures
         FROM publisher WHERE consumer_id = $1 ORDER BY created_at`,
      [id],
    )) as Array<{
      id: string;
      kitchen_name: string;
      brand: string;
      status: PublisherStatus;
      profile_pic_location: string | null;
      kitchen_pictures: string[];
      blocked_pictures: BlockedPicture[];
    }>;
    const items = (await this.db.query(
      `SELECT id, name, block_image AS "blockImage", publisher_id FROM item
        WHERE publisher_id = ANY($1::uuid[]) AND item_status <> 'DELETED' ORDER BY name, id LIMIT 200`,
      [kitchens.map((k) => k.id)],
    )) as Array<{ id: string; name: string; blockImage: boolean; publisher_id: string }>;
    const [orders] = (await this.db.query(
      `SELECT count(*)::int AS n FROM customer_order WHERE consumer_id = $1`,
      [id],
    )) as Array<{ n: number }>;
    const latest = (await this.db.query(
      `SELECT id, order_number, ordered_date, order_status, order_total::text AS order_total, currency_code
         FROM customer_order WHERE consumer_id = $1 ORDER BY ordered_date DESC, id LIMIT $2`,
      [id, PROFILE_ORDERS],
    )) as Array<{
      id: string;
      order_number: string;
      ordered_date: Date;
      order_status: string;
      order_total: string;
      currency_code: string;
    }>;
    const [sessions] = (await this.db.query(
      `SELECT count(*)::int AS n FROM login_session WHERE consumer_id = $1 AND expires_at > now()`,
      [id],
    )) as Array<{ n: number }>;
    return {
      ...row,
      userName: person.user_name,
      disabledReason: person.disabled_reason,
      createdAt: person.created_at.toISOString(),
      kitchens: kitchens.map((k): AdminUserKitchenDto => ({
        id: k.id,
        kitchenName: k.kitchen_name,
        brandDisplayName: k.brand,
        status: k.status,
        pictures: kitchenPictures(k.profile_pic_location, k.kitchen_pictures, k.blocked_pictures),
        items: items
          .filter((i) => i.publisher_id === k.id)
          .map((i) => ({ id: i.id, name: i.name, blockImage: i.blockImage })),
      })),
      orders: {
        count: orders.n,
        latest: latest.map((o) => ({
          id: o.id,
          orderNumber: o.order_number,
          orderedDate: o.ordered_date.toISOString(),
          orderStatus: o.order_status,
          // numeric(12,2) as text: exact, 2 decimals.
          orderTotal: o.order_total,
          currencyCode: o.currency_code,
        })),
      },
      sessionsCount: sessions.n,
      addresses: await this.consumers.addressesOf(id),
    };
  }

  /** Disables an account with a reason: its sessions end in the same transaction, it is told by e-mail. */
  async disable(actor: Principal, id: string, reason: string): Promise<AdminUserDto> {
    if (id === actor.consumerId) {
      throw new ProblemException(HttpStatus.CONFLICT, {
        type: ProblemType.CONFLICT,
        detail: 'You cannot disable your own account.',
        message: 'error.admin.disableSelf',
        params: { id },
      });
    }
    const outboxIds = await this.db.transaction(async (m) => {
      const before = await this.lockStatus(m, id);
      if (before.status === ConsumerStatus.DISABLED) {
        throw new ProblemException(HttpStatus.CONFLICT, {
          type: ProblemType.CONFLICT,
          detail: 'This account is already disabled.',
          message: 'error.admin.alreadyDisabled',
          params: { id },
        });
      }
      await m.query(
        `UPDATE consumer SET status = $2, disabled_reason = $3, updated_at = now() WHERE id = $1`,
        [id, ConsumerStatus.DISABLED, reason],
      );
      // Every sign-in of the person ends now: the cookie finds no session on its very next request.
      await m.query(`DELETE FROM login_session WHERE consumer_id = $1`, [id]);
      await this.audit.record(m, actor, {
        action: 'consumer.disable',
        targetType: 'consumer',
        targetId: id,
        before: { status: before.status, disabledReason: before.disabled_reason },
        after: { status: ConsumerStatus.DISABLED, disabledReason: reason },
      });
      if (!before.user_email) return [];
      return this.outbox.stage(m, [
        accountDisabledMail(
          { to: before.user_email, name: before.name, reason, relatedType: 'consumer', relatedId: id },
          this.config.get('WEB_ORIGIN', { infer: true }),
        ),
      ]);
    });
    void this.outbox.enqueue(outboxIds);
    return this.profile(actor, id);
  }

  /** Enables a disabled account again: the person can sign in at once. */
  async enable(actor: Principal, id: string): Promise<AdminUserDto> {
    await this.db.transaction(async (m) => {
      const before = await this.lockStatus(m, id);
      if (before.status === ConsumerStatus.ACTIVE) {
        throw new ProblemException(HttpStatus.CONFLICT, {
          type: ProblemType.CONFLICT,
          detail: 'This account is not disabled.',
          message: 'error.admin.notDisabled',
          params: { id },
        });
      }
      await m.query(
        `UPDATE consumer SET status = $2, disabled_reason = NULL, updated_at = now() WHERE id = $1`,
        [id, ConsumerStatus.ACTIVE],
      );
      await this.audit.record(m, actor, {
        action: 'consumer.enable',
        targetType: 'consumer',
        targetId: id,
        before: { status: before.status, disabledReason: before.disabled_reason },
        after: { status: ConsumerStatus.ACTIVE, disabledReason: null },
      });
    });
    return this.profile(actor, id);
  }

  private async lockStatus(
    m: EntityManager,
    id: string,
  ): Promise<{
    status: ConsumerStatus;
    disabled_reason: string | null;
    user_email: string | null;
    name: string | null;
  }> {
    const [row] = isUUID(id)
      ? ((await m.query(
          `SELECT status, disabled_reason, user_email, name FROM consumer WHERE id = $1 FOR UPDATE`,
          [id],
        )) as Array<{
          status: ConsumerStatus;
          disabled_reason: string | null;
          user_email: string | null;
          name: string | null;
        }>)
      : [];
    if (!row) throw notFound(`User ${id} was not found.`, { id });
    return row;
  }

  private async hit(m: EntityManager, id: string): Promise<AdminUserHitDto> {
    const [row] = isUUID(id)
      ? ((await m.query(
          `SELECT c.id, c.name, c.user_email, coalesce(k.full_phone_number, c.contact_details ->> 'phone') AS phone,
                  c.roles, c.status, k.kitchen_name, k.status AS kitchen_status, c.last_login_at, 1 AS total
             FROM consumer c LEFT JOIN publisher k ON k.consumer_id = c.id
            WHERE c.id = $1`,
          [id],
        )) as HitRow[])
      : [];
    if (!row) throw notFound(`User ${id} was not found.`, { id });
    return mapHit(row);
  }
}

function mapHit(r: HitRow): AdminUserHitDto {
  const roles = new Set<Role>([Role.USER, ...r.roles]);
  if (r.kitchen_status === PublisherStatus.APPROVED) roles.add(Role.CHEF);
  return {
    id: r.id,
    name: r.name,
    email: r.user_email,
    phone: r.phone,
    roles: [...roles],
    status: r.status,
    kitchenName: r.kitchen_name,
    kitchenStatus: r.kitchen_status,
    lastLoginAt: r.last_login_at ? r.last_login_at.toISOString() : null,
  };
}
