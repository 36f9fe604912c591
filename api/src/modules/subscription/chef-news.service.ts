import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { BulkMessageKind, ContentFormat, SubscriptionStatus } from '@hearth/shared';
import type { Env } from '../../config/env.js';
import { AudienceRegistry } from '../messaging/audience.registry.js';
import { BroadcastService } from '../messaging/broadcast.service.js';
import { ChefNewsAudience } from './chef-news.audience.js';
import { chefNewsContent } from './subscription-mail.js';

/** At most one news e-mail per chef within this many hours. */
export const CHEF_NEWS_GAP_HOURS = 24;

/** What the menu module tells after a menu was published or got new dates (after its commit). */
export interface MenuNews {
  publisherId: string;
  menuName: string;
  /** The menu's upcoming dates (YYYY-MM-DD). */
  dates: string[];
}

/**
 * A chef's news to their subscribers: registers the CHEF_NEWS audience, and when the menu module says a
 * menu was published or got new dates, stores ONE bulk message (kind CHEF_NEWS) and starts its fan-out —
 * at most one per chef per {@link CHEF_NEWS_GAP_HOURS}: the conditional INSERT … ON CONFLICT DO UPDATE … WHERE
 * on `subscriber_news` lets exactly one caller through, even when two menus are published at once.
 */
@Injectable()
export class ChefNewsService implements OnModuleInit {
  private readonly logger = new Logger(ChefNewsService.name);
  private readonly webOrigin: string;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audiences: AudienceRegistry,
    private readonly broadcasts: BroadcastService,
    config: ConfigService<Env, true>,
  ) {
    this.webOrigin = config.get('WEB_ORIGIN', { infer: true }).replace(/\/$/, '');
  }

  onModuleInit(): void {
    if (!this.audiences.has(BulkMessageKind.CHEF_NEWS))
      this.audiences.register(BulkMessageKind.CHEF_NEWS, new ChefNewsAudience(this.db));
  }

  /** Sends the news when the chef has subscribers and sent none in the last day; returns the message id or null. Never throws. */
  async menuNews(news: MenuNews): Promise<string | null> {
    try {
      return await this.send(news);
    } catch (error) {
      this.logger.warn({ err: error, publisherId: news.publisherId }, "Could not send a chef's news");
      return null;
    }
  }

  private async send(news: MenuNews): Promise<string | null> {
    const id = await this.db.transaction(async (m) => {
      const [kitchen] = (await m.query(
        `SELECT coalesce(p.brand_display_name, p.kitchen_name) AS name,
                EXISTS (SELECT 1 FROM subscription s WHERE s.publisher_id = p.id AND s.status = $2) AS followed
           FROM publisher p WHERE p.id = $1`,
        [news.publisherId, SubscriptionStatus.SUBSCRIBED],
      )) as Array<{ name: string; followed: boolean }>;
      if (!kitchen?.followed) return null;
      const gate: unknown[] = await m.query(
        `INSERT INTO subscriber_news (publisher_id, last_sent_at) VALUES ($1, now())
         ON CONFLICT (publisher_id) DO UPDATE SET last_sent_at = now(), updated_at = now()
          WHERE subscriber_news.last_sent_at <= now() - make_interval(hours => $2)
         RETURNING id`,
        [news.publisherId, CHEF_NEWS_GAP_HOURS],
      );
      if (gate.length === 0) return null;
      const body = chefNewsContent({
        kitchenName: kitchen.name,
        menuName: news.menuName,
        dates: news.dates,
        kitchenUrl: `${this.webOrigin}/kitchen/${news.publisherId}`,
      });
      const messageId = await this.broadcasts.create(m, {
        kind: BulkMessageKind.CHEF_NEWS,
        targetGroup: null,
        publisherId: news.publisherId,
        toAddress: null,
        subject: body.subject,
        content: body.content,
        contentFormat: ContentFormat.MARKDOWN,
        templateType: null,
        itemIds: [],
        html: body.html,
        text: body.text,
        createdById: null,
      });
      await m.query(`UPDATE subscriber_news SET last_bulk_message_id = $2 WHERE publisher_id = $1`, [
        news.publisherId,
        messageId,
      ]);
      return messageId;
    });
    if (id) await this.broadcasts.start(id);
    return id;
  }
}
