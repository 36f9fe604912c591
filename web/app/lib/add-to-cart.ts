import { DeliveryOption, type Problem } from '@hearth/shared';
import { mapFieldErrors } from './field-errors';

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

export const MAX_ORDER_QUANTITY = 100;

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
  const byDate = new Map<string, string[]>();
  for (const value of values.slots) {
    const [date, slot] = value.split('|');
    if (!date || !slot) continue;
    const slots = byDate.get(date) ?? [];
    if (!slots.includes(slot)) slots.push(slot);
    byDate.set(date, slots);
  }
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
      dates: [...byDate.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([date, timeSlots]) => ({ date, timeSlots, deliveryOption: delivery as DeliveryOption })),
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
