import type { DataSource } from 'typeorm';
import { SubscriptionStatus } from '@hearth/shared';
import type { Audience, AudienceMember, AudienceMessage } from '../messaging/audience.registry.js';

/**
 * CHEF_NEWS: the SUBSCRIBED subscribers of `message.publisherId`, keyset-paged by their lower-cased address
 * (the unique (publisher_id, email) index serves it). PENDING guests and UNSUBSCRIBED rows never appear.
 */
export class ChefNewsAudience implements Audience {
  constructor(private readonly db: DataSource) {}

  async page(message: AudienceMessage, after: string | null, limit: number): Promise<AudienceMember[]> {
    if (!message.publisherId) return [];
    const rows: Array<{ email: string; name: string | null; consumer_id: string | null }> =
      await this.db.query(
        `SELECT s.email, c.name, s.consumer_id
           FROM subscription s LEFT JOIN consumer c ON c.id = s.consumer_id
          WHERE s.publisher_id = $1 AND s.status = $2 AND ($3::text IS NULL OR s.email > $3)
          ORDER BY s.email
          LIMIT $4`,
        [message.publisherId, SubscriptionStatus.SUBSCRIBED, after, limit],
      );
    return rows.map((r) => ({ email: r.email, name: r.name, consumerId: r.consumer_id }));
  }

  async count(message: AudienceMessage): Promise<number> {
    if (!message.publisherId) return 0;
    const [{ n }] = (await this.db.query(
      `SELECT count(*)::int AS n FROM subscription WHERE publisher_id = $1 AND status = $2`,
      [message.publisherId, SubscriptionStatus.SUBSCRIBED],
    )) as Array<{ n: number }>;
    return n;
  }
}
