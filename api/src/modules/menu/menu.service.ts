import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import {
  MoreThanOrEqual,
  Not,
  type DataSource,
  type EntityManager,
  type QueryDeepPartialEntity,
  type Repository,
} from 'typeorm';
import {
  DEFAULTS,
  distanceUnitForCountry,
  MenuDeleteType,
  MenuEditMode,
  MenuHistoryEvent,
  MenuStatus,
  Role,
  type TimeSlot,
  hasRole,
  MenuAction,
  todayIn,
} from '@hearth/shared';
import { ClockService } from '../../common/clock/clock.service.js';
import type { Principal } from '../../common/http/principal.js';
import { parseSort } from '../../common/http/paging.js';
import { badField, forbidden, notFound } from '../../common/problem/problem.exception.js';
import { ChefDirectoryReader, type KitchenFacts } from '../settings/chef-directory.reader.js';
import { ItemService, type MenuItemFacts } from '../item/item.service.js';
import { ChefNewsService, type MenuNews } from '../subscription/chef-news.service.js';
import type {
  CloneMenuDto,
  CreateMenuDto,
  DeleteMenuQuery,
  MenuItemsDto,
  UpdateMenuDto,
} from './dto/menu-request.dto.js';
import { MenuItemsMode } from './dto/menu-request.dto.js';
import type { MenuDto, MenuHistoryDto } from './dto/menu-response.dto.js';
import type { MenuListQuery } from './dto/menu-list.query.js';
import { MenuDatesService, type DatesWritten } from './menu-dates.service.js';
import { deletionRefusal } from './menu-deletion.js';
import { MenuDateEntity } from './menu-date.entity.js';
import { applyMenuFields } from './menu-fields.js';
import { MenuHistoryEntity } from './menu-history.entity.js';
import { MenuReceiptEntity, RECEIPT_ORDER } from './menu-receipt.entity.js';
import { MenuItemEntity } from './menu-item.entity.js';
import { mapHistory, mapMenu } from './menu.mapper.js';
import { MenuEntity } from './menu.entity.js';
import { assertPublishable } from './menu-publication.js';
import { nextMenuStatus } from './menu-state.js';

const SORTABLE = ['name', 'createdAt', 'updatedAt', 'deliveryDate'] as const;

export const menuNotFound = (id: string) => notFound(`Menu ${id} was not found.`, { id });

/**
 * A chef's menus through their life cycle (see menu-state.ts): created as DRAFT, published (dates
 * expanded into menu_date rows in the chef's zone), paused, resumed, deleted. Only the owner changes a
 * menu; the owner and admins read it; anyone else gets "not found". Every change runs in a transaction
 * with the menu row locked, and writes a history row.
 */
@Injectable()
export class MenuService {
  constructor(
    @InjectRepository(MenuEntity) private readonly menus: Repository<MenuEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly chefs: ChefDirectoryReader,
    private readonly items: ItemService,
    private readonly dates: MenuDatesService,
    private readonly clock: ClockService,
    private readonly news: ChefNewsService,
  ) {}

