import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DeliveryOption, DistanceUnit, FoodType, MedicalCategory, TimeSlot } from '@hearth/shared';
import { RatingSummaryDto } from '../../publisher/dto/publisher-summary.dto.js';

/** A kitchen as a search result names it. */
export class SearchKitchenDto {
  @ApiProperty() id: string;
  @ApiProperty({ example: 'hyderabadi-handi' }) kitchenName: string;
  @ApiProperty({ example: 'Hyderabadi Handi' }) brandDisplayName: string;
  @ApiProperty({ type: String, nullable: true, description: 'URL path of the logo' }) logo: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'America/New_York',
    description: "The kitchen's IANA time zone: its dates, slots and cut-offs are in it",
  })
  timeZone?: string | null;
}

/** A date an item or menu can still be ordered for. */
export class OrderableDateDto {
  @ApiProperty({ example: '2026-11-27', description: "Calendar date in the chef's time zone" }) date: string;
  @ApiProperty({ enum: Object.values(TimeSlot), isArray: true, example: ['PM_5_7'] }) timeSlots: TimeSlot[];
  @ApiProperty({ description: 'Orders for this date close at this instant (ISO 8601)' }) orderBefore: string;
}

/** One item found by `_search/items`. */
export class ItemSearchResultDto {
  @ApiProperty() id: string;
  @ApiProperty({ example: 'Chicken Biryani' }) name: string;
  @ApiProperty({ type: String, nullable: true, description: 'URL path of the first picture' }) picture:
    string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '8.99',
    description: 'Chef price of the cheapest pricing option (decimal string)',
  })
  price: string | null;
  @ApiProperty({ example: 'USD' }) currencyCode: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Plate',
    description: 'Measurement of the cheapest pricing option',
  })
  measurement: string | null;
  @ApiProperty({ enum: Object.values(FoodType), isArray: true }) foodTypes: FoodType[];
  @ApiProperty({ enum: Object.values(MedicalCategory), isArray: true }) medicalFriendly: MedicalCategory[];
  @ApiProperty({ enum: Object.values(DeliveryOption), isArray: true }) deliveryOptions: DeliveryOption[];
  @ApiProperty({ type: RatingSummaryDto, description: "The kitchen's rating" }) rating: RatingSummaryDto;
  @ApiProperty({ type: SearchKitchenDto }) kitchen: SearchKitchenDto;
  @ApiProperty({ type: OrderableDateDto, description: 'The next date it can be ordered for' })
  nextDate: OrderableDateDto;
  @ApiProperty({
    example: 3.2,
    description: 'To the kitchen, or to its nearest pickup location when deliveryType=PICKUP; 1 decimal',
  })
  distance: number;
  @ApiProperty({ enum: ['miles', 'km'] }) distanceUnit: DistanceUnit;
}

/** One menu found by `_search/menus`. */
export class MenuSearchResultDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ enum: ['RECURRING', 'ONETIME'] }) menuType: string;
  @ApiProperty({ description: 'Items on the menu that are offered' }) itemCount: number;
  @ApiProperty({ type: String, nullable: true, example: '4.99' }) deliveryFees: string | null;
  @ApiProperty({ type: String, nullable: true, example: '10.00' }) deliveryRadius: string | null;
  @ApiProperty({ nullable: true, enum: ['miles', 'km'] }) deliveryMeasurement: string | null;
  @ApiProperty({ example: '0.00' }) deliveryOrderMinimumAmount: string;
  @ApiProperty({ example: 'USD' }) currencyCode: string;
  @ApiProperty({ type: SearchKitchenDto }) kitchen: SearchKitchenDto;
  @ApiProperty({ type: RatingSummaryDto }) rating: RatingSummaryDto;
  @ApiProperty({ type: [OrderableDateDto], description: 'Up to 3 next orderable dates' })
  nextDates: OrderableDateDto[];
  @ApiProperty({ example: 3.2 }) distance: number;
  @ApiProperty({ enum: ['miles', 'km'] }) distanceUnit: DistanceUnit;
}

/** One kitchen found by `_search/kitchens`: its menus that match, grouped. */
export class KitchenSearchResultDto {
  @ApiProperty({ type: SearchKitchenDto }) kitchen: SearchKitchenDto;
  @ApiProperty({ type: RatingSummaryDto }) rating: RatingSummaryDto;
  @ApiProperty({ example: 'USD' }) currencyCode: string;
  @ApiProperty({ type: [String], example: ['Weeknight Thali'], description: 'Names of its menus that match' })
  menus: string[];
  @ApiProperty({ type: [OrderableDateDto], description: 'Up to 3 next orderable dates over those menus' })
  nextDates: OrderableDateDto[];
  @ApiProperty({ example: 3.2 }) distance: number;
  @ApiProperty({ enum: ['miles', 'km'] }) distanceUnit: DistanceUnit;
}

/** A review found by `_search/rating`. */
export class ReviewSearchResultDto {
  @ApiProperty() id: string;
  @ApiProperty({ minimum: 1, maximum: 5 }) ratingValue: number;
  @ApiProperty({ type: String, nullable: true }) reviewBody: string | null;
  @ApiProperty({ type: String, nullable: true }) itemName: string | null;
  @ApiProperty({ type: String, nullable: true }) reviewedItemId: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The name the review was published under' })
  userName: string | null;
  @ApiProperty({ description: 'ISO 8601' }) datePublished: string;
  @ApiProperty({ type: [String], description: 'URL paths of the pictures' }) images: string[];
  @ApiProperty({ type: SearchKitchenDto }) ratedAgainst: SearchKitchenDto;
}

/** A recently ordered dish for the home page gallery: no customer data. */
export class GalleryItemDto {
  @ApiProperty() itemId: string;
  @ApiProperty() itemName: string;
  @ApiProperty({ description: 'URL path of the picture' }) picture: string;
  @ApiProperty({ type: SearchKitchenDto }) kitchen: SearchKitchenDto;
}
