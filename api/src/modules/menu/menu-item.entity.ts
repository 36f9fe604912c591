import { Column, Entity, Index, JoinColumn, ManyToOne, Unique, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../common/database/columns.js';
import { ItemEntity } from '../item/item.entity.js';
import { MenuEntity } from './menu.entity.js';

/** An item on a menu. */
@Entity('menu_item')
@Unique(['menuId', 'itemId'])
export class MenuItemEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  menuId: string;

  @ManyToOne(() => MenuEntity, (menu) => menu.menuItems, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'menu_id' })
  menu: Relation<MenuEntity>;

  @Index()
  @Column({ type: 'uuid' })
  itemId: string;

  @ManyToOne(() => ItemEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'item_id' })
  item: Relation<ItemEntity>;

  /** Display order on the menu. */
  @Column({ type: 'integer', default: 0 })
  position: number;
}