  /** Edit mode CREATE: a DRAFT menu; left-out fields come from the chef's settings, else the spec's defaults. */
  async create(actor: Principal, dto: CreateMenuDto, requestZone: string): Promise<MenuDto> {
    const kitchen = await this.ownKitchen(actor);
    const [defaults, places] = await Promise.all([
      this.chefs.menuDefaults(kitchen.id),
      this.chefs.pickupPlaces(kitchen.id),
    ]);
    const now = this.clock.now();
    const id = await this.db.transaction(async (m) => {
      const menu = m.create(MenuEntity, {
        publisherId: kitchen.id,
        status: MenuStatus.DRAFT,
        menuType: DEFAULTS.menuType,
        occurrence: DEFAULTS.occurrence,
        repeatsEvery: DEFAULTS.repeatsEvery,
        repeatsOn: [],
        endsOnOrAfter: DEFAULTS.endsOnOrAfter,
        endsAfterOccurrences: DEFAULTS.endsAfterOccurrences,
        autoExtend: DEFAULTS.autoExtend,
        timeZone: kitchen.timeZone ?? requestZone,
        deliveryTimeSlots: [...(DEFAULTS.deliveryTimeSlots as readonly TimeSlot[])],
        deliveryZipCodes: defaults.deliveryZipCodes,
        deliveryRadius: defaults.deliveryRadius,
        deliveryFees: defaults.deliveryFees,
        deliveryMeasurement: defaults.deliveryMeasurement ?? distanceUnitForCountry(places[0]?.country),
        stopOrdersType: defaults.stopOrdersType,
        stopOrdersByDaysOrHours: defaults.stopOrdersByDaysOrHours,
        cateringEnabled: DEFAULTS.cateringEnabled,
        stopOrdersTypeForCatering: DEFAULTS.stopOrdersTypeForCatering,
        stopOrdersByDaysOrHoursForCatering: DEFAULTS.stopOrdersByDaysOrHoursForCatering,
        deliveryOrderMinimumAmount: DEFAULTS.deliveryMinimumAmount,
        associatedAddressId: places[0]?.id ?? null,
        countryName: places[0]?.country ?? null,
        draftCreatedDate: now,
        draftModifiedDate: now,
      });
      applyMenuFields(menu, dto);
      await this.applyAddress(menu, dto.associatedAddress);
      const saved = await m.save(menu);
      await this.record(m, saved.id, MenuHistoryEvent.EDITED, actor, { mode: MenuEditMode.CREATE });
      if (dto.items?.length) await this.replaceItems(m, saved, dto.items, MenuItemsMode.REPLACE, actor);
      return saved.id;
    });
    return this.view(actor, id);
  }

  /** The caller's menus (an admin names the kitchen), DELETED ones only when asked for. */
  async list(actor: Principal, query: MenuListQuery): Promise<{ items: MenuDto[]; total: number }> {
    let publisherId = actor.publisherId;
    if (query.publisherId && hasRole(actor, Role.ADMIN)) publisherId = query.publisherId;
    if (!publisherId) {
      if (hasRole(actor, Role.ADMIN))
        throw badField('publisherId', 'publisherId names the kitchen whose menus an admin lists');
      throw forbidden('You need an approved kitchen to have menus.');
    }
    const sort = parseSort(query.sort, SORTABLE, { field: 'updatedAt', direction: 'DESC' });
    const [rows, total] = await this.menus.findAndCount({
      where: { publisherId, status: query.status ?? Not(MenuStatus.DELETED) },
      order: { [sort.field]: sort.direction, id: 'ASC' },
      skip: query.page * query.size,
      take: query.size,
    });
    return { items: await Promise.all(rows.map((r) => this.view(actor, r.id))), total };
  }

  /** A menu, for its owner or an admin. */
  async get(actor: Principal, id: string): Promise<MenuDto> {
    await this.readable(actor, id);
    return this.view(actor, id);
  }

  /** The menu's history, oldest first, for its owner or an admin. */
  async history(actor: Principal, id: string): Promise<MenuHistoryDto[]> {
    const menu = await this.readable(actor, id);
    const rows = await this.db
      .getRepository(MenuHistoryEntity)
      .find({ where: { menuId: menu.id }, order: { at: 'ASC', createdAt: 'ASC' } });
    return rows.map(mapHistory);
  }

