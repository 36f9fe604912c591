import type { FoodType, MedicalCategory } from '@hearth/shared';
import type { ItemNutritionEntity } from '../../modules/item/item-nutrition.entity.js';

/*
 * Nutrition facts for the demo dishes. The demo data gives only calories (kcal) and protein (g) for the
 * whole dish as sold; the rest is derived so that the label looks plausible, not measured:
 *
 * - energy: protein gives 4 kcal/g; what is left is split 45 % fat (9 kcal/g) and 55 % carbohydrates (4 kcal/g);
 * - saturated fat is a third of the fat (a fifth for vegan food), trans fat 0;
 * - cholesterol: 0 for vegan food, else 2.8 mg per g of protein for meat, 1.2 for other food, plus 90 mg with eggs;
 * - sodium 1.6 mg/kcal (halved for Low Sodium); fibre 8 % of the carbohydrates (13 % for vegan or organic);
 *   sugar 12 % of the carbohydrates (40 % for desserts and baking);
 * - calcium 0.35 mg/kcal (0.6 with cheese or dairy), iron 0.007 mg/kcal, potassium 1.3 mg/kcal,
 *   vitamin D 0.002 µg/kcal (0.004 with eggs or fish); serving size ≈ 1 g per 1.6 kcal.
 *
 * Units are as the chef would type them: kcal, g for the macronutrients and fibre and sugar, mg for
 * cholesterol, sodium, calcium, iron and potassium, µg for vitamin D, g for the serving size.
 * Each `_percent` column is the percent of the daily value on a 2000 kcal diet (US FDA reference values
 * below), rounded to a whole percent; trans fat and serving size have no daily value (0).
 */

/** Daily values on a 2000 kcal diet (FDA, 2016 rule); sugar uses the added-sugars value. */
export const DAILY_VALUES = {
  calories: 2000,
  totalFat: 78,
  saturatedFat: 20,
  cholesterol: 300,
  sodium: 2300,
  carbohydrates: 275,
  dietaryFiber: 28,
  sugar: 50,
  protein: 50,
  calcium: 1300,
  iron: 18,
  potassium: 4700,
  vitaminD: 20,
} as const;

export interface NutritionSource {
  calories: number;
  protein: number;
  foodTypes: readonly FoodType[];
  medical: readonly MedicalCategory[];
  tags: readonly string[];
  ingredients: string;
}

type NutrientName = keyof typeof DAILY_VALUES | 'transFat' | 'servingSize';
export type NutritionValues = Pick<ItemNutritionEntity, NutrientName | `${NutrientName}Percent`>;

const round1 = (n: number): string => (Math.round(n * 10) / 10).toFixed(2);
const round0 = (n: number): string => Math.round(n).toFixed(2);

/** The nutrition row of a dish (see the file comment for how each value is derived). */
export function deriveNutrition(dish: NutritionSource): NutritionValues {
  const has = (type: FoodType) => dish.foodTypes.includes(type);
  const vegan = has('VEGAN');
  const meat = has('NON_VEG_MEAT');
  const egg = has('EGG');
  const sweet = dish.tags.some((t) => ['dessert', 'baking', 'cake', 'pie'].includes(t));
  const dairy =
    /cheese|paneer|feta|ricotta|mozzarella|cheddar|parmesan|gruyere|milk|cream|yoghurt|butter/i.test(
      dish.ingredients,
    );
  const fish = /salmon|tuna|fish/i.test(dish.ingredients);

  const calories = dish.calories;
  const protein = dish.protein;
  const rest = Math.max(0, calories - protein * 4);
  const totalFat = (rest * 0.45) / 9;
  const carbohydrates = (rest * 0.55) / 4;
  const saturatedFat = totalFat * (vegan ? 0.2 : 1 / 3);
  const cholesterol = vegan ? 0 : protein * (meat ? 2.8 : 1.2) + (egg ? 90 : 0);
  const sodium = calories * 1.6 * (dish.medical.includes('Low Sodium') ? 0.5 : 1);
  const dietaryFiber = carbohydrates * (vegan || has('ORGANIC') ? 0.13 : 0.08);
  const sugar = carbohydrates * (sweet ? 0.4 : 0.12);
  const calcium = calories * (dairy && !vegan ? 0.6 : 0.35);
  const iron = calories * 0.007;
  const potassium = calories * 1.3;
  const vitaminD = calories * (egg || fish ? 0.004 : 0.002);
  const servingSize = calories / 1.6;

  const pct = (value: number, daily: number): string => round0((value / daily) * 100);
  return {
    calories: round0(calories),
    caloriesPercent: pct(calories, DAILY_VALUES.calories),
    totalFat: round1(totalFat),
    totalFatPercent: pct(totalFat, DAILY_VALUES.totalFat),
    saturatedFat: round1(saturatedFat),
    saturatedFatPercent: pct(saturatedFat, DAILY_VALUES.saturatedFat),
    transFat: '0.00',
    transFatPercent: '0.00',
    cholesterol: round0(cholesterol),
    cholesterolPercent: pct(cholesterol, DAILY_VALUES.cholesterol),
    sodium: round0(sodium),
    sodiumPercent: pct(sodium, DAILY_VALUES.sodium),
    dietaryFiber: round1(dietaryFiber),
    dietaryFiberPercent: pct(dietaryFiber, DAILY_VALUES.dietaryFiber),
    sugar: round1(sugar),
    sugarPercent: pct(sugar, DAILY_VALUES.sugar),
    protein: round1(protein),
    proteinPercent: pct(protein, DAILY_VALUES.protein),
    calcium: round0(calcium),
    calciumPercent: pct(calcium, DAILY_VALUES.calcium),
    carbohydrates: round1(carbohydrates),
    carbohydratesPercent: pct(carbohydrates, DAILY_VALUES.carbohydrates),
    iron: round1(iron),
    ironPercent: pct(iron, DAILY_VALUES.iron),
    potassium: round0(potassium),
    potassiumPercent: pct(potassium, DAILY_VALUES.potassium),
    servingSize: round0(servingSize),
    servingSizePercent: '0.00',
    vitaminD: round1(vitaminD),
    vitaminDPercent: pct(vitaminD, DAILY_VALUES.vitaminD),
  };
}
