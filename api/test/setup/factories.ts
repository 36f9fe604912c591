import { randomBytes } from 'node:crypto';
import { PublisherStatus, Role } from '@hearth/shared';
import type { DataSource, DeepPartial, Point } from 'typeorm';
import { ConsumerEntity } from '../../src/modules/consumer/consumer.entity.js';
import { ItemPricingOptionEntity } from '../../src/modules/item/item-pricing-option.entity.js';
import { ItemEntity } from '../../src/modules/item/item.entity.js';
import { MenuItemEntity } from '../../src/modules/menu/menu-item.entity.js';
import { MenuEntity } from '../../src/modules/menu/menu.entity.js';
import { PublisherEntity } from '../../src/modules/publisher/publisher.entity.js';

/*
 * Factories insert real rows with just enough data to be valid; every unique field gets a fresh value so
 * tests never collide. Pass overrides for what the test is about and leave the rest to the database
 * defaults (which is what the schema promises).
 */

/** A short value no other row has. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/** A GeoJSON point as TypeORM reads and writes geography columns. */
export function point(lat: number, lng: number): Point {
  return { type: 'Point', coordinates: [lng, lat] };
}

/** A signed-in customer. */
export async function createConsumer(
  db: DataSource,
  overrides: DeepPartial<ConsumerEntity> = {},
): Promise<ConsumerEntity> {
  const suffix = uniqueSuffix();
  const repository = db.getRepository(ConsumerEntity);
  return repository.save(
    repository.create({
      keycloakId: `subject-${suffix}`,
      name: 'Test Customer',
      userName: `customer-${suffix}`,
      userEmail: `customer-${suffix}@example.test`,
      roles: [Role.USER],
      ...overrides,
    }),
  );
}

export type PublisherOverrides = DeepPartial<PublisherEntity> & {
  /** Where the kitchen is (sets geo_location). */
  at?: { lat: number; lng: number };
};

/** An APPROVED chef with its own consumer row, unless told otherwise. */
export async function createPublisher(
  db: DataSource,
  overrides: PublisherOverrides = {},
): Promise<PublisherEntity> {
  const { at, ...fields } = overrides;
  const suffix = uniqueSuffix();
  const consumerId = fields.consumerId ?? (await createConsumer(db, { roles: [Role.USER, Role.CHEF] })).id;
  const repository = db.getRepository(PublisherEntity);
  return repository.save(
    repository.create({
      kitchenName: `Test Kitchen ${suffix}`,
      userEmail: `chef-${suffix}@example.test`,
      status: PublisherStatus.APPROVED,
      ...(at ? { geoLocation: point(at.lat, at.lng) } : {}),
      ...fields,
      consumerId,
    }),
  );
}

export type ItemOverrides = DeepPartial<ItemEntity> & {
  /** Fields of the item's one pricing option (database defaults otherwise). */
  pricingOption?: DeepPartial<ItemPricingOptionEntity>;
};

/** An item of a chef (a new APPROVED chef unless `publisherId` is given) with one pricing option. */
export async function createItem(db: DataSource, overrides: ItemOverrides = {}): Promise<ItemEntity> {
  const { pricingOption, ...fields } = overrides;
  const publisherId = fields.publisherId ?? (await createPublisher(db)).id;
  const items = db.getRepository(ItemEntity);
  const item = await items.save(
    items.create({ name: `Test dish ${uniqueSuffix()}`, ...fields, publisherId }),
  );
  const options = db.getRepository(ItemPricingOptionEntity);
  await options.save(options.create({ ...pricingOption, itemId: item.id }));
  return items.findOneOrFail({ where: { id: item.id }, relations: { pricingOptions: true } });
}

export type MenuOverrides = DeepPartial<MenuEntity> & {
  /** Items to put on the menu, in this order. */
  itemIds?: string[];
};

/** A DRAFT menu of a chef (a new APPROVED chef unless `publisherId` is given), with the given items. */
export async function createMenu(db: DataSource, overrides: MenuOverrides = {}): Promise<MenuEntity> {
  const { itemIds = [], ...fields } = overrides;
  const publisherId = fields.publisherId ?? (await createPublisher(db)).id;
  const menus = db.getRepository(MenuEntity);
  const menu = await menus.save(
    menus.create({ name: `Test menu ${uniqueSuffix()}`, ...fields, publisherId }),
  );
  const menuItems = db.getRepository(MenuItemEntity);
  await menuItems.save(
    itemIds.map((itemId, position) => menuItems.create({ menuId: menu.id, itemId, position })),
  );
  return menus.findOneOrFail({ where: { id: menu.id }, relations: { menuItems: true } });
}
