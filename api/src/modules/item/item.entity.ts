import {
  DEFAULTS,
  ItemStatus,
  type DeliveryOption,
  type FoodType,
  type MedicalCategory,
  type TimeSlot,
} from '@hearth/shared';
import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  OneToOne,
  type Point,
  type Relation,
} from 'typeorm';
import { inList, MoneyColumn, TextArrayColumn, TimestampedEntity } from '../../common/database/columns.js';
import { PublisherEntity } from '../publisher/publisher.entity.js';
import { ItemNutritionEntity } from './item-nutrition.entity.js';
import { ItemPricingOptionEntity } from './item-pricing-option.entity.js';

/** Full-text document of an item: name first, then description, then ingredients and benefits. */
export const ITEM_SEARCH_EXPRESSION =
  `setweight(to_tsvector('english', coalesce("name", '')), 'A') || ` +
  `setweight(to_tsvector('english', coalesce("description", '')), 'B') || ` +
  `setweight(to_tsvector('english', coalesce("ingredients", '')), 'C') || ` +
  `setweight(to_tsvector('english', coalesce("health_benefits", '')), 'C')`;

/**
 * A dish a chef sells (spec §3 Item). Prices live in its pricing options (at least one per item, a
 * service rule). `location` is a copy of the chef's point so that item search needs no join.
 * The trigram index on `name` (typo-tolerant search) is created by the migration; it is declared here
 * with `synchronize: false` because TypeORM cannot express its operator class.
 */
@Entity('item')
@Check(inList('item_status', ItemStatus))
@Check(`"max_allowed_orders" >= 0`)
@Index('idx_item_name_trgm', { synchronize: false })
export class ItemEntity extends TimestampedEntity {
  @Index()
  @Column({ type: 'uuid' })
  publisherId: string;

  @ManyToOne(() => PublisherEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'publisher_id' })
  publisher: Relation<PublisherEntity>;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', nullable: true })
  ingredients: string | null;

  @Column({ type: 'text', nullable: true })
  organicIngredients: string | null;

  @Column({ type: 'text', nullable: true })
  sideEffects: string | null;

  @Column({ type: 'text', nullable: true })
  healthBenefits: string | null;

  @TextArrayColumn()
  searchTags: string[];

  @TextArrayColumn({ default: [DEFAULTS.medicalFriendly] })
  medicalFriendly: MedicalCategory[];

  @TextArrayColumn({ default: DEFAULTS.foodTypes })
  foodTypes: FoodType[];

  @TextArrayColumn({ default: DEFAULTS.deliveryTimeSlots })
  deliveryTimeSlots: TimeSlot[];

  @TextArrayColumn({ default: DEFAULTS.deliveryOptions })
  deliveryOptions: DeliveryOption[];

  /** Days the food keeps. */
  @Column({ type: 'integer', default: DEFAULTS.bestBefore })
  bestBefore: number;

  @Column({ type: 'integer', default: DEFAULTS.serves })
  serves: number;

  /** Orders accepted per date (copied into item_date_capacity.max_allowed). */
  @Column({ type: 'integer', default: DEFAULTS.maxAllowedOrders })
  maxAllowedOrders: number;

  @MoneyColumn({ default: '0' })
  deliveryFees: string;

  @MoneyColumn({ default: DEFAULTS.deliveryMinimumAmount })
  deliveryMinimumAmount: string;

  @TextArrayColumn()
  zipcodesServed: string[];

  /** Storage keys. */
  @TextArrayColumn()
  pictures: string[];

  /** Set by an admin when the item's pictures must not be shown. */
  @Column({ type: 'boolean', default: false })
  blockImage: boolean;

  /** Why an admin hid the pictures (shown to the chef), null while they are shown. */
  @Column({ type: 'text', nullable: true })
  blockImageReason: string | null;

  @Index()
  @Column({ type: 'text', default: ItemStatus.ACTIVE })
  itemStatus: ItemStatus;

  /** Mirrors the chef being blocked, so item search can filter without a join. */
  @Column({ type: 'boolean', default: false })
  isChefBlocked: boolean;

  @Column({ type: 'integer', default: 0 })
  orderCount: number;

  @Index({ spatial: true })
  @Column({ type: 'geography', spatialFeatureType: 'Point', srid: 4326, nullable: true })
  location: Point | null;

  @Index({ type: 'gin' })
  @Column({
    type: 'tsvector',
    generatedType: 'STORED',
    asExpression: ITEM_SEARCH_EXPRESSION,
    insert: false,
    update: false,
    select: false,
  })
  searchVector: string;

  /**
   * The menus holding this item, for the search: copied from `menu_item` by its triggers (migration
   * ItemMenuIds), so TypeORM never reads or writes it.
   */
  @Column({ type: 'uuid', array: true, default: () => "'{}'", insert: false, update: false, select: false })
  menuIds: string[];

  @OneToMany(() => ItemPricingOptionEntity, (option) => option.item)
  pricingOptions: Relation<ItemPricingOptionEntity[]>;

  @OneToOne(() => ItemNutritionEntity, (nutrition) => nutrition.item)
  nutrition: Relation<ItemNutritionEntity> | null;
}
