import {
  DeliveryOption,
  priceCart,
  toMinor,
  type MinorUnits,
  type Problem,
  type TimeSlot,
  MAX_ORDER_QUANTITY,
} from '@hearth/shared';
import type { PricingOption } from '../chef/chef-types';
import { mapFieldErrors } from '../forms/field-errors';

/** The `intent` of the add-to-cart forms (the kitchen and item pages' actions serve only this one). */
export const ADD_TO_CART_INTENT = 'add-to-cart';

export const ADD_TO_CART_FIELDS = [
  'pricingOption',
  'slots',
  'orderQuantity',
  'deliveryOption',
  'isCateringItem',
] as const;
export type AddToCartField = (typeof ADD_TO_CART_FIELDS)[number];
export type AddToCartErrors = Partial<Record<AddToCartField, string>>;

/** The add-to-cart form as sent, kept to show it again after a refusal. */
export interface AddToCartValues {
  pricingOption: string;
  /** `YYYY-MM-DD|SLOT`: each checked slot of each date. */
  slots: string[];
  orderQuantity: string;
  deliveryOption: string;
  isCateringItem: boolean;
}

/** The body of `POST cart/items`. */
export interface AddCartItemBody {
  itemId: string;
  userSelectedPricingOption: { id: string };
  dates: { date: string; timeSlots: string[]; deliveryOption: DeliveryOption }[];
  orderQuantity: number;
  isCateringItem: boolean;
}

/** What an add-to-cart post answers when it does not redirect: in place (a fetcher), or a refusal. */
export type AddToCartOutcome =
  | { ok: true; itemId: string; message: string }
  | {
      ok: false;
      itemId: string;
      values: AddToCartValues;
      fieldErrors: AddToCartErrors;
      formErrors: string[];
    };

/** The form field that asks for the answer in place (only a script sends it: only it can take the answer). */
export const IN_PLACE_FIELD = 'inPlace';

