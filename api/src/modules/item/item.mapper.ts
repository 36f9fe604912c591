import { DEFAULTS, formatMoney, fromMinor, ItemStatus, toMinor, NUTRIENTS } from '@hearth/shared';
import { IMAGE_WIDTHS } from '../storage/upload.service.js';
import { fileUrl } from '../publisher/publisher.mapper.js';
import type { ItemDto, NutritionDto, PictureDto, PricingOptionDto } from './dto/item-response.dto.js';
import type { NutritionInputDto } from './dto/item-request.dto.js';
import type { ItemNutritionEntity } from './item-nutrition.entity.js';
import type { ItemPricingOptionEntity } from './item-pricing-option.entity.js';
import type { ItemEntity } from './item.entity.js';

type NutrientField = keyof NutritionDto;
const NUTRIENT_FIELDS: NutrientField[] = NUTRIENTS.flatMap((n) => [n, `${n}_percent`] as NutrientField[]);
const camel = (snake: string) => snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** Nutrition columns (camelCase, numeric strings) for the nutrients given in a request. */
export function nutritionColumns(input: NutritionInputDto | undefined): Partial<Record<string, string>> {
  const columns: Partial<Record<string, string>> = {};
  for (const field of NUTRIENT_FIELDS) {
    const value = input?.[field];
    if (value !== undefined) columns[camel(field)] = String(value);
  }
  return columns;
}

/** Nutrition as the spec names it; every nutrient 0 when the item has none stored. */
export function mapNutrition(n: ItemNutritionEntity | null | undefined): NutritionDto {
  const out = {} as NutritionDto;
  for (const field of NUTRIENT_FIELDS) {
    out[field] = Number((n as unknown as Record<string, string> | null | undefined)?.[camel(field)] ?? 0);
  }
  return out;
}

const VARIANT = /^(public\/(?:.+\/)?)([0-9a-f-]{36})\/(\d+)\.webp$/;

/**
 * A stored picture with the URL of each size. Uploaded pictures are stored at every width of
 * {@link IMAGE_WIDTHS} under one folder (the key names the 800 px one); seeded pictures have one file.
 */
export function mapPicture(key: string): PictureDto {
  const m = VARIANT.exec(key);
  if (m) {
    const [, prefix, id] = m;
    const sizes = IMAGE_WIDTHS.map((width) => ({
      width,
      url: fileUrl(`${prefix}${id}/${width}.webp`) as string,
    }));
    return { id, url: fileUrl(key) as string, sizes };
  }
  const id =
    key
      .split('/')
      .pop()
      ?.replace(/\.[a-z0-9]+$/i, '') ?? key;
  return { id, url: fileUrl(key) as string, sizes: [{ width: null, url: fileUrl(key) as string }] };
}

/** Storage keys of every size of a stored picture (one key for a seeded picture). */
export function pictureKeys(key: string): string[] {
  const m = VARIANT.exec(key);
  return m ? IMAGE_WIDTHS.map((w) => `${m[1]}${m[2]}/${w}.webp`) : [key];
}

/** Money stored as numeric text, normalised through minor units ("8.9" → "8.90"). */
export function money(amount: string | null | undefined, currencyCode: string): string {
  return fromMinor(toMinor(amount ?? '0', currencyCode), currencyCode);
}

export function mapPricingOption(o: ItemPricingOptionEntity, currencyCode: string): PricingOptionDto {
  const minor = toMinor(o.chefPrice, currencyCode);
  return {
    id: o.id,
    measurement: o.measurement,
    quantity: Number(o.quantity),
    chefPrice: fromMinor(minor, currencyCode),
    serves: o.serves,
    currencyCode,
    formattedPrice: formatMoney(minor, currencyCode),
  };
}

/** Options in display order. */
export function sortedOptions(options: ItemPricingOptionEntity[] | undefined): ItemPricingOptionEntity[] {
  return [...(options ?? [])].sort(
    (a, b) => a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime(),
  );
}

export interface ItemContext {
  kitchenName: string;
  currencyCode: string;
  /** False for the public when an admin blocked the item's images. */
  showPictures: boolean;
  /** The chef or an admin: they also learn why an admin hid the pictures. */
  privileged?: boolean;
  menuId: string | null;
  menuDates: string[];
  soldOutDates: string[];
}

export function mapItem(item: ItemEntity, ctx: ItemContext): ItemDto {
  const options = sortedOptions(item.pricingOptions).map((o) => mapPricingOption(o, ctx.currencyCode));
  const first = options[0];
  const point = item.location?.coordinates;
  return {
    id: item.id,
    publisherId: item.publisherId,
    publishedBy: ctx.kitchenName,
    name: item.name,
    description: item.description,
    ingredients: item.ingredients,
    organicIngredients: item.organicIngredients,
    sideEffects: item.sideEffects,
    healthBenefits: item.healthBenefits,
    searchTags: item.searchTags,
    medicalFriendly: item.medicalFriendly,
    foodType: item.foodTypes,
    deliveryTimeSlots: item.deliveryTimeSlots,
    deliveryOptions: item.deliveryOptions,
    bestBefore: item.bestBefore,
    serves: item.serves,
    maxAllowedOrders: item.maxAllowedOrders,
    deliveryFees: money(item.deliveryFees, ctx.currencyCode),
    deliveryMinimumAmount: money(item.deliveryMinimumAmount, ctx.currencyCode),
    zipcodesServed: item.zipcodesServed,
    pricingOptions: options,
    measurement: first?.measurement ?? DEFAULTS.measurement,
    quantity: first?.quantity ?? DEFAULTS.quantity,
    chefPrice: first?.chefPrice ?? money(DEFAULTS.chefPrice, ctx.currencyCode),
    nutrition: mapNutrition(item.nutrition),
    itemPictures: ctx.showPictures ? item.pictures.map(mapPicture) : [],
    blockImage: item.blockImage,
    blockImageReason: ctx.privileged ? (item.blockImageReason ?? null) : null,
    itemStatus: item.itemStatus,
    soldOut: item.itemStatus === ItemStatus.SOLD_OUT,
    soldOutDates: ctx.soldOutDates,
    isChefBlocked: item.isChefBlocked,
    orderCount: item.orderCount,
    location: point ? { lat: point[1], lng: point[0] } : null,
    currencyCode: ctx.currencyCode,
    menuId: ctx.menuId,
    menuDates: ctx.menuDates,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}