  /** Edit mode UPDATE. A published menu is expanded again at once and must still be publishable. */
  async update(actor: Principal, id: string, dto: UpdateMenuDto, requestZone: string): Promise<MenuDto> {
    const kitchen = await this.ownKitchen(actor);
    let news: MenuNews | null = null;
    await this.db.transaction(async (m) => {
      const menu = await this.lockOwned(m, actor, id);
      nextMenuStatus(menu.status, MenuAction.EDIT);
      const fields = applyMenuFields(menu, dto);
      if (dto.associatedAddress !== undefined && dto.associatedAddress !== menu.associatedAddressId)
        fields.push('associatedAddress');
      await this.applyAddress(menu, dto.associatedAddress);
      menu.timeZone = kitchen.timeZone ?? menu.timeZone ?? requestZone;
      menu.draftModifiedDate = this.clock.now();
      await m.save(menu);
      const before = await this.dates.itemIdsOf(m, menu.id);
      if (dto.items !== undefined) await this.replaceItems(m, menu, dto.items, MenuItemsMode.REPLACE, actor);
      const details: Record<string, unknown> = { mode: MenuEditMode.UPDATE, fields };
      if (menu.status === MenuStatus.PUBLISHED) {
        const written = await this.redate(m, menu);
        details.dates = summary(written);
        // A private menu's dates are news only to those who hold the kitchen's code: no mail.
        if (written.added.length > 0 && !menu.isPrivate)
          news = { publisherId: menu.publisherId, menuName: menu.name, dates: written.added };
      }
      // Items taken off the menu give back capacity that nothing else holds.
      await this.dates.releaseCapacity(m, before, this.today(menu));
      await this.record(m, menu.id, MenuHistoryEvent.EDITED, actor, details);
    });
    // New dates on a published menu: the chef's subscribers hear of them (at most once a day).
    if (news) await this.news.menuNews(news);
    return this.view(actor, id);
  }

  /** Edit mode CLONE: a new DRAFT with the settings and the (still offered) items of one of the caller's menus. */
  async clone(actor: Principal, dto: CloneMenuDto): Promise<MenuDto> {
    const kitchen = await this.ownKitchen(actor);
    const source = await this.owned(actor, dto.menuId);
    const now = this.clock.now();
    const id = await this.db.transaction(async (m) => {
      const {
        id: _id,
        createdAt: _c,
        updatedAt: _u,
        menuItems: _mi,
        menuDates: _md,
        publisher: _p,
        associatedAddress: _a,
        ...settings
      } = source;
      const copy = m.create(MenuEntity, {
        ...settings,
        name: dto.name?.trim() ?? `${source.name} (copy)`,
        status: MenuStatus.DRAFT,
        timeZone: kitchen.timeZone ?? source.timeZone,
        endDateTime: null,
        draftCreatedDate: now,
        draftModifiedDate: now,
      });
      const saved = await m.save(copy);
      await this.record(m, saved.id, MenuHistoryEvent.EDITED, actor, {
        mode: MenuEditMode.CLONE,
        fromMenuId: source.id,
      });
      const sourceItems = await m.find(MenuItemEntity, {
        where: { menuId: source.id },
        order: { position: 'ASC' },
      });
      const offered = new Set(
        (
          await this.items.menuCandidates(
            kitchen.id,
            sourceItems.map((mi) => mi.itemId),
          )
        ).map((i) => i.id),
      );
      const itemIds = sourceItems.map((mi) => mi.itemId).filter((itemId) => offered.has(itemId));
      if (itemIds.length > 0)
        await this.replaceItems(m, saved, itemIds, MenuItemsMode.REPLACE, actor, {
          source: 'clone',
          fromMenuId: source.id,
        });
      return saved.id;
    });
    return this.view(actor, id);
  }

  /** `menu/{id}/items`: replace the items (or append to them); only the caller's items that are not deleted or hidden. */
  async setItems(actor: Principal, id: string, dto: MenuItemsDto): Promise<MenuDto> {
    await this.db.transaction(async (m) => {
      const menu = await this.lockOwned(m, actor, id);
      nextMenuStatus(menu.status, MenuAction.ITEMS);
      const before = await this.dates.itemIdsOf(m, menu.id);
      await this.replaceItems(m, menu, dto.items, dto.mode ?? MenuItemsMode.REPLACE, actor);
      menu.draftModifiedDate = this.clock.now();
      await m.update(MenuEntity, { id: menu.id }, { draftModifiedDate: menu.draftModifiedDate });
      if (menu.status === MenuStatus.PUBLISHED) await this.redate(m, menu);
      await this.dates.releaseCapacity(m, before, this.today(menu));
    });
    return this.view(actor, id);
  }

