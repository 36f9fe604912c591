import { DEFAULTS, DeliveryOption, FoodType, MedicalCategory, NUTRIENTS } from '@hearth/shared';
import type { ChefItem } from './chef-types';
import { DELIVERY_OPTION_LABELS, FOOD_TYPE_LABELS, TIME_SLOT_OPTIONS } from '../format/chef-format';
import type { FieldResolver } from '../forms/form-errors';
import type { FormValues } from '../forms/form-values';
import {
  joinList,
  listOf,
  nullableText,
  numberOrText,
  optionalText,
  splitList,
  textOf,
} from '../forms/form-values';

/*
 * The item form (spec §3 Item): every field as one input, pricing options as numbered rows
 * (`pricingOptions[0].chefPrice`, the API's own paths, so its field errors land on the right input) and
 * nutrition as `nutrition.calories` / `nutrition.calories_percent`.
 */

export const ITEM_TEXT_FIELDS = [
  'description',
  'ingredients',
  'organicIngredients',
  'sideEffects',
  'healthBenefits',
] as const;
export const ITEM_LIST_FIELDS = [
  'medicalFriendly',
  'foodType',
  'deliveryTimeSlots',
  'deliveryOptions',
] as const;
export const PRICING_FIELDS = ['measurement', 'quantity', 'chefPrice', 'serves'] as const;
export type PricingField = (typeof PRICING_FIELDS)[number];

export const MEDICAL_CHOICES = Object.values(MedicalCategory).map((m) => ({ value: m, label: m }));
export const FOOD_TYPE_CHOICES = Object.values(FoodType).map((f) => ({
  value: f,
  label: FOOD_TYPE_LABELS[f],
}));
export const DELIVERY_OPTION_CHOICES = Object.values(DeliveryOption).map((d) => ({
  value: d,
  label: DELIVERY_OPTION_LABELS[d],
}));
export const TIME_SLOT_CHOICES = TIME_SLOT_OPTIONS;

export const NUTRIENT_LABELS: Record<(typeof NUTRIENTS)[number], string> = {
  calories: 'Calories',
  total_fat: 'Total fat',
  saturated_fat: 'Saturated fat',
  trans_fat: 'Trans fat',
  cholesterol: 'Cholesterol',
  sodium: 'Sodium',
  dietary_fiber: 'Dietary fiber',
  sugar: 'Sugar',
  protein: 'Protein',
  calcium: 'Calcium',
  carbohydrates: 'Carbohydrates',
  iron: 'Iron',
  potassium: 'Potassium',
  serving_size: 'Serving size',
  vitamin_d: 'Vitamin D',
};

export function pricingName(index: number, field: PricingField | 'id'): string {
  return `pricingOptions[${index}].${field}`;
}

const ROW = /^pricingOptions\[(\d+)\]\.(\w+)$/;

/** Row positions present in the values, in order (a row removed with JavaScript leaves no gap in names). */
export function pricingRowIndexes(values: FormValues): number[] {
  const found = new Set<number>();
  for (const name of Object.keys(values)) {
    const match = ROW.exec(name);
    if (match) found.add(Number(match[1]));
  }
  return [...found].sort((a, b) => a - b);
}

export interface PricingRow {
  id: string;
  measurement: string;
  quantity: string;
  chefPrice: string;
  serves: string;
}

export function pricingRows(values: FormValues): PricingRow[] {
  return pricingRowIndexes(values).map((i) => ({
    id: textOf(values, pricingName(i, 'id')),
    measurement: textOf(values, pricingName(i, 'measurement')),
    quantity: textOf(values, pricingName(i, 'quantity')),
    chefPrice: textOf(values, pricingName(i, 'chefPrice')),
    serves: textOf(values, pricingName(i, 'serves')),
  }));
}

/** A new pricing row with the spec's defaults (1 Kgs, serves 3) and no price yet. */
export function newPricingRow(): PricingRow {
  return {
    id: '',
    measurement: DEFAULTS.measurement,
    quantity: String(DEFAULTS.quantity),
    chefPrice: '',
    serves: String(DEFAULTS.serves),
  };
}

/** Replaces the pricing rows of `values` by `rows`, numbered from 0. */
export function withPricingRows(values: FormValues, rows: PricingRow[]): FormValues {
  const out: FormValues = {};
  for (const [name, value] of Object.entries(values)) if (!ROW.test(name)) out[name] = value;
  rows.forEach((row, i) => {
    out[pricingName(i, 'id')] = row.id;
    for (const field of PRICING_FIELDS) out[pricingName(i, field)] = row[field];
  });
  return out;
}

/** The no-JavaScript "Add another pricing option": the same form with one more row. */
export function addPricingRow(values: FormValues): FormValues {
  return withPricingRows(values, [...pricingRows(values), newPricingRow()]);
}

/** The no-JavaScript "Remove" of a row (the last row stays: an item has at least one option). */
export function removePricingRow(values: FormValues, index: number): FormValues {
  const rows = pricingRows(values);
  if (rows.length <= 1) return values;
  return withPricingRows(
    values,
    rows.filter((_, i) => i !== index),
  );
}

