import { API_PREFIX, DistanceUnit, ItemStatus, StopOrdersType, type TimeSlot } from '@hearth/shared';
import type { PickupPlace } from '../settings/chef-directory.reader.js';
import { mapPicture, money } from '../item/item.mapper.js';
import type { MenuDateDto, MenuDto, MenuHistoryDto, ReceiptDto } from './dto/menu-response.dto.js';
import type { MenuDateEntity } from './menu-date.entity.js';
import type { MenuHistoryEntity } from './menu-history.entity.js';
import type { MenuReceiptEntity } from './menu-receipt.entity.js';
import type { MenuEntity } from './menu.entity.js';
import { allowedMenuActions } from './menu-state.js';

/** Id of a stored receipt: the file name without its extension (`private/receipts/<uuid>.pdf`). */
export function receiptId(key: string): string {
  return (
    key
      .split('/')
      .pop()
      ?.replace(/\.[a-z0-9]+$/i, '') ?? key
  );
}

export interface MenuContext {
  kitchenName: string;
  currencyCode: string;
  timeSlots: TimeSlot[];
  associatedAddress: PickupPlace | null;
  /** Rows from today on. */
  dates: MenuDateEntity[];
  /** The menu's receipts, in the order to show them. */
  receipts: MenuReceiptEntity[];
  now: Date;
}

export function mapMenuDate(row: MenuDateEntity, now: Date): MenuDateDto {
  return {
    date: row.date,
    timeSlots: row.timeSlots,
    startsAt: row.startsAt,
    cutoffAt: row.cutoffAt,
    isDeleted: row.isDeleted,
    orderable: !row.isDeleted && now.getTime() < row.cutoffAt.getTime(),
  };
}

/** A menu for its owner or an admin; `menu.menuItems` must be loaded with their items. */
export function mapMenu(menu: MenuEntity, ctx: MenuContext): MenuDto {
  const items = [...(menu.menuItems ?? [])].sort((a, b) => a.position - b.position);
  return {
    id: menu.id,
    publisherId: menu.publisherId,
    publishedBy: ctx.kitchenName,
    name: menu.name,
    description: menu.description,
    status: menu.status,
    allowedActions: allowedMenuActions(menu.status),
    menuType: menu.menuType,
    occurrence: menu.occurrence,
    repeatsEvery: menu.repeatsEvery,
    repeatsOn: menu.repeatsOn,
    monthRepeatsOn: menu.monthRepeatsOn,
    ends: {
      endsOnOrAfter: menu.endsOnOrAfter,
      endsAfterOccurrences: menu.endsAfterOccurrences,
      endsOnDate: menu.endsOnDate,
    },
    autoExtend: menu.autoExtend,
    timeZone: menu.timeZone,
    deliveryDate: menu.deliveryDate,
    endDateTime: menu.endDateTime,
    deliveryTimeSlots: ctx.timeSlots,
    deliveryZipCodes: menu.deliveryZipCodes,
    deliveryRadius: menu.deliveryRadius === null ? null : Number(menu.deliveryRadius),
    deliveryFees: menu.deliveryFees === null ? null : money(menu.deliveryFees, ctx.currencyCode),
    deliveryMeasurment: menu.deliveryMeasurement ?? DistanceUnit.MILES,
    stopOrdersType: menu.stopOrdersType ?? StopOrdersType.HOURS,
    stopOrdersByDaysOrHours: menu.stopOrdersByDaysOrHours ?? 0,
    cateringEnabled: menu.cateringEnabled,
    isPrivate: menu.isPrivate,
    stopOrdersTypeForCatering: menu.stopOrdersTypeForCatering,
    stopOrdersByDaysOrHoursForCatering: menu.stopOrdersByDaysOrHoursForCatering,
    eventDate: menu.eventDate,
    eventTime: menu.eventTime ? menu.eventTime.slice(0, 5) : null,
    associatedAddress: ctx.associatedAddress,
    delivery_order_minimum_amount: money(menu.deliveryOrderMinimumAmount, ctx.currencyCode),
    countryName: menu.countryName,
    currencyCode: ctx.currencyCode,
    receipts: ctx.receipts.map((r) => mapReceipt(r, menu.name)),
    items: items.map((mi) => ({
      id: mi.itemId,
      name: mi.item?.name ?? '',
      itemStatus: mi.item?.itemStatus ?? ItemStatus.DELETED,
      soldOut: mi.item?.itemStatus === ItemStatus.SOLD_OUT,
      picture: mi.item?.pictures[0] ? mapPicture(mi.item.pictures[0]).url : null,
      position: mi.position,
    })),
    menuDates: ctx.dates.map((d) => mapMenuDate(d, ctx.now)),
    draftCreatedDate: menu.draftCreatedDate,
    draftModifiedDate: menu.draftModifiedDate,
    createdAt: menu.createdAt,
    updatedAt: menu.updatedAt,
  };
}

export function mapHistory(h: MenuHistoryEntity): MenuHistoryDto {
  return { id: h.id, event: h.event, actorId: h.actorId, details: h.details, at: h.at };
}

/** A receipt row as its menu's owner or an admin sees it. */
export function mapReceipt(r: MenuReceiptEntity, menuName: string): ReceiptDto {
  return {
    id: r.id,
    url: `${API_PREFIX}/menu/${r.menuId}/receipts/${r.id}`,
    menuId: r.menuId,
    menuName,
    date: r.date,
    name: r.name,
    contentType: r.contentType,
    size: r.size,
    uploadedAt: r.createdAt,
  };
}
