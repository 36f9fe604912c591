import {
  DEFAULTS,
  MenuEndsOn,
  MenuType,
  RepeatUnit,
  StopOrdersType,
  MonthRepeatsOn,
  todayIn,
} from '@hearth/shared';
import type { ChefMenu, ChefSettings } from './chef-types';
import { resolveByNames } from '../forms/form-errors';
import type { FieldErrors, FormValues } from '../forms/form-values';
import {
  isOn,
  joinList,
  listOf,
  nullableText,
  numberOrText,
  optionalText,
  splitList,
  textOf,
} from '../forms/form-values';

/*
 * The menu form (spec §3 Menu): one plain form for create, edit and clone. Recurrence fields are always
 * there (they count only for a recurring menu), so it needs no JavaScript.
 */

export const MENU_LIST_FIELDS = ['repeatsOn', 'deliveryTimeSlots', 'items'] as const;

export const MENU_FIELDS = [
  'name',
  'description',
  'menuType',
  'deliveryDate',
  'occurrence',
  'repeatsEvery',
  'repeatsOn',
  'monthRepeatsOn',
  'ends',
  'ends.endsOnOrAfter',
  'ends.endsAfterOccurrences',
  'ends.endsOnDate',
  'autoExtend',
  'deliveryTimeSlots',
  'offerPickup',
  'associatedAddress',
  'offerDelivery',
  'deliveryRadius',
  'deliveryMeasurment',
  'deliveryFees',
  'deliveryZipCodes',
  'delivery_order_minimum_amount',
  'stopOrdersByDaysOrHours',
  'stopOrdersType',
  'cateringEnabled',
  'isPrivate',
  'stopOrdersByDaysOrHoursForCatering',
  'stopOrdersTypeForCatering',
  'eventDate',
  'eventTime',
  'items',
] as const;

export const resolveMenuField = resolveByNames(MENU_FIELDS);

export const MENU_TYPE_CHOICES = [
  { value: MenuType.ONETIME, label: 'One time' },
  { value: MenuType.RECURRING, label: 'Recurring' },
];

export const REPEAT_UNIT_CHOICES = [
  { value: RepeatUnit.DAYS, label: 'Days' },
  { value: RepeatUnit.WEEKS, label: 'Weeks' },
  { value: RepeatUnit.MONTHS, label: 'Months' },
];

export const MONTH_MODE_CHOICES = [
  { value: '', label: 'Not monthly' },
  { value: MonthRepeatsOn.DAY_OF_MONTH, label: 'The same day of the month (e.g. the 14th)' },
  { value: MonthRepeatsOn.WEEKDAY_OF_MONTH, label: 'The same weekday of the month (e.g. the 2nd Friday)' },
];

export const ENDS_CHOICES = [
  { value: MenuEndsOn.AFTER, label: 'After a number of dates' },
  { value: MenuEndsOn.ON, label: 'On a date' },
];

/** The day after `today` (YYYY-MM-DD). */
function nextDay(today: string): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A new menu's form: the chef's settings for delivery and cut-off, the spec's defaults otherwise, tomorrow first. */
export function newMenuValues(settings: ChefSettings | null, now = new Date()): FormValues {
  const zone = settings?.TIME_ZONE?.timeZoneId;
  const radius = settings?.RADIUS ?? 0;
  const zips = settings?.ZIPCODES ?? [];
  return {
    name: '',
    description: '',
    menuType: DEFAULTS.menuType,
    deliveryDate: nextDay(todayIn(zone, now)),
    occurrence: RepeatUnit.WEEKS,
    repeatsEvery: String(DEFAULTS.repeatsEvery),
    repeatsOn: [],
    monthRepeatsOn: '',
    'ends.endsOnOrAfter': DEFAULTS.endsOnOrAfter,
    'ends.endsAfterOccurrences': String(DEFAULTS.endsAfterOccurrences),
    'ends.endsOnDate': '',
    autoExtend: DEFAULTS.autoExtend ? 'on' : '',
    deliveryTimeSlots: [...DEFAULTS.deliveryTimeSlots],
    offerPickup: 'on',
    associatedAddress:
      settings?.PICKUP_LOCATIONS.find((p) => p.isPrimary)?.id ?? settings?.PICKUP_LOCATIONS[0]?.id ?? '',
    offerDelivery: radius > 0 || zips.length > 0 ? 'on' : '',
    deliveryRadius: radius > 0 ? String(radius) : '',
    deliveryMeasurment: settings?.DELIVERY_MEASUREMENT ?? 'miles',
    deliveryFees: settings?.DELIVERY_FEES ?? '',
    deliveryZipCodes: joinList(zips),
    delivery_order_minimum_amount: DEFAULTS.deliveryMinimumAmount,
    stopOrdersByDaysOrHours: String(settings?.PRE_ORDER_NUMBER ?? 12),
    stopOrdersType: settings?.PRE_ORDER_DAYS_HOURS ?? StopOrdersType.HOURS,
    cateringEnabled: DEFAULTS.cateringEnabled ? 'on' : '',
    isPrivate: '',
    stopOrdersByDaysOrHoursForCatering: String(DEFAULTS.stopOrdersByDaysOrHoursForCatering),
    stopOrdersTypeForCatering: DEFAULTS.stopOrdersTypeForCatering,
    eventDate: '',
    eventTime: '',
    items: [],
  };
}

