import { DEFAULTS, TIME_SLOTS, type TimeSlot } from '@hearth/shared';
import { ItemNutritionEntity } from '../../modules/item/item-nutrition.entity.js';
import { ItemPricingOptionEntity } from '../../modules/item/item-pricing-option.entity.js';
import { ItemEntity } from '../../modules/item/item.entity.js';
import { DEMO_KITCHENS, type DemoDish, type DemoKitchen } from './demo-data.js';
import { deriveNutrition } from './nutrition.js';
import type { SeededKitchen } from './seed-kitchens.js';
import {
  count,
  dishPictureKey,
  point,
  putIfChanged,
  readDishPicture,
  type SeedContext,
} from './seed-context.js';

/** Item ids of a kitchen, by the dish's index in the demo data. */
export type ItemIdsByDish = Map<number, string>;

/** Copies every dish picture the demo uses into storage (`public/seed/dishes/<picture>.webp`). */
export async function seedDishPictures(ctx: Pick<SeedContext, 'storage' | 'filesWritten'>): Promise<void> {
  const pictures = new Set(DEMO_KITCHENS.flatMap((k) => k.dishes.map((d) => d.picture)));
  for (const picture of [...pictures].sort()) {
    await putIfChanged(ctx, dishPictureKey(picture), await readDishPicture(picture), 'image/webp');
  }
}

/** Slots of the menus that carry a dish, earliest first (the item's delivery_time_slots). */
export function dishTimeSlots(kitchen: DemoKitchen, dishIndex: number): TimeSlot[] {
  const slots = new Set(
    kitchen.menus.filter((m) => m.dishes.includes(dishIndex)).flatMap((m) => m.timeSlots),
  );
  if (slots.size === 0) return [...DEFAULTS.deliveryTimeSlots];
  return [...slots].sort((a, b) => TIME_SLOTS[a].start - TIME_SLOTS[b].start);
}

/**
 * Items of a kitchen, found by (publisher, name whatever the case) or created with their pricing
 * options (the base one from the dish, then its extra ones) and nutrition. Existing items are not touched.
 */
export async function seedItems(ctx: SeedContext, kitchen: SeededKitchen): Promise<ItemIdsByDish> {
  const ids: ItemIdsByDish = new Map();
  const existing: Array<{ id: string; name: string }> = await ctx.manager
    .getRepository(ItemEntity)
    .createQueryBuilder('i')
    .select(['i.id', 'i.name'])
    .where('i.publisher_id = :publisherId', { publisherId: kitchen.publisherId })
    .getMany();
  const byName = new Map(existing.map((i) => [i.name.toLowerCase(), i.id]));

  for (const [index, dish] of kitchen.demo.dishes.entries()) {
    const found = byName.get(dish.name.toLowerCase());
    if (found) {
      ids.set(index, found);
      continue;
    }
    const id = await createItem(ctx, kitchen, dish, dishTimeSlots(kitchen.demo, index));
    byName.set(dish.name.toLowerCase(), id);
    ids.set(index, id);
  }
  return ids;
}

async function createItem(
  ctx: SeedContext,
  kitchen: SeededKitchen,
  dish: DemoDish,
  timeSlots: TimeSlot[],
): Promise<string> {
  const { address } = kitchen.demo;
  const inserted = await ctx.manager.getRepository(ItemEntity).insert({
    publisherId: kitchen.publisherId,
    name: dish.name,
    description: dish.description,
    ingredients: dish.ingredients,
    organicIngredients: dish.foodTypes.includes('ORGANIC') ? dish.ingredients : null,
    searchTags: dish.tags,
    medicalFriendly: dish.medical,
    foodTypes: dish.foodTypes,
    deliveryTimeSlots: timeSlots,
    serves: dish.serves ?? DEFAULTS.serves,
    maxAllowedOrders: dish.maxAllowedOrders ?? DEFAULTS.maxAllowedOrders,
    deliveryFees: kitchen.demo.deliveryFees,
    deliveryMinimumAmount: dish.deliveryMinimumAmount ?? DEFAULTS.deliveryMinimumAmount,
    zipcodesServed: [address.zipcode],
    pictures: [dishPictureKey(dish.picture)],
    location: point(address.lat, address.lng),
  });
  const itemId = inserted.identifiers[0]?.id as string;
  count(ctx, 'item');

  // The item table has no measurement of its own: the dish's measurement is its base pricing option's.
  const options = [
    {
      measurement: dish.measurement ?? DEFAULTS.measurement,
      quantity: '1',
      chefPrice: dish.price,
      serves: dish.serves ?? DEFAULTS.serves,
    },
    ...(dish.options ?? []).map(([measurement, quantity, chefPrice, serves]) => ({
      measurement,
      quantity: String(quantity),
      chefPrice,
      serves,
    })),
  ];
  await ctx.manager
    .getRepository(ItemPricingOptionEntity)
    .insert(options.map((o, position) => ({ ...o, itemId, position })));
  count(ctx, 'item_pricing_option', options.length);

  await ctx.manager.getRepository(ItemNutritionEntity).insert({
    itemId,
    ...deriveNutrition({
      calories: dish.calories,
      protein: dish.protein,
      foodTypes: dish.foodTypes,
      medical: dish.medical,
      tags: dish.tags,
      ingredients: dish.ingredients,
    }),
  });
  count(ctx, 'item_nutrition');
  return itemId;
}
