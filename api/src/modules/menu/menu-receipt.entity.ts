import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../common/database/columns.js';
import { MenuEntity } from './menu.entity.js';

/**
 * A receipt the chef attached to a menu (spec §3 Menu receipts, issue 17 item 6): a private document in
 * storage, for one cook date of the menu (`date`) or for the whole menu (null). `id` is the uuid of the
 * stored file's name, so receipt URLs stay those of the former `menu.receipts` keys; `createdAt` is when it
 * was uploaded.
 */
@Entity('menu_receipt')
@Index(['menuId', 'date'])
export class MenuReceiptEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  menuId: string;

  @ManyToOne(() => MenuEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'menu_id' })
  menu: Relation<MenuEntity>;

  /** Where the bytes are: `private/receipts/<id>.<ext>`. */
  @Index({ unique: true })
  @Column({ type: 'text' })
  storageKey: string;

  /** The cook date (in the menu's zone) the receipt is for; null: the whole menu. */
  @Column({ type: 'date', nullable: true })
  date: string | null;

  /** The file name the chef uploaded (or the stored one for receipts from before names were kept). */
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  contentType: string;

  /** Bytes stored; null for receipts from before sizes were kept. */
  @Column({ type: 'integer', nullable: true })
  size: number | null;
}

/** How receipts are listed: by cook date (whole-menu ones first), the newest upload first within a date. */
export const RECEIPT_ORDER = {
  date: { direction: 'ASC', nulls: 'FIRST' },
  createdAt: 'DESC',
  id: 'ASC',
} as const;
