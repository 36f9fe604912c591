import {
  DEFAULTS,
  DistanceUnit,
  MenuEndsOn,
  MenuStatus,
  MenuType,
  RepeatUnit,
  StopOrdersType,
  type TimeSlot,
  type Weekday,
} from '@hearth/shared';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, type Relation } from 'typeorm';
import { inList, MoneyColumn, TextArrayColumn, TimestampedEntity } from '../../common/database/columns.js';
import { PickupLocationEntity } from '../publisher/pickup-location.entity.js';
import { PublisherEntity } from '../publisher/publisher.entity.js';
import { MenuDateEntity } from './menu-date.entity.js';
import { MenuItemEntity } from './menu-item.entity.js';

/**
 * A chef's menu (spec §3 Menu and Menu end rule): one-time or recurring, with its delivery terms.
 * Its dates are expanded into `menu_date` rows when it is published.
 */
@Entity('menu')
@Check(inList('status', MenuStatus))
@Check(inList('menu_type', MenuType))
@Check(inList('occurrence', RepeatUnit))
@Check(inList('ends_on_or_after', MenuEndsOn))
@Check(inList('stop_orders_type', StopOrdersType))
@Check(inList('stop_orders_type_for_catering', StopOrdersType))
@Check(inList('delivery_measurement', DistanceUnit))
@Check(`"repeats_every" >= 1`)
export class MenuEntity extends TimestampedEntity {
  @Index()
  @Column({ type: 'uuid' })
  publisherId: string;

  /** The chef who published it (spec publishedBy). */
  @ManyToOne(() => PublisherEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'publisher_id' })
  publisher: Relation<PublisherEntity>;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Index()
  @Column({ type: 'text', default: DEFAULTS.menuStatus })
  status: MenuStatus;

  @Column({ type: 'text', default: DEFAULTS.menuType })
  menuType: MenuType;

  /**
   * A private menu (and its items and dates) is seen only by its chef, admins and customers who know the
   * kitchen's secret code (settings SECRET_CODE); it never shows in searches, galleries or news mails.
   */
  @Column({ type: 'boolean', default: false })
  isPrivate: boolean;

  // --- recurrence ---------------------------------------------------------

  /** Repeat unit: days, weeks, months or onetime. */
  @Column({ type: 'text', default: DEFAULTS.occurrence })
  occurrence: RepeatUnit;

  @Column({ type: 'integer', default: DEFAULTS.repeatsEvery })
  repeatsEvery: number;

  /** Weekdays of a weekly menu (MO … SU). */
  @TextArrayColumn()
  repeatsOn: Weekday[];

  /** Rule of a monthly menu, e.g. a day of the month. */
  @Column({ type: 'text', nullable: true })
  monthRepeatsOn: string | null;

  @Column({ type: 'text', default: DEFAULTS.endsOnOrAfter })
  endsOnOrAfter: MenuEndsOn;

  @Column({ type: 'integer', default: DEFAULTS.endsAfterOccurrences })
  endsAfterOccurrences: number;

  @Column({ type: 'date', nullable: true })
  endsOnDate: string | null;

  @Column({ type: 'boolean', default: DEFAULTS.autoExtend })
  autoExtend: boolean;

  // --- dates --------------------------------------------------------------

  /** IANA time zone the menu's dates and time slots are in (the chef's). */
  @Column({ type: 'text', nullable: true })
  timeZone: string | null;

  /** First delivery date. */
  @Column({ type: 'date', nullable: true })
  deliveryDate: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  endDateTime: Date | null;

  @Column({ type: 'date', nullable: true })
  eventDate: string | null;

  @Column({ type: 'time', nullable: true })
  eventTime: string | null;

  /**
   * Time slots of every date of the menu. NULL on menus written before this column existed (and by the
   * seed): their slots are those of their latest menu_date row.
   */
  @Column({ type: 'text', array: true, nullable: true })
  deliveryTimeSlots: TimeSlot[] | null;

  // --- ordering cut-off ---------------------------------------------------

  @Column({ type: 'text', nullable: true })
  stopOrdersType: StopOrdersType | null;

  @Column({ type: 'integer', nullable: true })
  stopOrdersByDaysOrHours: number | null;

  @Column({ type: 'boolean', default: DEFAULTS.cateringEnabled })
  cateringEnabled: boolean;

  @Column({ type: 'text', default: DEFAULTS.stopOrdersTypeForCatering })
  stopOrdersTypeForCatering: StopOrdersType;

  @Column({ type: 'integer', default: DEFAULTS.stopOrdersByDaysOrHoursForCatering })
  stopOrdersByDaysOrHoursForCatering: number;

  // --- delivery -----------------------------------------------------------

  @Column({ type: 'numeric', precision: 8, scale: 2, nullable: true })
  deliveryRadius: string | null;

  /** Unit of the delivery radius (spec deliveryMeasurment): miles or km. */
  @Column({ type: 'text', nullable: true })
  deliveryMeasurement: DistanceUnit | null;

  @MoneyColumn({ nullable: true })
  deliveryFees: string | null;

  @TextArrayColumn()
  deliveryZipCodes: string[];

  @MoneyColumn({ default: DEFAULTS.deliveryMinimumAmount })
  deliveryOrderMinimumAmount: string;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  associatedAddressId: string | null;

  /** The pickup location the menu is served from. */
  @ManyToOne(() => PickupLocationEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'associated_address_id' })
  associatedAddress: Relation<PickupLocationEntity> | null;

  @Column({ type: 'text', nullable: true })
  countryName: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  draftCreatedDate: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  draftModifiedDate: Date | null;

  @OneToMany(() => MenuItemEntity, (menuItem) => menuItem.menu)
  menuItems: Relation<MenuItemEntity[]>;

  @OneToMany(() => MenuDateEntity, (menuDate) => menuDate.menu)
  menuDates: Relation<MenuDateEntity[]>;
}
