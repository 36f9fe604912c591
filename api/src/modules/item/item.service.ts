import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import { In, Not, type DataSource, type EntityManager, type Repository } from 'typeorm';
import {
  DEFAULTS,
  hasRole,
  ItemStatus,
  PublisherStatus,
  Role,
  todayIn,
  type DeliveryOption,
  type ItemAction,
} from '@hearth/shared';
import { ClockService } from '../../common/clock/clock.service.js';
import type { Principal } from '../../common/http/principal.js';
import { parseSort } from '../../common/http/paging.js';
import { badField, conflict, forbidden, notFound } from '../../common/problem/problem.exception.js';
import type { FastifyRequest } from 'fastify';
import { ChefDirectoryReader, type KitchenFacts } from '../settings/chef-directory.reader.js';
import { KitchenCodeService } from '../settings/kitchen-code.service.js';
import { StorageAdapter } from '../storage/storage.adapter.js';
import { UploadService, type UploadedBlob } from '../storage/upload.service.js';
import type {
  CloneItemDto,
  CreateItemDto,
  ItemFieldsDto,
  PricingOptionInputDto,
  UpdateItemDto,
} from './dto/item-request.dto.js';
import type { ItemDto } from './dto/item-response.dto.js';
import type { ItemListQuery } from './dto/item-list.query.js';
import { ItemNutritionEntity } from './item-nutrition.entity.js';
import { ItemPricingOptionEntity } from './item-pricing-option.entity.js';
import { ItemEntity } from './item.entity.js';
import { mapItem, mapPicture, nutritionColumns, pictureKeys } from './item.mapper.js';
import { ItemDateCapacityRepository } from './item-date-capacity.repository.js';
import { publicItemSql } from './item-visibility.js';

/** Most pictures an item holds. */
export const MAX_ITEM_PICTURES = 5;
/** States in which customers see an item. */
export const PUBLIC_ITEM_STATUSES: readonly ItemStatus[] = [ItemStatus.ACTIVE, ItemStatus.SOLD_OUT];

const SORTABLE = ['name', 'createdAt', 'updatedAt'] as const;

/** What the menu module needs to know about an item it puts on a menu. */
export interface MenuItemFacts {
  id: string;
  name: string;
  itemStatus: ItemStatus;
  deliveryOptions: DeliveryOption[];
  maxAllowedOrders: number;
}

/** Item actions of `item/{id}/{action}`: the state each one leads to, and the states it refuses. */
const ACTIONS: Record<ItemAction, { to: ItemStatus; refusedFrom: Partial<Record<ItemStatus, string>> }> = {
  hide: { to: ItemStatus.HIDDEN, refusedFrom: {} },
  show: { to: ItemStatus.ACTIVE, refusedFrom: {} },
  soldout: {
    to: ItemStatus.SOLD_OUT,
    refusedFrom: { HIDDEN: 'A hidden item is not offered; show it first.' },
  },
  available: {
    to: ItemStatus.ACTIVE,
    refusedFrom: { HIDDEN: 'A hidden item is not offered; show it first.' },
  },
};

const itemNotFound = (id: string) => notFound(`Item ${id} was not found.`, { id });

/**
 * Items of a chef (spec §3 Item). Only the owner changes an item; anyone reads an ACTIVE or SOLD_OUT item of
 * an approved kitchen that is not blocked; the owner and admins read any. Someone else's item is "not found",
 * never "forbidden", so that ids reveal nothing.
 */
@Injectable()
export class ItemService {
  constructor(
    @InjectRepository(ItemEntity) private readonly items: Repository<ItemEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly chefs: ChefDirectoryReader,
    private readonly uploads: UploadService,
    private readonly storage: StorageAdapter,
    private readonly clock: ClockService,
    private readonly capacity: ItemDateCapacityRepository,
    private readonly codes: KitchenCodeService,
  ) {}

