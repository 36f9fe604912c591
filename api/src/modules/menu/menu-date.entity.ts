import type { TimeSlot } from '@hearth/shared';
import { Column, Entity, Index, JoinColumn, ManyToOne, Unique, type Relation } from 'typeorm';
import { TextArrayColumn, TimestampedEntity } from '../../common/database/columns.js';
import { MenuEntity } from './menu.entity.js';

/** One expanded date of a menu, in the chef's time zone, with its slots and order cut-off. */
@Entity('menu_date')
@Unique(['menuId', 'date'])
export class MenuDateEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  menuId: string;

  @ManyToOne(() => MenuEntity, (menu) => menu.menuDates, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'menu_id' })
  menu: Relation<MenuEntity>;

  /** Calendar date in the chef's time zone (YYYY-MM-DD). */
  @Index()
  @Column({ type: 'date' })
  date: string;

  @TextArrayColumn()
  timeSlots: TimeSlot[];

  /** Start of the date's first time slot. */
  @Column({ type: 'timestamptz' })
  startsAt: Date;

  /** Orders for this date are refused from this instant on. */
  @Column({ type: 'timestamptz' })
  cutoffAt: Date;

  /** Set when this single date of a recurring menu is deleted (the menu lives on). */
  @Column({ type: 'boolean', default: false })
  isDeleted: boolean;
}
