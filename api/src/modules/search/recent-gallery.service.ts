import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { publicItemSql } from '../item/item-visibility.js';
import { PublisherCache } from '../publisher/publisher.cache.js';
import { fileUrl } from '../publisher/publisher.mapper.js';
import type { GalleryItemDto } from './dto/search-results.dto.js';

/** At most this many dishes in the gallery. */
export const GALLERY_SIZE = 12;
/** How many of the latest orders are looked at to find them (bounded work on a busy site). */
const RECENT_ORDERS = 500;

@Injectable()
export class RecentGalleryService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cache: PublisherCache,
  ) {}

  /**
   * The gallery as JSON (the stored bytes on a hit): from the kitchen cache's public lists (dropped on every
   * kitchen change, expiring after `LIST_TTL_SECONDS` for new orders and item changes), else read and stored
   * (concurrent misses share one read).
   */
  async recentJson(): Promise<Buffer> {
    return this.cache.list('gallery', async () => JSON.stringify(await this.recent()));
  }

  /**
   * Pictures of the dishes ordered most recently (each dish once), from approved kitchens, whose pictures
   * may be shown, and not only on private menus. Nothing about who ordered, when, or how much.
   */
  async recent(): Promise<GalleryItemDto[]> {
    const rows: Array<{
      item_id: string;
      item_name: string;
      picture: string;
      publisher_id: string;
      kitchen_name: string;
      brand_display_name: string | null;
      logo: string | null;
    }> = await this.db.query(
      `SELECT i.id AS item_id, i.name AS item_name, i.pictures[1] AS picture,
                p.id AS publisher_id, p.kitchen_name, p.brand_display_name, p.logo
           FROM (SELECT oci.item_id, max(o.ordered_date) AS last_ordered
                   FROM (SELECT id, ordered_date FROM customer_order WHERE order_status <> 'CANCELLED'
                          ORDER BY ordered_date DESC LIMIT $1) o
                   JOIN ordered_cart_item oci ON oci.order_id = o.id
                  WHERE oci.item_id IS NOT NULL
                  GROUP BY oci.item_id) recent
           JOIN item i ON i.id = recent.item_id
           JOIN publisher p ON p.id = i.publisher_id
          WHERE p.status = 'APPROVED' AND i.item_status IN ('ACTIVE', 'SOLD_OUT') AND NOT i.block_image
            AND cardinality(i.pictures) > 0 AND ${publicItemSql('i')}
          ORDER BY recent.last_ordered DESC, i.id
          LIMIT $2`,
      [RECENT_ORDERS, GALLERY_SIZE],
    );
    return rows.map((r) => ({
      itemId: r.item_id,
      itemName: r.item_name,
      picture: fileUrl(r.picture)!,
      kitchen: {
        id: r.publisher_id,
        kitchenName: r.kitchen_name,
        brandDisplayName: r.brand_display_name ?? r.kitchen_name,
        logo: fileUrl(r.logo),
      },
    }));
  }
}
