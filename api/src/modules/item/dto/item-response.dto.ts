import { ApiProperty } from '@nestjs/swagger';
import { DeliveryOption, FoodType, ItemStatus, MedicalCategory, TimeSlot } from '@hearth/shared';

export class PictureSizeDto {
  @ApiProperty({
    type: Number,
    example: 400,
    nullable: true,
    description: 'null when the stored picture has one unknown size',
  })
  width: number | null;
  @ApiProperty({ example: '/services/publisher/api/files/public/items/3f…/400.webp' }) url: string;
}

/** A picture of an item with the URL of every stored size. */
export class PictureDto {
  @ApiProperty({ description: 'Id to delete the picture with' }) id: string;
  @ApiProperty({ description: 'URL of the default (800 px) size' }) url: string;
  @ApiProperty({
    type: [PictureSizeDto],
    description: '400, 800 and 1600 px wide (seeded pictures have one size)',
  })
  sizes: PictureSizeDto[];
}

/** spec §3 Pricing option, with its price as a decimal string in the chef's currency. */
export class PricingOptionDto {
  @ApiProperty() id: string;
  @ApiProperty({ example: 'Kgs' }) measurement: string;
  @ApiProperty({ example: 1 }) quantity: number;
  @ApiProperty({ example: '8.99' }) chefPrice: string;
  @ApiProperty({ example: 3 }) serves: number;
  @ApiProperty({ example: 'USD' }) currencyCode: string;
  @ApiProperty({ example: '$8.99' }) formattedPrice: string;
}

/** spec §3 Nutrition: amounts and `_percent` variants, 0 when not given. */
export class NutritionDto {
  @ApiProperty() calories: number;
  @ApiProperty() calories_percent: number;
  @ApiProperty() total_fat: number;
  @ApiProperty() total_fat_percent: number;
  @ApiProperty() saturated_fat: number;
  @ApiProperty() saturated_fat_percent: number;
  @ApiProperty() trans_fat: number;
  @ApiProperty() trans_fat_percent: number;
  @ApiProperty() cholesterol: number;
  @ApiProperty() cholesterol_percent: number;
  @ApiProperty() sodium: number;
  @ApiProperty() sodium_percent: number;
  @ApiProperty() dietary_fiber: number;
  @ApiProperty() dietary_fiber_percent: number;
  @ApiProperty() sugar: number;
  @ApiProperty() sugar_percent: number;
  @ApiProperty() protein: number;
  @ApiProperty() protein_percent: number;
  @ApiProperty() calcium: number;
  @ApiProperty() calcium_percent: number;
  @ApiProperty() carbohydrates: number;
  @ApiProperty() carbohydrates_percent: number;
  @ApiProperty() iron: number;
  @ApiProperty() iron_percent: number;
  @ApiProperty() potassium: number;
  @ApiProperty() potassium_percent: number;
  @ApiProperty() serving_size: number;
  @ApiProperty() serving_size_percent: number;
  @ApiProperty() vitamin_d: number;
  @ApiProperty() vitamin_d_percent: number;
}

export class LatLngDto {
  @ApiProperty() lat: number;
  @ApiProperty() lng: number;
}

/** An item (spec §3 Item) as its owner, an admin or the public sees it. */
export class ItemDto {
  @ApiProperty() id: string;
  @ApiProperty() publisherId: string;
  @ApiProperty({ description: 'Kitchen name of the chef' }) publishedBy: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: String, nullable: true }) ingredients: string | null;
  @ApiProperty({ type: String, nullable: true }) organicIngredients: string | null;
  @ApiProperty({ type: String, nullable: true }) sideEffects: string | null;
  @ApiProperty({ type: String, nullable: true }) healthBenefits: string | null;
  @ApiProperty({ type: [String] }) searchTags: string[];
  @ApiProperty({ enum: Object.values(MedicalCategory), isArray: true, example: ['General Wellness'] })
  medicalFriendly: MedicalCategory[];
  @ApiProperty({ enum: Object.values(FoodType), isArray: true, example: ['VEG', 'ORGANIC'] })
  foodType: FoodType[];
  @ApiProperty({ enum: Object.values(TimeSlot), isArray: true, example: ['PM_5_7'] })
  deliveryTimeSlots: TimeSlot[];
  @ApiProperty({ enum: Object.values(DeliveryOption), isArray: true, example: ['PICKUP', 'DELIVERY'] })
  deliveryOptions: DeliveryOption[];
  @ApiProperty({ example: 3 }) bestBefore: number;
  @ApiProperty({ example: 3 }) serves: number;
  @ApiProperty({ example: 10 }) maxAllowedOrders: number;
  @ApiProperty({ example: '0.00' }) deliveryFees: string;
  @ApiProperty({ example: '0.00' }) deliveryMinimumAmount: string;
  @ApiProperty({ type: [String] }) zipcodesServed: string[];
  @ApiProperty({ type: [PricingOptionDto] }) pricingOptions: PricingOptionDto[];
  @ApiProperty({ description: 'Of the first pricing option' }) measurement: string;
  @ApiProperty({ description: 'Of the first pricing option' }) quantity: number;
  @ApiProperty({ description: 'Of the first pricing option' }) chefPrice: string;
  @ApiProperty({ type: NutritionDto }) nutrition: NutritionDto;
  @ApiProperty({ type: [PictureDto], description: 'Empty for the public when an admin blocked the images' })
  itemPictures: PictureDto[];
  @ApiProperty({
    description: 'An admin hid the pictures: the public sees none, the chef and admins still do',
  })
  blockImage: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why an admin hid the pictures (only for the chef and admins; null otherwise)',
  })
  blockImageReason: string | null;
  @ApiProperty({ enum: ['ACTIVE', 'HIDDEN', 'SOLD_OUT', 'DELETED'] }) itemStatus: ItemStatus;
  @ApiProperty({ description: 'itemStatus is SOLD_OUT' }) soldOut: boolean;
  @ApiProperty({
    type: [String],
    description: 'Upcoming dates on which every order the item accepts is taken',
  })
  soldOutDates: string[];
  @ApiProperty() isChefBlocked: boolean;
  @ApiProperty() orderCount: number;
  @ApiProperty({ type: LatLngDto, nullable: true }) location: LatLngDto | null;
  @ApiProperty({ example: 'USD' }) currencyCode: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'A published menu that offers the item on its next date',
  })
  menuId: string | null;
  @ApiProperty({
    type: [String],
    description: 'Upcoming dates (chef’s zone) on which published menus offer the item',
  })
  menuDates: string[];
  @ApiProperty() createdAt: Date;
  @ApiProperty() updatedAt: Date;
}
