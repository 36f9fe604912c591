import { Check, Column, Entity, JoinColumn, ManyToOne, Unique, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../common/database/columns.js';
import { ItemEntity } from './item.entity.js';

/**
 * How many orders an item has taken for one date, against its cap. Capacity is taken with one
 * conditional statement (`UPDATE … SET ordered_count = ordered_count + $n WHERE … AND
 * ordered_count + $n <= max_allowed`), and the CHECK refuses any write that would oversell.
 */
@Entity('item_date_capacity')
@Unique(['itemId', 'date'])
@Check(`"ordered_count" <= "max_allowed"`)
@Check(`"ordered_count" >= 0`)
export class ItemDateCapacityEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  itemId: string;

  @ManyToOne(() => ItemEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'item_id' })
  item: Relation<ItemEntity>;

  /** Calendar date in the chef's time zone (YYYY-MM-DD). */
  @Column({ type: 'date' })
  date: string;

  @Column({ type: 'integer', default: 0 })
  orderedCount: number;

  @Column({ type: 'integer' })
  maxAllowed: number;
}