  /** A new ACTIVE item of the caller's kitchen; left-out fields take the spec's defaults. */
  async create(actor: Principal, dto: CreateItemDto): Promise<ItemDto> {
    const kitchen = await this.ownKitchen(actor);
    const id = await this.db.transaction(async (m) => {
      const inserted = await m.insert(ItemEntity, {
        ...itemColumns(dto),
        name: dto.name.trim(),
        publisherId: kitchen.id,
        location: kitchen.geoLocation,
      });
      const itemId = inserted.identifiers[0].id as string;
      await writeOptions(m, itemId, dto.pricingOptions ?? [defaultOption(dto)], []);
      await m.insert(ItemNutritionEntity, { itemId, ...nutritionColumns(dto.nutrition) });
      return itemId;
    });
    return this.present(actor, await this.load(id), kitchen);
  }

  /** An item as the caller may see it (see the class comment). */
  async get(actor: Principal | undefined, id: string, req?: FastifyRequest): Promise<ItemDto> {
    const item = isUUID(id) ? await this.load(id) : null;
    if (!item) throw itemNotFound(id);
    const kitchen = await this.chefs.kitchen(item.publisherId);
    if (!kitchen) throw itemNotFound(id);
    const privileged = actor?.publisherId === item.publisherId || hasRole(actor, Role.ADMIN);
    const visible =
      PUBLIC_ITEM_STATUSES.includes(item.itemStatus) &&
      !item.isChefBlocked &&
      kitchen.status === PublisherStatus.APPROVED;
    if (!privileged && !visible) throw itemNotFound(id);
    // Private menus: their dates only with the kitchen's code; an item on nothing else is "not found" without it.
    const withPrivate =
      privileged || (req ? await this.codes.canSeePrivate(actor, req, item.publisherId) : false);
    if (!withPrivate && !(await this.isPublic(item.id))) throw itemNotFound(id);
    return this.map(actor, item, kitchen, await this.offers([item.id], kitchen, withPrivate));
  }