  /** DRAFT → PUBLISHED: checks the menu can be ordered from, then writes its dates and capacity. */
  async publish(actor: Principal, id: string, requestZone: string): Promise<MenuDto> {
    const kitchen = await this.ownKitchen(actor);
    const news = await this.db.transaction(async (m) => {
      const menu = await this.lockOwned(m, actor, id);
      const from = menu.status;
      const to = nextMenuStatus(from, MenuAction.PUBLISH);
      menu.timeZone = kitchen.timeZone ?? menu.timeZone ?? requestZone;
      await m.update(MenuEntity, { id: menu.id }, { timeZone: menu.timeZone });
      const written = await this.redate(m, menu);
      await m.update(MenuEntity, { id: menu.id }, { status: to });
      await this.record(m, menu.id, MenuHistoryEvent.EDITED, actor, {
        action: 'PUBLISH',
        from,
        to,
        dates: summary(written),
      });
      if (menu.isPrivate) return null;
      return { publisherId: menu.publisherId, menuName: menu.name, dates: written.dates };
    });
    // The chef's subscribers hear of it (at most once a day; never fails the publish); never of a private menu.
    if (news) await this.news.menuNews(news);
    return this.view(actor, id);
  }

  /** PUBLISHED → PAUSE: customers stop seeing the menu at once; its dates and capacity stay for resuming. */
  async pause(actor: Principal, id: string): Promise<MenuDto> {
    await this.db.transaction(async (m) => {
      const menu = await this.lockOwned(m, actor, id);
      const to = nextMenuStatus(menu.status, MenuAction.PAUSE);
      await m.update(MenuEntity, { id: menu.id }, { status: to });
      await this.record(m, menu.id, MenuHistoryEvent.PAUSE, actor, { from: menu.status, to });
    });
    return this.view(actor, id);
  }

  /** PAUSE → PUBLISHED: the dates are expanded again (time has passed) and the publish checks apply. */
  async resume(actor: Principal, id: string): Promise<MenuDto> {
    await this.db.transaction(async (m) => {
      const menu = await this.lockOwned(m, actor, id);
      const to = nextMenuStatus(menu.status, MenuAction.RESUME);
      const written = await this.redate(m, menu);
      await m.update(MenuEntity, { id: menu.id }, { status: to });
      await this.record(m, menu.id, MenuHistoryEvent.RESUMED, actor, {
        from: menu.status,
        to,
        dates: summary(written),
      });
    });
    return this.view(actor, id);
  }

  /**
   * deleteType ALL: the menu becomes DELETED (refused while an upcoming date has orders: pause it instead).
   * deleteType DATE: one upcoming date of a recurring menu is taken off (refused when that date has orders).
   */
  async remove(actor: Principal, id: string, query: DeleteMenuQuery): Promise<MenuDto> {
    await this.db.transaction(async (m) => {
      const menu = await this.lockOwned(m, actor, id);
      const today = this.today(menu);
      const refusal = await deletionRefusal(m, this.dates, menu, query, today);
      if (refusal) throw refusal;
      if ((query.deleteType ?? MenuDeleteType.ALL) === MenuDeleteType.ALL) {
        await m.update(
          MenuEntity,
          { id: menu.id },
          { status: nextMenuStatus(menu.status, MenuAction.DELETE) },
        );
        await this.dates.releaseCapacity(m, await this.dates.itemIdsOf(m, menu.id), today);
        await this.record(m, menu.id, MenuHistoryEvent.DELETE, actor, {
          deleteType: MenuDeleteType.ALL,
          from: menu.status,
        });
        return;
      }
      const date = query.date as string;
      await m.update(MenuDateEntity, { menuId: menu.id, date, isDeleted: false }, { isDeleted: true });
      await this.dates.releaseCapacity(m, await this.dates.itemIdsOf(m, menu.id), date);
      await this.record(m, menu.id, MenuHistoryEvent.DELETE, actor, {
        deleteType: MenuDeleteType.DATE,
        date,
      });
    });
    return this.view(actor, id);
  }

