import { MenuHistoryEvent } from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { inList, TimestampedEntity } from '../../common/database/columns.js';
import { ConsumerEntity } from '../consumer/consumer.entity.js';
import { MenuEntity } from './menu.entity.js';

/** What happened to a menu, by whom and when (spec §4 menu history events). */
@Entity('menu_history')
@Check(inList('event', MenuHistoryEvent))
export class MenuHistoryEntity extends TimestampedEntity {
  @Index()
  @Column({ type: 'uuid' })
  menuId: string;

  @ManyToOne(() => MenuEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'menu_id' })
  menu: Relation<MenuEntity>;

  @Column({ type: 'text' })
  event: MenuHistoryEvent;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  actorId: string | null;

  @ManyToOne(() => ConsumerEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'actor_id' })
  actor: Relation<ConsumerEntity> | null;

  @Column({ type: 'jsonb', default: {} })
  details: Record<string, unknown>;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at: Date;
}
