import type { Schemas } from '../api/schemas';

/** One date of a cart line, priced by the API with the shared rules (decimal strings). */
export type CartLineDate = Schemas['CartLineDateDto'];

/** What a cart line says of its item, plus the kitchen's zone the web adds from the kitchen's details. */
export type CartLineItem = Schemas['CartLineItemDto'] & {
  /** The kitchen's zone: its times are shown in it. */
  timeZone?: string | null;
};

/** A cart line (`CartDto.cartItems[]`, spec §3 Cart item). */
export type CartLine = Omit<Schemas['CartLineDto'], 'item'> & { item: CartLineItem };

/** A delivery fee charged once for a (chef, date, first time slot). */
export type CartDeliveryFee = Schemas['CartDeliveryFeeDto'];
export type CartPublisherTotals = Schemas['CartPublisherTotalsDto'];
export type CartCurrencyTotals = Schemas['CartCurrencyTotalsDto'];
export type CartError = Schemas['CartErrorDto'];
export type CartRemoved = Schemas['RemovedCartItemDto'];

/** The cart as the API prices it (`GET cart`). */
export type Cart = Omit<Schemas['CartDto'], 'cartItems'> & { cartItems: CartLine[] };

/** Reads the API's answer defensively: missing lists become empty ones. */
export function toCart(body: unknown): Cart {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Partial<Cart>;
  const list = <T>(v: T[] | undefined): T[] => (Array.isArray(v) ? v : []);
  return {
    id: b.id ?? null,
    cartItems: list(b.cartItems),
    deliveryFees: list(b.deliveryFees),
    totalsByPublisher: list(b.totalsByPublisher),
    totals: list(b.totals),
    errors: list(b.errors),
    isValid: b.isValid !== false,
    removed: list(b.removed),
  };
}

/** One line's part of one date: what it costs that day. */
export interface CartDateRow {
  line: CartLine;
  date: CartLineDate;
}

export interface CartDateGroup {
  date: string;
  rows: CartDateRow[];
  /** Delivery fees of this chef on this date (one per first time slot). */
  fees: CartDeliveryFee[];
}

/** One chef's part of the cart: their lines, day by day, their fees and totals. */
export interface CartChefGroup {
  publisherId: string;
  kitchenName: string;
  currencyCode: string;
  lines: CartLine[];
  dates: CartDateGroup[];
  totals: CartPublisherTotals | null;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The cart grouped by chef (in cart order), then by date (soonest first): every line's amount for the
 * date, and the delivery fees the API charged for that chef and date, each once. Nothing is computed
 * here: the amounts are the API's, priced with the shared rules.
 */
export function groupCart(cart: Cart): CartChefGroup[] {
  const chefs = new Map<string, CartChefGroup>();
  for (const line of cart.cartItems) {
    const id = line.item.publisherId;
    let chef = chefs.get(id);
    if (!chef) {
      chef = {
        publisherId: id,
        kitchenName: line.item.kitchenName,
        currencyCode: line.currencyCode || line.item.currencyCode,
        lines: [],
        dates: [],
        totals: cart.totalsByPublisher.find((t) => t.publisherId === id) ?? null,
      };
      chefs.set(id, chef);
    }
    chef.lines.push(line);
    for (const d of line.dates) {
      let group = chef.dates.find((g) => g.date === d.date);
      if (!group) {
        group = { date: d.date, rows: [], fees: [] };
        chef.dates.push(group);
      }
      group.rows.push({ line, date: d });
    }
  }
  for (const chef of chefs.values()) {
    chef.dates.sort((a, b) => byText(a.date, b.date));
    for (const group of chef.dates) {
      group.fees = cart.deliveryFees.filter(
        (f) => f.publisherId === chef.publisherId && f.date === group.date,
      );
    }
  }
  return [...chefs.values()];
}

/**
 * How a line's item total is made (spec §9: price × quantity × time slots × dates), in words:
 * `{ slots: 1, dates: 2 }` when every date has the same number of slots, else the (date, slot) pairs.
 */
export function lineFactors(line: CartLine): {
  slotsPerDate: number | null;
  dates: number;
  slotCount: number;
} {
  const counts = line.dates.map((d) => d.timeSlots.length);
  const same = counts.every((c) => c === counts[0]);
  return {
    slotsPerDate: same && counts.length ? counts[0] : null,
    dates: line.dates.length,
    slotCount: line.slotCount,
  };
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** One currency's part of a cart, as a summary lists it: item rows, then fee rows, then the total. */
export interface CartSummary {
  currencyCode: string;
  lines: CartLine[];
  fees: CartDeliveryFee[];
  /** The API's cart total in this currency: the lines' item totals plus the fees. */
  total: string;
}

/**
 * The cart as summaries, one per currency: every line with its item total (fees excluded) and every
 * delivery fee on its own row, so that the rows shown add up to the total shown. Nothing is computed here.
 */
export function cartSummaries(cart: Cart): CartSummary[] {
  return cart.totals.map((t) => ({
    currencyCode: t.currencyCode,
    lines: cart.cartItems.filter((l) => (l.currencyCode || l.item.currencyCode) === t.currencyCode),
    fees: cart.deliveryFees.filter((f) => f.currencyCode === t.currencyCode),
    total: t.cartTotal,
  }));
}