  // --- shared with the receipts service -------------------------------------------------------------

  /** One of the caller's menus (any state), or 404. */
  async owned(actor: Principal, id: string): Promise<MenuEntity> {
    const menu =
      isUUID(id) && actor.publisherId
        ? await this.menus.findOne({ where: { id, publisherId: actor.publisherId } })
        : null;
    if (!menu) throw menuNotFound(id);
    return menu;
  }

  /** A menu its owner or an admin may read, or 404. */
  async readable(actor: Principal, id: string): Promise<MenuEntity> {
    const menu = isUUID(id) ? await this.menus.findOne({ where: { id } }) : null;
    if (!menu || !(menu.publisherId === actor.publisherId || hasRole(actor, Role.ADMIN)))
      throw menuNotFound(id);
    return menu;
  }

  /** The caller's menu, locked for the transaction, or 404. */
  async lockOwned(m: EntityManager, actor: Principal, id: string): Promise<MenuEntity> {
    const menu =
      isUUID(id) && actor.publisherId
        ? await m.findOne(MenuEntity, {
            where: { id, publisherId: actor.publisherId },
            lock: { mode: 'pessimistic_write' },
          })
        : null;
    if (!menu) throw menuNotFound(id);
    return menu;
  }

  async record(
    m: EntityManager,
    menuId: string,
    event: MenuHistoryEvent,
    actor: Principal | null,
    details: Record<string, unknown>,
  ): Promise<void> {
    // TypeORM's partial-entity type cannot describe `unknown` inside JSON; the driver writes any JSON value.
    const json = details as QueryDeepPartialEntity<Record<string, unknown>>;
    await m.insert(MenuHistoryEntity, {
      menuId,
      event,
      actorId: actor?.consumerId ?? null,
      details: json,
      at: this.clock.now(),
      // Two events of one request share `at` (milliseconds) and the transaction's now(); the statement's own
      // time (microseconds, increasing) keeps them in the order they happened for `ORDER BY at, created_at`.
      createdAt: () => 'clock_timestamp()',
    });
  }

  /** The menu as its owner or an admin sees it. */
  async view(actor: Principal, id: string): Promise<MenuDto> {
    const menu = await this.menus.findOne({ where: { id }, relations: { menuItems: { item: true } } });
    if (!menu) throw menuNotFound(id);
    const kitchen = await this.chefs.kitchen(menu.publisherId);
    const now = this.clock.now();
    const [timeSlots, dates, address, receipts] = await Promise.all([
      this.dates.timeSlotsOf(this.db.manager, menu),
      this.db.getRepository(MenuDateEntity).find({
        where: { menuId: menu.id, date: MoreThanOrEqual(this.today(menu)) },
        order: { date: 'ASC' },
      }),
      menu.associatedAddressId
        ? this.chefs.pickupPlace(menu.publisherId, menu.associatedAddressId)
        : Promise.resolve(null),
      this.db.getRepository(MenuReceiptEntity).find({
        where: { menuId: menu.id },
        order: RECEIPT_ORDER,
      }),
    ]);
    return mapMenu(menu, {
      kitchenName: kitchen?.kitchenName ?? '',
      currencyCode: kitchen?.currencyCode ?? 'USD',
      timeSlots,
      associatedAddress: address,
      dates,
      receipts,
      now,
    });
  }

  // --- helpers -----------------------------------------------------------------------------------

  private async ownKitchen(actor: Principal): Promise<KitchenFacts> {
    const kitchen = actor.publisherId ? await this.chefs.kitchen(actor.publisherId) : null;
    if (!kitchen) throw forbidden('You need an approved kitchen to manage menus.');
    return kitchen;
  }