  /** Whether people without the kitchen's code may see the item (see publicItemSql). */
  private async isPublic(itemId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM item i WHERE i.id = $1 AND ${publicItemSql('i')}`,
      [itemId],
    );
    return rows.length > 0;
  }

  /** The caller's items (an admin names the kitchen), DELETED ones only when asked for. */
  async list(actor: Principal, query: ItemListQuery): Promise<{ items: ItemDto[]; total: number }> {
    let publisherId = actor.publisherId;
    if (query.publisherId && hasRole(actor, Role.ADMIN)) publisherId = query.publisherId;
    if (!publisherId) {
      if (hasRole(actor, Role.ADMIN))
        throw badField('publisherId', 'publisherId names the kitchen whose items an admin lists');
      throw forbidden('You need an approved kitchen to have items.');
    }
    const kitchen = await this.chefs.kitchen(publisherId);
    if (!kitchen) return { items: [], total: 0 };
    const sort = parseSort(query.sort, SORTABLE, { field: 'name', direction: 'ASC' });
    const [rows, total] = await this.items.findAndCount({
      where: { publisherId, itemStatus: query.status ?? Not(ItemStatus.DELETED) },
      relations: { pricingOptions: true, nutrition: true },
      order: { [sort.field]: sort.direction, id: 'ASC' },
      skip: query.page * query.size,
      take: query.size,
    });
    const offers = await this.offers(
      rows.map((r) => r.id),
      kitchen,
    );
    return { items: rows.map((r) => this.map(actor, r, kitchen, offers)), total };
  }

  /** Changes the given fields; pricingOptions, when given, becomes the whole list (options sent with their id keep it). */
  async update(actor: Principal, id: string, dto: UpdateItemDto): Promise<ItemDto> {
    const kitchen = await this.ownKitchen(actor);
    await this.db.transaction(async (m) => {
      const item = await this.owned(actor, id, m);
      refuseDeleted(item);
      const columns = itemColumns(dto);
      if (dto.name !== undefined) columns.name = dto.name.trim();
      await m.update(ItemEntity, { id: item.id }, { ...columns, location: kitchen.geoLocation });
      if (dto.pricingOptions) {
        await writeOptions(m, item.id, dto.pricingOptions, item.pricingOptions);
      } else if (dto.measurement !== undefined || dto.quantity !== undefined || dto.chefPrice !== undefined) {
        const [first] = [...item.pricingOptions].sort((a, b) => a.position - b.position);
        const values = { measurement: dto.measurement, quantity: dto.quantity, chefPrice: dto.chefPrice };
        if (first) await m.update(ItemPricingOptionEntity, { id: first.id }, withoutUndefined(values));
      }
      if (dto.nutrition) {
        const values = nutritionColumns(dto.nutrition);
        if (item.nutrition) await m.update(ItemNutritionEntity, { id: item.nutrition.id }, values);
        else await m.insert(ItemNutritionEntity, { itemId: item.id, ...values });
      }
      if (dto.maxAllowedOrders !== undefined) {
        // Upcoming dates follow the new cap, but never below what has been ordered already.
        await this.capacity.setMax(m, item.id, dto.maxAllowedOrders, this.today(kitchen));
      }
    });
    return this.present(actor, await this.load(id), kitchen);
  }

  /**
   * Soft delete: the item becomes DELETED and vanishes from menus and searches; its rows stay for past
   * orders. Refused while it has orders for an upcoming date (the chef marks it sold out or hides it
   * instead, so those orders can still be served). Deleting a deleted item changes nothing.
   */
  async remove(actor: Principal, id: string): Promise<void> {
    const kitchen = await this.ownKitchen(actor);
    await this.db.transaction(async (m) => {
      const item = await this.owned(actor, id, m, true);
      if (item.itemStatus === ItemStatus.DELETED) return;
      const today = this.today(kitchen);
      const dates = await this.capacity.orderedDates(m, item.id, today);
      if (dates.length > 0) {
        throw conflict(
          `${item.name} has orders for ${dates.join(', ')}: mark it sold out or hide it instead, so those orders can still be served.`,
          'error.item.hasOrders',
          { dates },
        );
      }
      await m.update(ItemEntity, { id: item.id }, { itemStatus: ItemStatus.DELETED });
      await this.capacity.dropUnordered(m, item.id, today);
    });
  }

  /** A copy of one of the caller's items, named "… (copy)", ACTIVE, with no orders. */
  async clone(actor: Principal, dto: CloneItemDto): Promise<ItemDto> {
    const kitchen = await this.ownKitchen(actor);
    const source = await this.owned(actor, dto.itemId);
    const id = await this.db.transaction(async (m) => {
      const {
        id: _id,
        createdAt: _c,
        updatedAt: _u,
        pricingOptions,
        nutrition,
        publisher: _p,
        searchVector: _s,
        ...fields
      } = source;
      const inserted = await m.insert(ItemEntity, {
        ...fields,
        name: `${source.name} (copy)`,
        itemStatus: ItemStatus.ACTIVE,
        orderCount: 0,
        location: kitchen.geoLocation,
      });
      const itemId = inserted.identifiers[0].id as string;
      if (pricingOptions.length > 0) {
        await m.insert(
          ItemPricingOptionEntity,
          pricingOptions.map((o) => ({
            itemId,
            measurement: o.measurement,
            quantity: o.quantity,
            chefPrice: o.chefPrice,
            serves: o.serves,
            position: o.position,
          })),
        );
      }
      const {
        id: _nid,
        itemId: _iid,
        item: _it,
        createdAt: _nc,
        updatedAt: _nu,
        ...nutrients
      } = nutrition ?? ({} as ItemNutritionEntity);
      await m.insert(ItemNutritionEntity, { ...nutrients, itemId });
      return itemId;
    });
    return this.present(actor, await this.load(id), kitchen);
  }

  /** hide, show, soldout or available (see {@link ACTIONS}); repeating an action changes nothing. */
  async act(actor: Principal, id: string, action: ItemAction): Promise<ItemDto> {
    const kitchen = await this.ownKitchen(actor);
    const item = await this.owned(actor, id);
    refuseDeleted(item);
    const rule = ACTIONS[action];
    const refusal = rule.refusedFrom[item.itemStatus];
    if (refusal) throw conflict(refusal, 'error.item.action', { status: item.itemStatus, action });
    if (!(action === 'show' && item.itemStatus !== ItemStatus.HIDDEN)) {
      await this.items.update({ id: item.id }, { itemStatus: rule.to });
    }
    return this.present(actor, await this.load(id), kitchen);
  }

  /** Stores up to {@link MAX_ITEM_PICTURES} pictures (checked by their bytes, resized to 400/800/1600 px WebP). */
  async addPictures(actor: Principal, id: string, files: UploadedBlob[] | undefined): Promise<ItemDto> {
    const kitchen = await this.ownKitchen(actor);
    const item = await this.owned(actor, id);
    refuseDeleted(item);
    if (!files || files.length === 0) throw badField('files', 'Choose at least one picture to upload.');
    if (item.pictures.length + files.length > MAX_ITEM_PICTURES) {
      throw badField(
        'files',
        `An item has at most ${MAX_ITEM_PICTURES} pictures and this one has ${item.pictures.length}: delete one first.`,
      );
    }
    const keys: string[] = [];
    const stored: string[] = [];
    try {
      for (const file of files) {
        const picture = await this.uploads.storeImage(file, 'items', 'files');
        keys.push(picture.key);
        stored.push(...UploadService.keysOf(picture));
      }
      // Checked again in the statement itself, so two uploads at once cannot pass the limit together.
      const [, appended] = (await this.db.query(
        `UPDATE item SET pictures = pictures || $2::text[], updated_at = now() WHERE id = $1 AND cardinality(pictures) + $3 <= $4`,
        [item.id, keys, keys.length, MAX_ITEM_PICTURES],
      )) as [unknown[], number];
      if (appended === 0) {
        throw badField('files', `An item has at most ${MAX_ITEM_PICTURES} pictures: delete one first.`);
      }
    } catch (error) {
      // Pictures no item shows would stay in storage for ever (security review S-24).
      await this.uploads.discard(stored);
      throw error;
    }
    return this.present(actor, await this.load(id), kitchen);
  }

  /** Removes one picture; its files go too unless another item (a clone) still shows them. */
  async removePicture(actor: Principal, id: string, pictureId: string): Promise<ItemDto> {
    const kitchen = await this.ownKitchen(actor);
    const item = await this.owned(actor, id);
    refuseDeleted(item);
    const key = item.pictures.find((k) => mapPicture(k).id === pictureId);
    if (!key) throw notFound(`Item ${id} has no picture ${pictureId}.`, { id, pictureId });
    await this.db.query(
      `UPDATE item SET pictures = array_remove(pictures, $2), updated_at = now() WHERE id = $1`,
      [item.id, key],
    );
    const [{ used }] = (await this.db.query(
      `SELECT count(*)::int AS used FROM item WHERE $1 = ANY(pictures)`,
      [key],
    )) as Array<{ used: number }>;
    if (used === 0) await Promise.all(pictureKeys(key).map((k) => this.storage.delete(k)));
    return this.present(actor, await this.load(id), kitchen);
  }

  // --- for other modules --------------------------------------------------------------------------

  /** Items of a kitchen that may go on a menu (not DELETED, not HIDDEN), among `ids`. */
  async menuCandidates(publisherId: string, ids: string[]): Promise<MenuItemFacts[]> {
    const valid = ids.filter((id) => isUUID(id));
    if (valid.length === 0) return [];
    const rows = await this.items.find({
      where: { id: In(valid), publisherId, itemStatus: In(PUBLIC_ITEM_STATUSES) },
      select: { id: true, name: true, itemStatus: true, deliveryOptions: true, maxAllowedOrders: true },
    });
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      itemStatus: r.itemStatus,
      deliveryOptions: r.deliveryOptions,
      maxAllowedOrders: r.maxAllowedOrders,
    }));
  }

  // --- helpers -----------------------------------------------------------------------------------

  private async ownKitchen(actor: Principal): Promise<KitchenFacts> {
    const kitchen = actor.publisherId ? await this.chefs.kitchen(actor.publisherId) : null;
    if (!kitchen) throw forbidden('You need an approved kitchen to manage items.');
    return kitchen;
  }

  /** One of the caller's items (any state), or 404. */
  private async owned(actor: Principal, id: string, m?: EntityManager, lock = false): Promise<ItemEntity> {
    if (!isUUID(id) || !actor.publisherId) throw itemNotFound(id);
    const repo = m ? m.getRepository(ItemEntity) : this.items;
    if (lock) {
      const locked = await repo.findOne({
        where: { id, publisherId: actor.publisherId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!locked) throw itemNotFound(id);
    }
    const item = await repo.findOne({
      where: { id, publisherId: actor.publisherId },
      relations: { pricingOptions: true, nutrition: true },
    });
    if (!item) throw itemNotFound(id);
    return item;
  }

  private load(id: string): Promise<ItemEntity | null> {
    return this.items.findOne({ where: { id }, relations: { pricingOptions: true, nutrition: true } });
  }

  private today(kitchen: KitchenFacts): string {
    return todayIn(kitchen.timeZone ?? 'UTC', this.clock.now());
  }

  private async present(
    actor: Principal | undefined,
    item: ItemEntity | null,
    kitchen: KitchenFacts,
  ): Promise<ItemDto> {
    if (!item) throw notFound('The item was not found.');
    return this.map(actor, item, kitchen, await this.offers([item.id], kitchen));
  }

  private map(
    actor: Principal | undefined,
    item: ItemEntity,
    kitchen: KitchenFacts,
    offers: Offers,
  ): ItemDto {
    const privileged = actor?.publisherId === item.publisherId || hasRole(actor, Role.ADMIN);
    const dates = offers.menuDates.get(item.id) ?? [];
    return mapItem(item, {
      kitchenName: kitchen.kitchenName,
      currencyCode: kitchen.currencyCode,
      showPictures: privileged || !item.blockImage,
      privileged,
      menuId: dates[0]?.menuId ?? null,
      menuDates: [...new Set(dates.map((d) => d.date))],
      soldOutDates: offers.soldOutDates.get(item.id) ?? [],
    });
  }

  /**
   * Upcoming dates on which published menus offer the items, and dates whose capacity is used up. Reads
   * menu tables directly (the menu module depends on this one, not the other way round).
   */
  private async offers(itemIds: string[], kitchen: KitchenFacts, withPrivate = true): Promise<Offers> {
    const result: Offers = { menuDates: new Map(), soldOutDates: new Map() };
    if (itemIds.length === 0) return result;
    const today = this.today(kitchen);
    const dates: Array<{ item_id: string; menu_id: string; date: string }> = await this.db.query(
      `SELECT mi.item_id, d.menu_id, to_char(d.date, 'YYYY-MM-DD') AS date
         FROM menu_item mi
         JOIN menu m ON m.id = mi.menu_id AND m.status = 'PUBLISHED' AND ($3 OR NOT m.is_private)
         JOIN menu_date d ON d.menu_id = m.id AND NOT d.is_deleted AND d.date >= $2
        WHERE mi.item_id = ANY($1::uuid[])
        ORDER BY d.date, d.starts_at`,
      [itemIds, today, withPrivate],
    );
    for (const row of dates) push(result.menuDates, row.item_id, { menuId: row.menu_id, date: row.date });
    const full: Array<{ item_id: string; date: string }> = await this.db.query(
      `SELECT item_id, to_char(date, 'YYYY-MM-DD') AS date FROM item_date_capacity
        WHERE item_id = ANY($1::uuid[]) AND date >= $2 AND ordered_count >= max_allowed ORDER BY date`,
      [itemIds, today],
    );
    // Without the code, a private menu's sold-out dates are not told either.
    const offered = new Set(dates.map((d) => `${d.item_id}|${d.date}`));
    for (const row of full)
      if (withPrivate || offered.has(`${row.item_id}|${row.date}`))
        push(result.soldOutDates, row.item_id, row.date);
    return result;
  }
}

interface Offers {
  menuDates: Map<string, Array<{ menuId: string; date: string }>>;
  soldOutDates: Map<string, string[]>;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function refuseDeleted(item: ItemEntity): void {
  if (item.itemStatus === ItemStatus.DELETED) {
    throw conflict(`${item.name} is deleted; clone it to sell it again.`, 'error.item.deleted', {
      status: item.itemStatus,
    });
  }
}

function withoutUndefined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Item columns for the fields present in a request (absent ones: database defaults on create, unchanged on update). */
function itemColumns(
  dto: ItemFieldsDto,
): Partial<Omit<ItemEntity, 'publisher' | 'pricingOptions' | 'nutrition'>> {
  return withoutUndefined({
    description: dto.description,
    ingredients: dto.ingredients,
    organicIngredients: dto.organicIngredients,
    sideEffects: dto.sideEffects,
    healthBenefits: dto.healthBenefits,
    searchTags: dto.searchTags?.map((t) => t.trim()),
    medicalFriendly: dto.medicalFriendly,
    foodTypes: dto.foodType ?? dto.foodTypes,
    deliveryTimeSlots: dto.deliveryTimeSlots,
    deliveryOptions: dto.deliveryOptions,
    bestBefore: dto.bestBefore,
    serves: dto.serves,
    maxAllowedOrders: dto.maxAllowedOrders,
    deliveryFees: dto.deliveryFees,
    deliveryMinimumAmount: dto.deliveryMinimumAmount,
    zipcodesServed: dto.zipcodesServed?.map((z) => z.trim()),
  });
}

/** The one pricing option of an item created without pricingOptions, from the item-level fields. */
function defaultOption(dto: ItemFieldsDto): PricingOptionInputDto {
  return {
    measurement: dto.measurement,
    quantity: dto.quantity,
    chefPrice: dto.chefPrice,
    serves: dto.serves,
  };
}

/**
 * Makes the item's options exactly `inputs`, in that order: options sent with an id are updated (and keep
 * the id carts refer to), others are added with the spec's defaults, and those left out are removed.
 */
async function writeOptions(
  m: EntityManager,
  itemId: string,
  inputs: PricingOptionInputDto[],
  existing: ItemPricingOptionEntity[],
): Promise<void> {
  const known = new Set(existing.map((o) => o.id));
  const seen = new Set<string>();
  inputs.forEach((o, i) => {
    if (o.id === undefined) return;
    if (!known.has(o.id))
      throw badField(
        `pricingOptions[${i}].id`,
        `pricingOptions[${i}].id is not a pricing option of this item`,
      );
    if (seen.has(o.id)) throw badField(`pricingOptions[${i}].id`, `pricingOptions[${i}].id appears twice`);
    seen.add(o.id);
  });
  const removed = existing.filter((o) => !seen.has(o.id)).map((o) => o.id);
  if (removed.length > 0) await m.delete(ItemPricingOptionEntity, { id: In(removed) });
  for (const [position, o] of inputs.entries()) {
    if (o.id) {
      await m.update(
        ItemPricingOptionEntity,
        { id: o.id },
        withoutUndefined({
          measurement: o.measurement?.trim(),
          quantity: o.quantity,
          chefPrice: o.chefPrice,
          serves: o.serves,
          position,
        }),
      );
    } else {
      await m.insert(ItemPricingOptionEntity, {
        itemId,
        measurement: o.measurement?.trim() ?? DEFAULTS.measurement,
        quantity: o.quantity ?? String(DEFAULTS.quantity),
        chefPrice: o.chefPrice ?? DEFAULTS.chefPrice,
        serves: o.serves ?? DEFAULTS.serves,
        position,
      });
    }
  }
}
