import type { DeliveryOption } from '@hearth/shared';
import type { Schemas } from '../api/schemas';
import type { KitchenItem, KitchenPage, KitchenSlot, Picture, PricingOption } from '../chef/chef-types';

// One description of an item's pictures, pricing options and the kitchen page serves the chef and the
// customer pages.
export type { KitchenItem, KitchenPage, KitchenSlot, Picture, PricingOption };

/** A chef as listed by `publisher/findByStatus` (the API's public chef summary). */
export type ChefSummary = Schemas['PublisherSummaryDto'];

/** An item as `item/{id}` describes it (spec §3 Item). */
export type ItemDetail = Schemas['ItemDto'];

/** A kitchen's pickup place as the kitchen page lists it. */
export type PickupPlace = Schemas['PickupPlaceDto'];

/** A review (`rating/{publisherId}/list`, spec §3 Rating/review). */
export type Review = Schemas['RatingDto'];

/** One date the item can be ordered for, with the slots offered and when orders close. */
export interface ItemDate {
  date: string;
  menuNames: string[];
  slots: KitchenSlot[];
  /** Orders close at this instant (ISO 8601); the earliest cut-off of the menus offering it. */
  cutoffAt: string;
  orderable: boolean;
  soldOut: boolean;
  remaining: number | null;
  fulfilmentOptions: DeliveryOption[];
  catering: boolean;
  /** Why it cannot be ordered, when it cannot. */
  closedReason: string | null;
}

/**
 * The dates of the kitchen page on which a menu offers the item, one entry per date (menus of the same
 * date merged: slots joined, the earliest cut-off kept). Dates whose orders closed or that sold out stay,
 * with the reason, so the page can say so.
 */
export function itemDates(kitchen: KitchenPage, itemId: string): ItemDate[] {
  const out: ItemDate[] = [];
  for (const day of kitchen.dates ?? []) {
    let entry: ItemDate | null = null;
    for (const menu of day.menus ?? []) {
      const item = menu.items?.find((i) => String(i.id) === itemId);
      if (!item) continue;
      const orderable = menu.orderable && item.orderable;
      if (!entry) {
        entry = {
          date: day.date,
          menuNames: [menu.name],
          slots: [...menu.timeSlots],
          cutoffAt: String(menu.cutoffAt),
          orderable,
          soldOut: item.soldOut,
          remaining: item.remaining,
          fulfilmentOptions: [...item.fulfilmentOptions],
          catering: menu.catering?.enabled === true,
          closedReason: null,
        };
      } else {
        entry.menuNames.push(menu.name);
        for (const s of menu.timeSlots) if (!entry.slots.some((x) => x.slot === s.slot)) entry.slots.push(s);
        if (String(menu.cutoffAt) < entry.cutoffAt) entry.cutoffAt = String(menu.cutoffAt);
        entry.orderable ||= orderable;
        entry.soldOut &&= item.soldOut;
        for (const f of item.fulfilmentOptions)
          if (!entry.fulfilmentOptions.includes(f)) entry.fulfilmentOptions.push(f);
        entry.catering ||= menu.catering?.enabled === true;
      }
    }
    if (entry) {
      if (!entry.orderable) entry.closedReason = entry.soldOut ? 'Sold out' : 'Orders closed';
      out.push(entry);
    }
  }
  return out;
}

/** A dish of the kitchen page: the item once, with every upcoming date a menu offers it on. */
export interface KitchenDish {
  item: KitchenItem;
  dates: ItemDate[];
}

/**
 * The kitchen page's dishes, each once, in the order they first appear (by date, then menu). The item's
 * details are those of its first date that can still be ordered (else of its first date).
 */
export function kitchenDishes(kitchen: KitchenPage): KitchenDish[] {
  const first = new Map<string, KitchenItem>();
  const orderable = new Map<string, KitchenItem>();
  for (const day of kitchen.dates ?? []) {
    for (const menu of day.menus ?? []) {
      for (const item of menu.items ?? []) {
        const id = String(item.id);
        if (!first.has(id)) first.set(id, item);
        if (!orderable.has(id) && menu.orderable && item.orderable) orderable.set(id, item);
      }
    }
  }
  return [...first.entries()].map(([id, item]) => ({
    item: orderable.get(id) ?? item,
    dates: itemDates(kitchen, id),
  }));
}

/** Nutrition facts worth a row: the amount, the unit and the % daily value (0 means not given). */
export const NUTRITION_ROWS: readonly { key: string; label: string; unit: string; indent?: boolean }[] = [
  { key: 'serving_size', label: 'Serving size', unit: 'g' },
  { key: 'calories', label: 'Calories', unit: '' },
  { key: 'total_fat', label: 'Total fat', unit: 'g' },
  { key: 'saturated_fat', label: 'Saturated fat', unit: 'g', indent: true },
  { key: 'trans_fat', label: 'Trans fat', unit: 'g', indent: true },
  { key: 'cholesterol', label: 'Cholesterol', unit: 'mg' },
  { key: 'sodium', label: 'Sodium', unit: 'mg' },
  { key: 'carbohydrates', label: 'Total carbohydrate', unit: 'g' },
  { key: 'dietary_fiber', label: 'Dietary fiber', unit: 'g', indent: true },
  { key: 'sugar', label: 'Sugars', unit: 'g', indent: true },
  { key: 'protein', label: 'Protein', unit: 'g' },
  { key: 'vitamin_d', label: 'Vitamin D', unit: 'mcg' },
  { key: 'calcium', label: 'Calcium', unit: 'mg' },
  { key: 'iron', label: 'Iron', unit: 'mg' },
  { key: 'potassium', label: 'Potassium', unit: 'mg' },
];