  private today(menu: MenuEntity): string {
    return todayIn(menu.timeZone ?? 'UTC', this.clock.now());
  }

  /** Sets the pickup address when the request names one: it must be one of the chef's pickup locations. */
  private async applyAddress(menu: MenuEntity, addressId: string | null | undefined): Promise<void> {
    if (addressId === undefined) return;
    if (addressId === null) {
      menu.associatedAddressId = null;
      return;
    }
    const place = await this.chefs.pickupPlace(menu.publisherId, addressId);
    if (!place)
      throw badField('associatedAddress', 'associatedAddress must be one of your pickup locations.');
    menu.associatedAddressId = place.id;
  }

  /** Items a published menu shows: the ones on it that are not deleted or hidden. */
  private async offeredItems(m: EntityManager, menu: MenuEntity): Promise<MenuItemFacts[]> {
    return this.items.menuCandidates(menu.publisherId, await this.dates.itemIdsOf(m, menu.id));
  }

  /** Checks the menu is publishable and (re)writes its dates and capacity. */
  private async redate(m: EntityManager, menu: MenuEntity): Promise<DatesWritten> {
    const now = this.clock.now();
    const timeSlots = await this.dates.timeSlotsOf(m, menu);
    const deleted = await this.dates.deletedDates(m, menu.id);
    const occurrences = this.dates.occurrences(menu, timeSlots, now);
    assertPublishable({
      menu,
      items: await this.offeredItems(m, menu),
      occurrences: occurrences.filter((o) => !deleted.has(o.date)),
      now,
    });
    return this.dates.write(m, menu, occurrences, now);
  }

  /** Makes the menu's items `ids` (REPLACE) or appends them (ADD), in order, and records ITEM_ADDED. */
  private async replaceItems(
    m: EntityManager,
    menu: MenuEntity,
    ids: string[],
    mode: MenuItemsMode,
    actor: Principal,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    const allowed = new Set((await this.items.menuCandidates(menu.publisherId, ids)).map((i) => i.id));
    ids.forEach((itemId, i) => {
      if (!allowed.has(itemId)) {
        throw badField(
          `items[${i}]`,
          `items[${i}] is not one of your items that can go on a menu (deleted and hidden items cannot).`,
        );
      }
    });
    const current = (
      await m.find(MenuItemEntity, { where: { menuId: menu.id }, order: { position: 'ASC' } })
    ).map((mi) => mi.itemId);
    const final =
      mode === MenuItemsMode.ADD ? [...current, ...ids.filter((itemId) => !current.includes(itemId))] : ids;
    const removed = current.filter((itemId) => !final.includes(itemId));
    const added = final.filter((itemId) => !current.includes(itemId));
    if (removed.length > 0) {
      await m.query(`DELETE FROM menu_item WHERE menu_id = $1 AND item_id = ANY($2::uuid[])`, [
        menu.id,
        removed,
      ]);
    }
    if (final.length > 0) {
      await m.query(
        `INSERT INTO menu_item (menu_id, item_id, position)
         SELECT $1, t.item_id, t.position - 1 FROM unnest($2::uuid[]) WITH ORDINALITY AS t(item_id, position)
         ON CONFLICT (menu_id, item_id) DO UPDATE SET position = EXCLUDED.position, updated_at = now()
          WHERE menu_item.position <> EXCLUDED.position`,
        [menu.id, final],
      );
    }
    if (added.length > 0 || removed.length > 0) {
      await this.record(m, menu.id, MenuHistoryEvent.ITEM_ADDED, actor, {
        mode,
        added,
        removed,
        items: final,
        ...extra,
      });
    }
  }
}

function summary(written: DatesWritten): Record<string, unknown> {
  return {
    live: written.dates,
    added: written.added,
    removed: written.removed,
    keptWithOrders: written.keptWithOrders,
  };
}