/** The checked `YYYY-MM-DD|SLOT` values as each date's slots, in date order. */
export function slotsByDate(values: readonly string[]): Map<string, string[]> {
  const byDate = new Map<string, string[]>();
  for (const value of values) {
    const [date, slot] = value.split('|');
    if (!date || !slot) continue;
    const slots = byDate.get(date) ?? [];
    if (!slots.includes(slot)) slots.push(slot);
    byDate.set(date, slots);
  }
  return new Map([...byDate.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function readAddToCart(form: FormData): AddToCartValues {
  const str = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v.trim() : '';
  };
  return {
    pricingOption: str('pricingOption'),
    slots: form.getAll('slot').filter((v): v is string => typeof v === 'string' && v !== ''),
    orderQuantity: str('orderQuantity') || '1',
    deliveryOption: str('deliveryOption'),
    isCateringItem: form.get('isCateringItem') === 'on',
  };
}

/**
 * Turns the form into the API's body: the checked slots grouped into dates (in date order), one
 * delivery option for every date. Checked here only what the form itself must say (a choice, a whole
 * quantity); capacity, cut-offs and the rest are the API's to refuse.
 */
export function parseAddToCart(
  itemId: string,
  values: AddToCartValues,
  options: { deliveryOptions: readonly string[] },
): { ok: true; body: AddCartItemBody } | { ok: false; fieldErrors: AddToCartErrors } {
  const fieldErrors: AddToCartErrors = {};
  if (!values.pricingOption) fieldErrors.pricingOption = 'Choose a portion.';
  const byDate = slotsByDate(values.slots);
  if (byDate.size === 0) fieldErrors.slots = 'Choose at least one date and time slot.';
  const quantity = Number(values.orderQuantity);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_ORDER_QUANTITY) {
    fieldErrors.orderQuantity = `Enter a whole number from 1 to ${MAX_ORDER_QUANTITY}.`;
  }
  const delivery =
    values.deliveryOption || (options.deliveryOptions.length === 1 ? options.deliveryOptions[0] : '');
  if (delivery !== DeliveryOption.PICKUP && delivery !== DeliveryOption.DELIVERY) {
    fieldErrors.deliveryOption = 'Choose pickup or delivery.';
  }
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
  return {
    ok: true,
    body: {
      itemId,
      userSelectedPricingOption: { id: values.pricingOption },
      dates: [...byDate.entries()].map(([date, timeSlots]) => ({
        date,
        timeSlots,
        deliveryOption: delivery as DeliveryOption,
      })),
      orderQuantity: quantity,
      isCateringItem: values.isCateringItem,
    },
  };
}

/** The API's field names of `POST cart/items` as the form's fields. */
const API_FIELDS: Record<string, AddToCartField> = {
  userSelectedPricingOption: 'pricingOption',
  dates: 'slots',
  orderQuantity: 'orderQuantity',
  isCateringItem: 'isCateringItem',
};

/** Field errors of a 400 from `POST cart/items`, beside the form's fields. */
export function mapAddToCartProblem(problem: Problem | null) {
  const fieldErrors = (problem?.fieldErrors ?? []).map((f) => {
    const head = String(f.field ?? '').split(/[.[]/)[0];
    const isDelivery = /deliveryOption$/.test(String(f.field));
    return { ...f, field: isDelivery ? 'deliveryOption' : (API_FIELDS[head] ?? f.field) };
  });
  return mapFieldErrors(problem ? { ...problem, fieldErrors } : null, ADD_TO_CART_FIELDS);
}

/** "Sun, Nov 29", "Sun, Nov 29 and Mon, Nov 30", "Sun, Nov 29, Mon, Nov 30 and Tue, Dec 1", "5 dates". */
function datesPhrase(labels: readonly string[]): string {
  if (labels.length <= 1) return labels[0] ?? '';
  if (labels.length > 3) return `${labels.length} dates (${labels[0]} to ${labels[labels.length - 1]})`;
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

/**
 * What adding did, in words (issue 12 item 4): "Added Sushi Roll Set for Sun, Nov 29 to your cart",
 * "Added 2 × Dal Tadka for Sun, Nov 29 and Mon, Nov 30 to your cart". `dateLabels` are the dates added,
 * as the page writes them.
 */
export function addedMessage(itemName: string, orderQuantity: number, dateLabels: readonly string[]): string {
  const what = orderQuantity > 1 ? `${orderQuantity} × ${itemName}` : itemName;
  const when = datesPhrase(dateLabels);
  return `Added ${what}${when ? ` for ${when}` : ''} to your cart`;
}

/** The running total of the form as it stands, by the shared pricing rules; null while it is incomplete. */
export interface DraftTotal {
  currencyCode: string;
  unitPrice: MinorUnits;
  quantity: number;
  /** Dates and slots ticked (each counts once: price × quantity × slots × dates). */
  slotCount: number;
  itemsTotal: MinorUnits;
  /** Delivery trips (one per date and first slot) and their fees; 0 for pickup. */
  trips: number;
  deliveryFees: MinorUnits;
  total: MinorUnits;
}

export function draftTotal(
  values: AddToCartValues,
  item: {
    id: string;
    name: string;
    currencyCode: string;
    deliveryFees: string | null;
    /** Without `formattedPrice`: the total is worked out from `chefPrice`. */
    options: readonly Omit<PricingOption, 'formattedPrice'>[];
  },
  deliveryOptions: readonly string[],
): DraftTotal | null {
  const option = item.options.find((o) => o.id === values.pricingOption);
  const quantity = Number(values.orderQuantity);
  const byDate = slotsByDate(values.slots);
  if (
    !option ||
    byDate.size === 0 ||
    !Number.isInteger(quantity) ||
    quantity < 1 ||
    quantity > MAX_ORDER_QUANTITY
  )
    return null;
  const delivery = values.deliveryOption || (deliveryOptions.length === 1 ? deliveryOptions[0] : '');
  const deliveryOption =
    delivery === DeliveryOption.DELIVERY ? DeliveryOption.DELIVERY : DeliveryOption.PICKUP;
  try {
    const priced = priceCart([
      {
        orderQuantity: quantity,
        userSelectedPricingOption: { chefPrice: option.chefPrice },
        dates: [...byDate.entries()].map(([date, timeSlots]) => ({
          date,
          timeSlots: timeSlots as TimeSlot[],
          deliveryOption,
        })),
        item: {
          id: item.id,
          name: item.name,
          publisherId: 'kitchen',
          deliveryFees: item.deliveryFees,
          currencyCode: item.currencyCode,
        },
      },
    ]);
    const [totals] = priced.totals;
    const [line] = priced.lines;
    if (!totals || !line) return null;
    return {
      currencyCode: totals.currencyCode,
      unitPrice: toMinor(option.chefPrice, totals.currencyCode),
      quantity,
      slotCount: line.slotCount,
      itemsTotal: totals.itemsTotal,
      trips: priced.deliveryFees.length,
      deliveryFees: totals.deliveryFeesTotal,
      total: totals.cartTotal,
    };
  } catch {
    // A malformed price cannot be totalled: the cart will say what it costs.
    return null;
  }
}
