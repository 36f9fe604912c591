import { Column, Entity, JoinColumn, OneToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../common/database/columns.js';
import { ItemEntity } from './item.entity.js';

/** An amount (mg, g or kcal as the chef entered it) or its percent of the daily value; 0 when not given. */
function NutrientColumn(): PropertyDecorator {
  return Column({ type: 'numeric', precision: 10, scale: 2, default: 0 });
}

/**
 * Nutrition facts of an item (spec §3 Nutrition), one row per item. Every nutrient has a `_percent`
 * variant (percent of the daily value); all default to 0.
 */
@Entity('item_nutrition')
export class ItemNutritionEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  itemId: string;

  @OneToOne(() => ItemEntity, (item) => item.nutrition, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'item_id' })
  item: Relation<ItemEntity>;

  @NutrientColumn()
  calories: string;

  @NutrientColumn()
  caloriesPercent: string;

  @NutrientColumn()
  totalFat: string;

  @NutrientColumn()
  totalFatPercent: string;

  @NutrientColumn()
  saturatedFat: string;

  @NutrientColumn()
  saturatedFatPercent: string;

  @NutrientColumn()
  transFat: string;

  @NutrientColumn()
  transFatPercent: string;

  @NutrientColumn()
  cholesterol: string;

  @NutrientColumn()
  cholesterolPercent: string;

  @NutrientColumn()
  sodium: string;

  @NutrientColumn()
  sodiumPercent: string;

  @NutrientColumn()
  dietaryFiber: string;

  @NutrientColumn()
  dietaryFiberPercent: string;

  @NutrientColumn()
  sugar: string;

  @NutrientColumn()
  sugarPercent: string;

  @NutrientColumn()
  protein: string;

  @NutrientColumn()
  proteinPercent: string;

  @NutrientColumn()
  calcium: string;

  @NutrientColumn()
  calciumPercent: string;

  @NutrientColumn()
  carbohydrates: string;

  @NutrientColumn()
  carbohydratesPercent: string;

  @NutrientColumn()
  iron: string;

  @NutrientColumn()
  ironPercent: string;

  @NutrientColumn()
  potassium: string;

  @NutrientColumn()
  potassiumPercent: string;

  @NutrientColumn()
  servingSize: string;

  @NutrientColumn()
  servingSizePercent: string;

  @NutrientColumn()
  vitaminD: string;

  @NutrientColumn()
  vitaminDPercent: string;
}
