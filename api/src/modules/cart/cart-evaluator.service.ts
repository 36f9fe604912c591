import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { priceCart, pruneCart, type CartPricing, type DeliveryOption, type TimeSlot } from '@hearth/shared';
import {
  capacityKey,
  CatalogReader,
  type CapacityRow,
  type CatalogItem,
  type CatalogSnapshot,
  type CatalogPricingOption,
  type OfferedDate,
  type PickupLocationRow,
} from './catalog.reader.js';
import {
  capacityMessage,
  dateUnavailable,
  itemUnavailable,
  portions,
  remainingPortions,
} from './orderability.js';

/** A cart line as stored (cart_item with its cart_item_date rows). */
export interface StoredLine {
  id: string;
  itemId: string;
  pricingOptionId: string | null;
  orderQuantity: number;
  isCateringItem: boolean;
  tempId: string | null;
  dates: StoredDate[];
  /** The kitchen's secret code the line was added with (cart_item.access_code), for private menus' dates. */
  accessCode?: string | null;
}

export interface StoredDate {
  date: string;
  timeSlots: TimeSlot[];
  deliveryOption: DeliveryOption;
  pickupLocationId: string | null;
}

/** A line that can still be bought, with the catalogue rows it was checked against. */
export interface LiveLine extends StoredLine {
  item: CatalogItem;
  option: CatalogPricingOption;
}

export interface RemovedLine {
  line: StoredLine;
  itemName: string | null;
  reason: string;
  message: string;
  date?: string;
}

export interface CapacityShortfall {
  line: LiveLine;
  date: string;
  remaining: number;
  wanted: number;
  message: string;
}

/** What a cart is worth right now, from the database alone. */
export interface CartEvaluation {
  live: LiveLine[];
  removed: RemovedLine[];
  /** Prices of `live`, in the same order (line index = position in `live`). */
  pricing: CartPricing;
  capacity: Map<string, CapacityRow>;
  shortfalls: CapacityShortfall[];
  offers: Map<string, OfferedDate[]>;
  pickups: Map<string, PickupLocationRow[]>;
}

/**
 * Re-reads every line of a cart against the catalogue and prices it with the shared rules: the shared
 * `pruneCart` (no item id, no pricing option, no dates, a past date in the customer's zone), then the
 * catalogue's own rules (item deleted, hidden or sold out, chef blocked, menu paused or date gone, cut-off
 * passed, fulfilment not offered), then the shared `priceCart` on the chef's current prices.
 */
@Injectable()
export class CartEvaluatorService {
  constructor(private readonly catalog: CatalogReader) {}

  async evaluate(
    m: EntityManager,
    lines: readonly StoredLine[],
    context: { timeZone: string; now: Date },
  ): Promise<CartEvaluation> {
    const items = await this.catalog.items(
      m,
      lines.map((l) => l.itemId),
    );
    const allDates = lines.flatMap((l) => l.dates.map((d) => d.date));
    // One after the other: inside a transaction both would go to the same connection anyway.
    const offers = await this.catalog.offeredDates(
      m,
      [...items.keys()],
      allDates.filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)),
    );
    const pickups = await this.catalog.pickupLocations(m, [
      ...new Set([...items.values()].map((i) => i.publisherId)),
    ]);
    const partial = evaluateLines(lines, { items, offers, pickups, capacity: new Map() }, context);
    const capacity = await this.catalog.capacity(
      m,
      partial.live.map((l) => l.itemId),
      partial.live.flatMap((l) => l.dates.map((d) => d.date)),
    );
    return { ...partial, capacity, shortfalls: shortfalls(partial.live, capacity) };
  }
}

/**
 * The evaluation of a cart's stored lines against catalogue rows already read (`CatalogReader.cartSnapshot`
 * reads them in one statement for the checkout): no database access. The capacity map may hold more rows
 * than the live lines need.
 */
export function evaluateLines(
  lines: readonly StoredLine[],
  catalog: CatalogSnapshot,
  context: { timeZone: string; now: Date },
): CartEvaluation {
  const { items, offers, pickups, capacity } = catalog;
  const prunable = lines.map((line) => {
    const item = items.get(line.itemId);
    const option = item?.pricingOptions.find((o) => o.id === line.pricingOptionId) ?? null;
    return {
      line,
      itemId: item ? line.itemId : null,
      item: item ? { id: item.id, name: item.name, pricingOptions: item.pricingOptions } : null,
      userSelectedPricingOption: option,
      dates: line.dates,
    };
  });
  const pruned = pruneCart(prunable, { timeZone: context.timeZone, now: context.now });
  const removed: RemovedLine[] = pruned.removed.map((r) => ({
    line: r.item.line,
    itemName: r.item.item?.name ?? null,
    reason: r.reason,
    message: r.message,
  }));

  const live: LiveLine[] = [];
  for (const p of pruned.kept) {
    const item = items.get(p.line.itemId) as CatalogItem;
    const option = p.userSelectedPricingOption as CatalogPricingOption;
    const pickupIds = new Set((pickups.get(item.publisherId) ?? []).map((l) => l.id));
    const refusal =
      itemUnavailable(item) ??
      p.line.dates
        .map((d) =>
          dateUnavailable(item, d, offers.get(capacityKey(item.id, d.date)) ?? [], {
            now: context.now,
            isCatering: p.line.isCateringItem,
            pickupLocationIds: pickupIds,
            accessCode: p.line.accessCode ?? null,
          }),
        )
        .find((r) => r !== null) ??
      null;
    if (refusal) {
      removed.push({
        line: p.line,
        itemName: item.name,
        reason: refusal.reason,
        message: `${refusal.message} It was removed from your cart.`,
        date: refusal.date,
      });
    } else {
      live.push({ ...p.line, item, option });
    }
  }

  const pricing = priceCart(
    live.map((l) => ({
      cartItemId: l.id,
      tempId: l.tempId,
      orderQuantity: l.orderQuantity,
      isCateringItem: l.isCateringItem,
      userSelectedPricingOption: { chefPrice: l.option.chefPrice },
      dates: l.dates,
      item: {
        id: l.item.id,
        name: l.item.name,
        publisherId: l.item.publisherId,
        deliveryFees: l.item.deliveryFees,
        deliveryMinimumAmount: l.item.deliveryMinimumAmount,
        currencyCode: l.item.currencyCode,
      },
    })),
  );

  return { live, removed, pricing, capacity, shortfalls: shortfalls(live, capacity), offers, pickups };
}

/** Item/dates where the cart wants more portions than are left, reported on the first line that wants them. */
export function shortfalls(
  live: readonly LiveLine[],
  capacity: ReadonlyMap<string, CapacityRow>,
): CapacityShortfall[] {
  const wanted = new Map<string, { line: LiveLine; date: string; n: number }>();
  for (const line of live) {
    for (const d of line.dates) {
      const key = capacityKey(line.itemId, d.date);
      const entry = wanted.get(key) ?? { line, date: d.date, n: 0 };
      entry.n += portions(line.orderQuantity, d.timeSlots);
      wanted.set(key, entry);
    }
  }
  const result: CapacityShortfall[] = [];
  for (const [key, w] of wanted) {
    const remaining = remainingPortions(capacity.get(key));
    if (w.n > remaining) {
      result.push({
        line: w.line,
        date: w.date,
        remaining,
        wanted: w.n,
        message: capacityMessage(w.line.item.name, w.date, remaining),
      });
    }
  }
  return result;
}
