import { MenuEndsOn, MenuType, RepeatUnit } from '@hearth/shared';
import { badField } from '../../common/problem/problem.exception.js';
import type { MenuFieldsDto } from './dto/menu-request.dto.js';
import type { MenuEntity } from './menu.entity.js';

/**
 * Copies the fields present in a create/update request onto the menu (null clears a nullable field) and
 * returns the names of the fields that changed. `associatedAddress` is checked by the caller.
 */
export function applyMenuFields(menu: MenuEntity, dto: MenuFieldsDto & { name?: string }): string[] {
  const changed: string[] = [];
  const set = <K extends keyof MenuEntity>(field: string, key: K, value: MenuEntity[K] | undefined) => {
    if (value === undefined) return;
    if (JSON.stringify(menu[key]) !== JSON.stringify(value)) changed.push(field);
    menu[key] = value;
  };
  set('name', 'name', dto.name?.trim());
  set('description', 'description', dto.description);
  set('menuType', 'menuType', dto.menuType);
  set('occurrence', 'occurrence', dto.occurrence);
  set('repeatsEvery', 'repeatsEvery', dto.repeatsEvery);
  set('repeatsOn', 'repeatsOn', dto.repeatsOn);
  set('monthRepeatsOn', 'monthRepeatsOn', dto.monthRepeatsOn);
  set('ends.endsOnOrAfter', 'endsOnOrAfter', dto.ends?.endsOnOrAfter);
  set('ends.endsAfterOccurrences', 'endsAfterOccurrences', dto.ends?.endsAfterOccurrences);
  set('ends.endsOnDate', 'endsOnDate', dto.ends?.endsOnDate);
  set('autoExtend', 'autoExtend', dto.autoExtend);
  set('deliveryDate', 'deliveryDate', dto.deliveryDate);
  set('deliveryTimeSlots', 'deliveryTimeSlots', dto.deliveryTimeSlots);
  set(
    'deliveryZipCodes',
    'deliveryZipCodes',
    dto.deliveryZipCodes?.map((z) => z.trim()),
  );
  set(
    'deliveryRadius',
    'deliveryRadius',
    dto.deliveryRadius === undefined
      ? undefined
      : dto.deliveryRadius === null
        ? null
        : String(dto.deliveryRadius),
  );
  set('deliveryFees', 'deliveryFees', dto.deliveryFees);
  set('deliveryMeasurment', 'deliveryMeasurement', dto.deliveryMeasurment);
  set('stopOrdersType', 'stopOrdersType', dto.stopOrdersType);
  set('stopOrdersByDaysOrHours', 'stopOrdersByDaysOrHours', dto.stopOrdersByDaysOrHours);
  set('cateringEnabled', 'cateringEnabled', dto.cateringEnabled);
  set('isPrivate', 'isPrivate', dto.isPrivate);
  set('stopOrdersTypeForCatering', 'stopOrdersTypeForCatering', dto.stopOrdersTypeForCatering);
  set(
    'stopOrdersByDaysOrHoursForCatering',
    'stopOrdersByDaysOrHoursForCatering',
    dto.stopOrdersByDaysOrHoursForCatering,
  );
  set('eventDate', 'eventDate', dto.eventDate);
  set('eventTime', 'eventTime', dto.eventTime);
  set('delivery_order_minimum_amount', 'deliveryOrderMinimumAmount', dto.delivery_order_minimum_amount);
  set('countryName', 'countryName', dto.countryName);
  checkSchedule(menu, dto);
  return changed;
}

/** A schedule that cannot be expanded is refused on save (400), not later when publishing. */
function checkSchedule(menu: MenuEntity, dto: MenuFieldsDto): void {
  if (menu.menuType === MenuType.RECURRING && menu.occurrence === RepeatUnit.ONETIME) {
    if (dto.occurrence === RepeatUnit.ONETIME)
      throw badField('occurrence', 'A RECURRING menu repeats in days, weeks or months.');
    menu.occurrence = RepeatUnit.DAYS;
  }
  if (menu.endsOnOrAfter === MenuEndsOn.ON && !menu.endsOnDate) {
    throw badField('ends.endsOnDate', 'ends.endsOnDate is needed when the menu ends On a date.');
  }
  if (
    menu.endsOnOrAfter === MenuEndsOn.ON &&
    menu.endsOnDate &&
    menu.deliveryDate &&
    menu.endsOnDate < menu.deliveryDate
  ) {
    throw badField('ends.endsOnDate', 'ends.endsOnDate must not be before deliveryDate.');
  }
}