/** A new item's form: the defaults of spec §3 and §9. */
export function emptyItemValues(): FormValues {
  const values: FormValues = {
    name: '',
    searchTags: '',
    zipcodesServed: '',
    bestBefore: String(DEFAULTS.bestBefore),
    serves: String(DEFAULTS.serves),
    maxAllowedOrders: String(DEFAULTS.maxAllowedOrders),
    deliveryFees: '',
    deliveryMinimumAmount: DEFAULTS.deliveryMinimumAmount,
    medicalFriendly: [DEFAULTS.medicalFriendly],
    foodType: [...DEFAULTS.foodTypes],
    deliveryTimeSlots: [...DEFAULTS.deliveryTimeSlots],
    deliveryOptions: [...DEFAULTS.deliveryOptions],
  };
  for (const f of ITEM_TEXT_FIELDS) values[f] = '';
  for (const n of NUTRIENTS) {
    values[`nutrition.${n}`] = '';
    values[`nutrition.${n}_percent`] = '';
  }
  return withPricingRows(values, [{ ...newPricingRow(), chefPrice: DEFAULTS.chefPrice }]);
}

/** A saved item as its form shows it. */
export function itemToValues(item: ChefItem): FormValues {
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const values: FormValues = {
    name: item.name,
    searchTags: joinList(item.searchTags),
    zipcodesServed: joinList(item.zipcodesServed),
    bestBefore: s(item.bestBefore),
    serves: s(item.serves),
    maxAllowedOrders: s(item.maxAllowedOrders),
    deliveryFees: s(item.deliveryFees),
    deliveryMinimumAmount: s(item.deliveryMinimumAmount),
    medicalFriendly: [...item.medicalFriendly],
    foodType: [...item.foodType],
    deliveryTimeSlots: [...item.deliveryTimeSlots],
    deliveryOptions: [...item.deliveryOptions],
  };
  for (const f of ITEM_TEXT_FIELDS) values[f] = s(item[f]);
  for (const n of NUTRIENTS) {
    values[`nutrition.${n}`] = s(item.nutrition?.[n]);
    values[`nutrition.${n}_percent`] = s(item.nutrition?.[`${n}_percent`]);
  }
  const rows = item.pricingOptions.map((o) => ({
    id: o.id,
    measurement: o.measurement,
    quantity: s(o.quantity),
    chefPrice: o.chefPrice,
    serves: s(o.serves),
  }));
  return withPricingRows(values, rows.length ? rows : [newPricingRow()]);
}

export interface ParsedItem {
  body: Record<string, unknown>;
  /** The API's pricing option index → the row's input index (blank rows are not sent). */
  rowIndex: number[];
}

/**
 * The API's JSON for `POST item` (`creating`: empty fields left out, so the API's defaults apply) or
 * `PUT item/{id}` (empty texts clear, lists are sent whole). Numbers that are not numbers go as typed, and
 * the API's message lands beside the field.
 */
export function parseItem(values: FormValues, { creating }: { creating: boolean }): ParsedItem {
  const t = (name: string) => textOf(values, name);
  const body: Record<string, unknown> = { name: t('name').trim() };
  for (const f of ITEM_TEXT_FIELDS) body[f] = creating ? optionalText(t(f)) : nullableText(t(f));
  body.searchTags = splitList(t('searchTags'));
  body.zipcodesServed = splitList(t('zipcodesServed'), { spaces: true });
  for (const f of ITEM_LIST_FIELDS) body[f] = listOf(values, f);
  for (const f of ['bestBefore', 'serves', 'maxAllowedOrders'] as const) body[f] = numberOrText(t(f));
  for (const f of ['deliveryFees', 'deliveryMinimumAmount'] as const) body[f] = optionalText(t(f));

  const nutrition: Record<string, unknown> = {};
  for (const n of NUTRIENTS) {
    for (const name of [n, `${n}_percent`]) {
      const value = numberOrText(t(`nutrition.${name}`));
      if (value !== undefined) nutrition[name] = value;
    }
  }
  if (Object.keys(nutrition).length) body.nutrition = nutrition;

  const rowIndex: number[] = [];
  const options: Record<string, unknown>[] = [];
  for (const i of pricingRowIndexes(values)) {
    const row = {
      id: optionalText(t(pricingName(i, 'id'))),
      measurement: optionalText(t(pricingName(i, 'measurement'))),
      quantity: optionalText(t(pricingName(i, 'quantity'))),
      chefPrice: optionalText(t(pricingName(i, 'chefPrice'))),
      serves: numberOrText(t(pricingName(i, 'serves'))),
    };
    // A row left blank (added, then not filled in) is not an option.
    if (!row.id && !row.chefPrice && !row.quantity && row.serves === undefined && !row.measurement) continue;
    options.push(row);
    rowIndex.push(i);
  }
  body.pricingOptions = options;
  return { body, rowIndex };
}

/** The item form's input names, for placing the API's field errors. */
export function itemResolver(values: FormValues, rowIndex: number[]): FieldResolver {
  const known = new Set(Object.keys(values));
  known.add('name');
  known.add('pricingOptions');
  for (const f of ITEM_LIST_FIELDS) known.add(f);
  return (apiField) => {
    const row = /^pricingOptions\[(\d+)\]\.(\w+)$/.exec(apiField);
    if (row) {
      const input = pricingName(rowIndex[Number(row[1])] ?? Number(row[1]), row[2] as PricingField);
      return known.has(input) ? input : 'pricingOptions';
    }
    if (apiField === 'foodTypes') return 'foodType';
    if (apiField.startsWith('nutrition.')) return known.has(apiField) ? apiField : 'nutrition';
    if (known.has(apiField)) return apiField;
    const head = apiField.split(/[.[]/)[0];
    return known.has(head) ? head : null;
  };
}
