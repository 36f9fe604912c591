import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CleanCategory } from '@hearth/shared';
import { SessionPurgeService } from '../../auth/session-purge.service.js';
import { GuestCartExpiryService } from '../../cart/guest-cart-expiry.service.js';
import { OutboxRetentionService } from '../../mail/outbox-retention.service.js';
import { StorageAdapter } from '../../storage/storage.adapter.js';
import { UnconfirmedSubscriptionsService } from '../../subscription/unconfirmed-subscriptions.service.js';
import { REFERENCED_KEYS_SQL, SEED_FILES_PREFIX, referenceOf } from './stored-file-references.js';

/**
 * One kind of data the clean removes, counted and deleted by the module that owns it (ADR 014): the cart,
 * sign-in, mail and subscription modules delete their own rows; stored files go through the storage adapter.
 */
export interface CleanSource {
  /** How many would go, for data older than `cutoff`. */
  count(cutoff: Date): Promise<number>;
  /** Removes up to `limit` of them (one statement, its own transaction); fewer than `limit`: none left. */
  deleteBatch(cutoff: Date, limit: number): Promise<number>;
}

/** The clean's sources by category. Orders, order lines, payments, refunds and settlements are not among them. */
@Injectable()
export class CleanSourcesService {
  private readonly sources: Record<CleanCategory, CleanSource>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    carts: GuestCartExpiryService,
    sessions: SessionPurgeService,
    outbox: OutboxRetentionService,
    subscriptions: UnconfirmedSubscriptionsService,
    private readonly storage: StorageAdapter,
  ) {
    this.sources = {
      [CleanCategory.GUEST_CARTS]: {
        count: (cutoff) => carts.countExpired(cutoff),
        deleteBatch: (cutoff, limit) => carts.deleteExpiredBatch(cutoff, limit),
      },
      [CleanCategory.LOGIN_SESSIONS]: {
        count: (now) => sessions.countEnded(now),
        deleteBatch: (now, limit) => sessions.purgeBatch(now, limit),
      },
      [CleanCategory.ORPHANED_UPLOADS]: {
        count: async (cutoff) => (await this.orphans(cutoff, Infinity)).length,
        deleteBatch: async (cutoff, limit) => {
          const keys = await this.orphans(cutoff, limit);
          for (const key of keys) await this.storage.delete(key);
          return keys.length;
        },
      },
      [CleanCategory.SENT_EMAILS]: {
        count: (cutoff) => outbox.countDelivered(cutoff),
        deleteBatch: (cutoff, limit) => outbox.deleteDeliveredBatch(cutoff, limit),
      },
      [CleanCategory.UNCONFIRMED_SUBSCRIPTIONS]: {
        count: (cutoff) => subscriptions.countUnconfirmed(cutoff),
        deleteBatch: (cutoff, limit) => subscriptions.deleteUnconfirmedBatch(cutoff, limit),
      },
    };
  }

  of(category: CleanCategory): CleanSource {
    return this.sources[category];
  }

  /**
   * Up to `limit` stored files last written before `cutoff` that no row refers to (seed files excepted).
   * The references are read after the listing's cut-off: a file older than the grace period that a row
   * refers to is never listed as an orphan, because rows refer to a file within moments of its upload.
   */
  private async orphans(cutoff: Date, limit: number): Promise<string[]> {
    const rows = (await this.db.query(REFERENCED_KEYS_SQL)) as Array<{ key: string | null }>;
    const referenced = new Set(rows.flatMap((r) => (r.key ? [referenceOf(r.key)] : [])));
    const found: string[] = [];
    for await (const file of this.storage.list()) {
      if (found.length >= limit) break;
      if (file.modifiedAt >= cutoff || file.key.startsWith(SEED_FILES_PREFIX)) continue;
      if (!referenced.has(referenceOf(file.key))) found.push(file.key);
    }
    return found;
  }
}
