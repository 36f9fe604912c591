import { HttpStatus, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import type { DataSource } from 'typeorm';
import { ProblemType } from '@hearth/shared';
import type { Env } from '../../config/env.js';
import type { Principal } from '../../common/http/principal.js';
import { badField, notFound, ProblemException } from '../../common/problem/problem.exception.js';
import { AuditService } from '../audit/audit.service.js';
import { OutboxService } from '../mail/outbox.service.js';
import type { BlockedPicture } from '../publisher/blocked-picture.js';
import { PublisherCache } from '../publisher/publisher.cache.js';
import type { AdminPictureDto, ItemPictureStateDto } from './dto/admin-users.dto.js';
import { kitchenPictures } from './admin-users.service.js';
import { itemPictureHiddenMail, kitchenPictureHiddenMail } from './moderation-mails.js';

const unchanged = (detail: string, params: Record<string, unknown>) =>
  new ProblemException(HttpStatus.CONFLICT, {
    type: ProblemType.CONFLICT,
    detail,
    message: 'error.admin.picture',
    params,
  });

interface Owner {
  email: string | null;
  name: string | null;
}

/**
 * Picture moderation (issue 18 part 8): an admin hides an item's pictures or one kitchen picture with a
 * reason; the public sees a neutral picture, the chef still sees theirs marked hidden and is told why by
 * e-mail. Each change writes one audit row in its own transaction.
 */
@Injectable()
export class AdminPicturesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly config: ConfigService<Env, true>,
    private readonly kitchens: PublisherCache,
  ) {}

  private get web(): string {
    return this.config.get('WEB_ORIGIN', { infer: true });
  }

  async blockItem(actor: Principal, itemId: string, reason: string): Promise<ItemPictureStateDto> {
    const outboxIds = await this.db.transaction(async (m) => {
      const item = await this.lockItem(m.query.bind(m), itemId);
      if (item.block_image) throw unchanged('The pictures of this item are already hidden.', { itemId });
      await m.query(
        `UPDATE item SET block_image = true, block_image_reason = $2, updated_at = now() WHERE id = $1`,
        [itemId, reason],
      );
      await this.audit.record(m, actor, {
        action: 'item.blockImage',
        targetType: 'item',
        targetId: itemId,
        before: { blockImage: false, blockImageReason: item.block_image_reason },
        after: { blockImage: true, blockImageReason: reason },
      });
      const owner = await this.owner(m.query.bind(m), item.publisher_id);
      if (!owner.email) return [];
      return this.outbox.stage(m, [
        itemPictureHiddenMail(
          { to: owner.email, name: owner.name, reason, relatedType: 'item', relatedId: itemId },
          item.name,
          this.web,
        ),
      ]);
    });
    void this.outbox.enqueue(outboxIds);
    await this.kitchens.invalidateLists(); // the recent-orders gallery shows item pictures
    return { itemId, blockImage: true, blockImageReason: reason };
  }

  async unblockItem(actor: Principal, itemId: string): Promise<ItemPictureStateDto> {
    await this.db.transaction(async (m) => {
      const item = await this.lockItem(m.query.bind(m), itemId);
      if (!item.block_image) throw unchanged('The pictures of this item are not hidden.', { itemId });
      await m.query(
        `UPDATE item SET block_image = false, block_image_reason = NULL, updated_at = now() WHERE id = $1`,
        [itemId],
      );
      await this.audit.record(m, actor, {
        action: 'item.unblockImage',
        targetType: 'item',
        targetId: itemId,
        before: { blockImage: true, blockImageReason: item.block_image_reason },
        after: { blockImage: false, blockImageReason: null },
      });
    });
    await this.kitchens.invalidateLists();
    return { itemId, blockImage: false, blockImageReason: null };
  }

  async blockKitchenPicture(
    actor: Principal,
    publisherId: string,
    key: string,
    reason: string,
  ): Promise<AdminPictureDto[]> {
    const { outboxIds, pictures } = await this.db.transaction(async (m) => {
      const kitchen = await this.lockKitchen(m.query.bind(m), publisherId);
      const current = kitchenPictures(
        kitchen.profile_pic_location,
        kitchen.kitchen_pictures,
        kitchen.blocked_pictures,
      );
      const picture = current.find((p) => p.key === key);
      if (!picture) throw badField('key', 'This kitchen has no such public picture.');
      if (picture.hidden) throw unchanged('This picture is already hidden.', { publisherId, key });
      const entry: BlockedPicture = { key, reason, blockedAt: new Date().toISOString() };
      const blocked = [...kitchen.blocked_pictures, entry];
      await m.query(`UPDATE publisher SET blocked_pictures = $2::jsonb, updated_at = now() WHERE id = $1`, [
        publisherId,
        JSON.stringify(blocked),
      ]);
      await this.audit.record(m, actor, {
        action: 'publisher.blockPicture',
        targetType: 'publisher',
        targetId: publisherId,
        before: { key, hidden: false },
        after: { key, hidden: true, reason },
      });
      const owner = await this.owner(m.query.bind(m), publisherId);
      const ids = owner.email
        ? await this.outbox.stage(m, [
            kitchenPictureHiddenMail(
              { to: owner.email, name: owner.name, reason, relatedType: 'publisher', relatedId: publisherId },
              kitchen.brand,
              this.web,
            ),
          ])
        : [];
      return {
        outboxIds: ids,
        pictures: kitchenPictures(kitchen.profile_pic_location, kitchen.kitchen_pictures, blocked),
      };
    });
    void this.outbox.enqueue(outboxIds);
    await this.kitchens.invalidate(publisherId); // its cached summary and the public lists show its pictures
    return pictures;
  }

  async unblockKitchenPicture(
    actor: Principal,
    publisherId: string,
    key: string,
  ): Promise<AdminPictureDto[]> {
    const pictures = await this.db.transaction(async (m) => {
      const kitchen = await this.lockKitchen(m.query.bind(m), publisherId);
      const hidden = kitchen.blocked_pictures.find((b) => b.key === key);
      if (!hidden) throw unchanged('This picture is not hidden.', { publisherId, key });
      const blocked = kitchen.blocked_pictures.filter((b) => b.key !== key);
      await m.query(`UPDATE publisher SET blocked_pictures = $2::jsonb, updated_at = now() WHERE id = $1`, [
        publisherId,
        JSON.stringify(blocked),
      ]);
      await this.audit.record(m, actor, {
        action: 'publisher.unblockPicture',
        targetType: 'publisher',
        targetId: publisherId,
        before: { key, hidden: true, reason: hidden.reason },
        after: { key, hidden: false },
      });
      return kitchenPictures(kitchen.profile_pic_location, kitchen.kitchen_pictures, blocked);
    });
    await this.kitchens.invalidate(publisherId);
    return pictures;
  }

  private async lockItem(
    query: (sql: string, params: unknown[]) => Promise<unknown>,
    itemId: string,
  ): Promise<{
    name: string;
    publisher_id: string;
    block_image: boolean;
    block_image_reason: string | null;
  }> {
    const rows = isUUID(itemId)
      ? ((await query(
          `SELECT name, publisher_id, block_image, block_image_reason FROM item WHERE id = $1 AND item_status <> 'DELETED' FOR UPDATE`,
          [itemId],
        )) as Array<{
          name: string;
          publisher_id: string;
          block_image: boolean;
          block_image_reason: string | null;
        }>)
      : [];
    if (!rows[0]) throw notFound(`Item ${itemId} was not found.`, { itemId });
    return rows[0];
  }

  private async lockKitchen(
    query: (sql: string, params: unknown[]) => Promise<unknown>,
    publisherId: string,
  ): Promise<{
    brand: string;
    profile_pic_location: string | null;
    kitchen_pictures: string[];
    blocked_pictures: BlockedPicture[];
  }> {
    const rows = isUUID(publisherId)
      ? ((await query(
          `SELECT coalesce(brand_display_name, kitchen_name) AS brand, profile_pic_location, kitchen_pictures, blocked_pictures
             FROM publisher WHERE id = $1 FOR UPDATE`,
          [publisherId],
        )) as Array<{
          brand: string;
          profile_pic_location: string | null;
          kitchen_pictures: string[];
          blocked_pictures: BlockedPicture[];
        }>)
      : [];
    if (!rows[0]) throw notFound(`Kitchen ${publisherId} was not found.`, { publisherId });
    return rows[0];
  }

  private async owner(
    query: (sql: string, params: unknown[]) => Promise<unknown>,
    publisherId: string,
  ): Promise<Owner> {
    const rows = (await query(
      `SELECT coalesce(p.user_email, c.user_email) AS email, c.name
         FROM publisher p JOIN consumer c ON c.id = p.consumer_id WHERE p.id = $1`,
      [publisherId],
    )) as Owner[];
    return rows[0] ?? { email: null, name: null };
  }
}