/** A saved menu as its form shows it. */
export function menuToValues(menu: ChefMenu): FormValues {
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return {
    name: menu.name,
    description: s(menu.description),
    menuType: menu.menuType,
    deliveryDate: s(menu.deliveryDate),
    occurrence: menu.occurrence === RepeatUnit.ONETIME ? RepeatUnit.WEEKS : menu.occurrence,
    repeatsEvery: s(menu.repeatsEvery),
    repeatsOn: [...menu.repeatsOn],
    monthRepeatsOn: s(menu.monthRepeatsOn),
    'ends.endsOnOrAfter': menu.ends.endsOnOrAfter,
    'ends.endsAfterOccurrences': s(menu.ends.endsAfterOccurrences),
    'ends.endsOnDate': s(menu.ends.endsOnDate),
    autoExtend: menu.autoExtend ? 'on' : '',
    deliveryTimeSlots: [...menu.deliveryTimeSlots],
    offerPickup: menu.associatedAddress ? 'on' : '',
    associatedAddress: menu.associatedAddress?.id ?? '',
    offerDelivery: menu.deliveryZipCodes.length > 0 || Number(menu.deliveryRadius ?? 0) > 0 ? 'on' : '',
    deliveryRadius: s(menu.deliveryRadius),
    deliveryMeasurment: menu.deliveryMeasurment,
    deliveryFees: s(menu.deliveryFees),
    deliveryZipCodes: joinList(menu.deliveryZipCodes),
    delivery_order_minimum_amount: s(menu.delivery_order_minimum_amount),
    stopOrdersByDaysOrHours: s(menu.stopOrdersByDaysOrHours),
    stopOrdersType: menu.stopOrdersType,
    cateringEnabled: menu.cateringEnabled ? 'on' : '',
    isPrivate: menu.isPrivate ? 'on' : '',
    stopOrdersByDaysOrHoursForCatering: s(menu.stopOrdersByDaysOrHoursForCatering),
    stopOrdersTypeForCatering: menu.stopOrdersTypeForCatering,
    eventDate: s(menu.eventDate),
    eventTime: s(menu.eventTime),
    items: menu.items.map((i) => i.id),
  };
}

type Parsed = { ok: true; body: Record<string, unknown> } | { ok: false; fieldErrors: FieldErrors };

/**
 * The API's JSON for `POST menu` (`creating`) or `PUT menu/{id}`. Pickup is the chosen pickup place (none
 * when unticked); delivery is the radius and zip codes (none when unticked). Everything else is the API's
 * to judge.
 */
export function parseMenu(values: FormValues, { creating }: { creating: boolean }): Parsed {
  const t = (name: string) => textOf(values, name);
  const recurring = t('menuType') === MenuType.RECURRING;
  const pickup = isOn(values, 'offerPickup');
  const delivery = isOn(values, 'offerDelivery');
  const radius = numberOrText(t('deliveryRadius'));
  const zips = splitList(t('deliveryZipCodes'), { spaces: true });

  if (delivery && !zips.length && (radius === undefined || radius === 0)) {
    return {
      ok: false,
      fieldErrors: {
        deliveryRadius: 'Give a delivery radius or zip codes to deliver to, or untick delivery.',
      },
    };
  }
  if (pickup && !t('associatedAddress')) {
    return {
      ok: false,
      fieldErrors: { associatedAddress: 'Choose where customers pick up, or untick pickup.' },
    };
  }

  const body: Record<string, unknown> = {
    name: t('name').trim(),
    description: creating ? optionalText(t('description')) : nullableText(t('description')),
    menuType: t('menuType') || undefined,
    deliveryDate: creating ? optionalText(t('deliveryDate')) : nullableText(t('deliveryDate')),
    deliveryTimeSlots: listOf(values, 'deliveryTimeSlots'),
    associatedAddress: pickup ? t('associatedAddress') : null,
    deliveryRadius: delivery ? (radius ?? null) : null,
    deliveryZipCodes: delivery ? zips : [],
    deliveryMeasurment: t('deliveryMeasurment') || undefined,
    deliveryFees: nullableText(t('deliveryFees')),
    delivery_order_minimum_amount: optionalText(t('delivery_order_minimum_amount')),
    stopOrdersByDaysOrHours: numberOrText(t('stopOrdersByDaysOrHours')),
    stopOrdersType: t('stopOrdersType') || undefined,
    cateringEnabled: isOn(values, 'cateringEnabled'),
    isPrivate: isOn(values, 'isPrivate'),
    stopOrdersByDaysOrHoursForCatering: numberOrText(t('stopOrdersByDaysOrHoursForCatering')),
    stopOrdersTypeForCatering: t('stopOrdersTypeForCatering') || undefined,
    eventDate: nullableText(t('eventDate')),
    eventTime: nullableText(t('eventTime')),
    items: listOf(values, 'items'),
  };
  if (recurring) {
    const unit = t('occurrence');
    const endsOn = t('ends.endsOnOrAfter');
    Object.assign(body, {
      occurrence: unit || undefined,
      repeatsEvery: numberOrText(t('repeatsEvery')),
      repeatsOn: unit === RepeatUnit.WEEKS ? listOf(values, 'repeatsOn') : [],
      monthRepeatsOn: unit === RepeatUnit.MONTHS ? t('monthRepeatsOn') || MonthRepeatsOn.DAY_OF_MONTH : null,
      ends: {
        endsOnOrAfter: endsOn || undefined,
        endsAfterOccurrences: numberOrText(t('ends.endsAfterOccurrences')),
        endsOnDate: endsOn === MenuEndsOn.ON ? nullableText(t('ends.endsOnDate')) : null,
      },
      autoExtend: isOn(values, 'autoExtend'),
    });
  }
  return { ok: true, body };
}
