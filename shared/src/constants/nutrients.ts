/** Nutrient names as the spec writes them (snake_case), in display order; each also has a `_percent` field. */
export const NUTRIENTS = [
  'calories',
  'total_fat',
  'saturated_fat',
  'trans_fat',
  'cholesterol',
  'sodium',
  'dietary_fiber',
  'sugar',
  'protein',
  'calcium',
  'carbohydrates',
  'iron',
  'potassium',
  'serving_size',
  'vitamin_d',
] as const;

/** One nutrient of {@link NUTRIENTS}. */
export type Nutrient = (typeof NUTRIENTS)[number];
