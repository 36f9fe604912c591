import { Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { ItemStatus, TIME_SLOTS, todayIn } from '@hearth/shared';
import { ClockService } from '../../common/clock/clock.service.js';
import { notFound } from '../../common/problem/problem.exception.js';
import { mapPicture, mapPricingOption, money, sortedOptions } from '../item/item.mapper.js';
import { MenuCatalogService, type OfferedItem, type OfferedMenuDate } from '../menu/menu-catalog.service.js';
import { menuFulfilment } from '../menu/menu-publication.js';
import { slotWindows } from '../menu/menu-schedule.js';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../common/http/principal.js';
import { fileUrl } from '../publisher/publisher.mapper.js';
import { KitchenCodeService } from '../settings/kitchen-code.service.js';
import {
  ChefDirectoryReader,
  type KitchenFacts,
  type PickupPlace,
} from '../settings/chef-directory.reader.js';
import type {
  KitchenDateDto,
  KitchenItemDto,
  KitchenMenuDto,
  KitchenPageDto,
} from './dto/kitchen-page.dto.js';

function isPublicFile(key: string | null): key is string {
  return typeof key === 'string' && key !== '' && !key.startsWith('private/');
}

/** How far ahead the kitchen page shows dates. */
export const KITCHEN_PAGE_DAYS = 30;

/**
 * The public kitchen page: an approved kitchen and what its published menus offer from today (in the
 * chef's zone) for {@link KITCHEN_PAGE_DAYS} days. Unknown, pending and blocked kitchens are "not found".
 */
@Injectable()
export class KitchenService {
  constructor(
    private readonly chefs: ChefDirectoryReader,
    private readonly catalog: MenuCatalogService,
    private readonly clock: ClockService,
    private readonly codes: KitchenCodeService,
  ) {}

  async page(idOrName: string, actor?: Principal, req?: FastifyRequest): Promise<KitchenPageDto> {
    const kitchen = await this.chefs.approvedKitchen(idOrName);
    if (!kitchen) throw notFound(`No kitchen is called "${idOrName}".`, { id: idOrName });
    const [withPrivate, hasSecretCode] = await Promise.all([
      req ? this.codes.canSeePrivate(actor, req, kitchen.id) : false,
      this.codes.currentCode(kitchen.id).then((code) => code !== null),
    ]);
    const now = this.clock.now();
    const zone = kitchen.timeZone ?? 'UTC';
    const today = todayIn(zone, now);
    const until = DateTime.fromISO(today, { zone: 'utc' })
      .plus({ days: KITCHEN_PAGE_DAYS })
      .toISODate() as string;
    const [places, offered] = await Promise.all([
      this.chefs.pickupPlaces(kitchen.id),
      this.catalog.upcoming(kitchen.id, today, until, withPrivate),
    ]);

    const dates: KitchenDateDto[] = [];
    for (const offer of offered) {
      let day = dates.at(-1);
      if (day?.date !== offer.date) {
        day = {
          date: offer.date,
          label: DateTime.fromISO(offer.date, { zone: 'utc' }).setLocale('en-US').toFormat('cccc d LLL'),
          menus: [],
        };
        dates.push(day);
      }
      day.menus.push(this.menuOn(offer, kitchen, places, now));
    }
    // Pictures an admin hid (issue 18 part 8) are left out like private ones.
    const shown = (key: string | null): key is string =>
      isPublicFile(key) && !kitchen.blockedPictureKeys.includes(key);
    return {
      id: kitchen.id,
      kitchenName: kitchen.kitchenName,
      brandDisplayName: kitchen.brandDisplayName,
      brandType: kitchen.brandType,
      speciality: kitchen.speciality,
      profileDescription: kitchen.profileDescription,
      logo: fileUrl(kitchen.logo),
      rating: { value: kitchen.ratingValue, count: kitchen.ratingCount },
      about: {
        // Private files (identity papers and the like) never reach the public page.
        profilePicture: shown(kitchen.profilePicLocation) ? fileUrl(kitchen.profilePicLocation) : null,
        kitchenPictures: kitchen.kitchenPictures.filter(shown).map((key) => fileUrl(key) as string),
        ordersServed: kitchen.ordersServed,
        memberSince: todayIn(zone, kitchen.createdAt),
      },
      pickupLocations: places,
      currencyCode: kitchen.currencyCode,
      timeZone: zone,
      today,
      dates,
      hasSecretCode,
      privateMenusUnlocked: withPrivate,
    };
  }

  private menuOn(
    offer: OfferedMenuDate,
    kitchen: KitchenFacts,
    places: PickupPlace[],
    now: Date,
  ): KitchenMenuDto {
    const { menu } = offer;
    const zone = menu.timeZone ?? kitchen.timeZone ?? 'UTC';
    const windows = slotWindows({ timeZone: zone, timeSlots: offer.timeSlots }, offer.date);
    const label = (at: Date) => DateTime.fromJSDate(at, { zone }).setLocale('en-US').toFormat('h:mm a');
    const orderable = now.getTime() < offer.cutoffAt.getTime();
    const possible = menuFulfilment(menu);
    const catering = menu.cateringEnabled
      ? (slotWindows(
          {
            timeZone: zone,
            timeSlots: offer.timeSlots,
            stopOrdersType: menu.stopOrdersTypeForCatering,
            stopOrdersByDaysOrHours: menu.stopOrdersByDaysOrHoursForCatering,
          },
          offer.date,
        )[0]?.cutoffAt ?? null)
      : null;
    return {
      menuId: menu.id,
      name: menu.name,
      isPrivate: menu.isPrivate,
      description: menu.description,
      timeSlots: windows.map((w) => ({
        slot: w.slot,
        label: TIME_SLOTS[w.slot].label,
        startsAt: w.startsAt,
        endsAt: w.endsAt,
        startLabel: label(w.startsAt),
        endLabel: label(w.endsAt),
      })),
      cutoffAt: offer.cutoffAt,
      orderable,
      fulfilmentOptions: possible,
      pickupLocation: places.find((p) => p.id === menu.associatedAddressId) ?? null,
      deliveryFees: menu.deliveryFees === null ? null : money(menu.deliveryFees, kitchen.currencyCode),
      delivery_order_minimum_amount: money(menu.deliveryOrderMinimumAmount, kitchen.currencyCode),
      deliveryZipCodes: menu.deliveryZipCodes,
      deliveryRadius: menu.deliveryRadius === null ? null : Number(menu.deliveryRadius),
      deliveryMeasurment: menu.deliveryMeasurement,
      catering: {
        enabled: menu.cateringEnabled,
        // The date's own cut-off holds for catering orders too.
        cutoffAt: catering ? new Date(Math.min(catering.getTime(), offer.cutoffAt.getTime())) : null,
        eventDate: menu.eventDate,
        eventTime: menu.eventTime ? menu.eventTime.slice(0, 5) : null,
      },
      items: offer.items.map((o) => this.itemOn(o, kitchen, possible, orderable)),
    };
  }

  private itemOn(
    offered: OfferedItem,
    kitchen: KitchenFacts,
    possible: KitchenMenuDto['fulfilmentOptions'],
    dateOrderable: boolean,
  ): KitchenItemDto {
    const { item } = offered;
    const remaining =
      offered.maxAllowed === null ? null : Math.max(0, offered.maxAllowed - offered.orderedCount);
    const soldOut = item.itemStatus === ItemStatus.SOLD_OUT || remaining === 0;
    const fulfilmentOptions = item.deliveryOptions.filter((o) => possible.includes(o));
    return {
      id: item.id,
      name: item.name,
      description: item.description,
      foodType: item.foodTypes,
      medicalFriendly: item.medicalFriendly,
      serves: item.serves,
      pictures: item.blockImage ? [] : item.pictures.map(mapPicture),
      pricingOptions: sortedOptions(item.pricingOptions).map((o) =>
        mapPricingOption(o, kitchen.currencyCode),
      ),
      deliveryFees: money(item.deliveryFees, kitchen.currencyCode),
      deliveryMinimumAmount: money(item.deliveryMinimumAmount, kitchen.currencyCode),
      fulfilmentOptions,
      itemStatus: item.itemStatus,
      soldOut,
      remaining,
      orderable: dateOrderable && !soldOut && fulfilmentOptions.length > 0,
    };
  }
}
