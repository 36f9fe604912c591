import { ApiProperty } from '@nestjs/swagger';
import {
  BrandType,
  DeliveryOption,
  DistanceUnit,
  FoodType,
  ItemStatus,
  MedicalCategory,
  TimeSlot,
} from '@hearth/shared';
import { PictureDto, PricingOptionDto } from '../../item/dto/item-response.dto.js';
import { PickupPlaceDto } from '../../menu/dto/menu-response.dto.js';
import { RatingSummaryDto } from '../../publisher/dto/publisher-summary.dto.js';

export class KitchenSlotDto {
  @ApiProperty({ enum: Object.values(TimeSlot), example: 'PM_5_7' }) slot: TimeSlot;
  @ApiProperty({ example: '5 PM – 7 PM' }) label: string;
  @ApiProperty() startsAt: Date;
  @ApiProperty() endsAt: Date;
  @ApiProperty({ example: '5:00 PM', description: 'In the chef’s time zone' }) startLabel: string;
  @ApiProperty({ example: '7:00 PM', description: 'In the chef’s time zone' }) endLabel: string;
}

export class KitchenItemDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ enum: Object.values(FoodType), isArray: true }) foodType: FoodType[];
  @ApiProperty({ enum: Object.values(MedicalCategory), isArray: true }) medicalFriendly: MedicalCategory[];
  @ApiProperty() serves: number;
  @ApiProperty({ type: [PictureDto] }) pictures: PictureDto[];
  @ApiProperty({ type: [PricingOptionDto] }) pricingOptions: PricingOptionDto[];
  @ApiProperty({
    example: '3.99',
    description: 'Delivery fee of the item (charged once per chef, date and first slot)',
  })
  deliveryFees: string;
  @ApiProperty({ example: '0.00', description: 'Least item total on delivery dates (0: none)' })
  deliveryMinimumAmount: string;
  @ApiProperty({
    enum: Object.values(DeliveryOption),
    isArray: true,
    example: ['PICKUP', 'DELIVERY'],
    description: 'What the item allows among what the menu offers',
  })
  fulfilmentOptions: DeliveryOption[];
  @ApiProperty({ enum: ['ACTIVE', 'SOLD_OUT'] }) itemStatus: ItemStatus;
  @ApiProperty({ description: 'SOLD_OUT, or every order of the date taken' }) soldOut: boolean;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Orders still accepted for the date (null when unknown)',
  })
  remaining: number | null;
  @ApiProperty({ description: 'Before the cut-off, not sold out, with a way to get it' }) orderable: boolean;
}

export class KitchenCateringDto {
  @ApiProperty() enabled: boolean;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Catering orders for the date close at this instant',
  })
  cutoffAt: Date | null;
  @ApiProperty({ type: String, nullable: true }) eventDate: string | null;
  @ApiProperty({ type: String, nullable: true }) eventTime: string | null;
}

export class KitchenMenuDto {
  @ApiProperty() menuId: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Seen only with the kitchen’s secret code' }) isPrivate: boolean;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: [KitchenSlotDto] }) timeSlots: KitchenSlotDto[];
  @ApiProperty({ description: 'Orders for the date close at this instant' }) cutoffAt: Date;
  @ApiProperty({ description: 'False once the cut-off has passed' }) orderable: boolean;
  @ApiProperty({ enum: Object.values(DeliveryOption), isArray: true, example: ['PICKUP', 'DELIVERY'] })
  fulfilmentOptions: DeliveryOption[];
  @ApiProperty({ type: PickupPlaceDto, nullable: true }) pickupLocation: PickupPlaceDto | null;
  @ApiProperty({ type: String, nullable: true, example: '4.99' }) deliveryFees: string | null;
  @ApiProperty({ example: '0.00' }) delivery_order_minimum_amount: string;
  @ApiProperty({ type: [String] }) deliveryZipCodes: string[];
  @ApiProperty({ type: Number, nullable: true }) deliveryRadius: number | null;
  @ApiProperty({ enum: ['miles', 'km'], nullable: true }) deliveryMeasurment: DistanceUnit | null;
  @ApiProperty({ type: KitchenCateringDto }) catering: KitchenCateringDto;
  @ApiProperty({ type: [KitchenItemDto] }) items: KitchenItemDto[];
}

export class KitchenDateDto {
  @ApiProperty({ example: '2026-11-27' }) date: string;
  @ApiProperty({ example: 'Friday 27 Nov' }) label: string;
  @ApiProperty({ type: [KitchenMenuDto] }) menus: KitchenMenuDto[];
}

/** About the chef: what the kitchen page says about who cooks (public pictures only). */
export class KitchenAboutDto {
  @ApiProperty({ type: String, nullable: true, description: "URL path of the chef's portrait" })
  profilePicture: string | null;
  @ApiProperty({ type: [String], description: 'URL paths of pictures of the kitchen' })
  kitchenPictures: string[];
  @ApiProperty({ example: 156, description: 'Orders the kitchen has served' }) ordersServed: number;
  @ApiProperty({
    example: '2026-03-14',
    description: 'When the kitchen joined Hearth (date in the chef’s time zone)',
  })
  memberSince: string;
}

/** The kitchen page (spec /kitchen/{id}): the kitchen and what it offers in the next 30 days. */
export class KitchenPageDto {
  @ApiProperty() id: string;
  @ApiProperty() kitchenName: string;
  @ApiProperty() brandDisplayName: string;
  @ApiProperty({ enum: ['HOME_KITCHEN', 'STORE', 'MART'] }) brandType: BrandType;
  @ApiProperty({ type: String, nullable: true }) speciality: string | null;
  @ApiProperty({ type: String, nullable: true }) profileDescription: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'URL path of the logo' }) logo: string | null;
  @ApiProperty({ type: RatingSummaryDto }) rating: RatingSummaryDto;
  @ApiProperty({ type: KitchenAboutDto }) about: KitchenAboutDto;
  @ApiProperty({ type: [PickupPlaceDto] }) pickupLocations: PickupPlaceDto[];
  @ApiProperty({ example: 'USD' }) currencyCode: string;
  @ApiProperty({ example: 'America/New_York' }) timeZone: string;
  @ApiProperty({ description: 'Today in the chef’s time zone' }) today: string;
  @ApiProperty({ type: [KitchenDateDto], description: 'Dates from today to 30 days ahead, ascending' })
  dates: KitchenDateDto[];
  @ApiProperty({
    description:
      'The kitchen has a secret code: people who know it see its private menus (POST secret-code/verify)',
  })
  hasSecretCode: boolean;
  @ApiProperty({
    description:
      'Private menus are included: the caller is the chef or an admin, or X-Kitchen-Code held the kitchen’s current code',
  })
  privateMenusUnlocked: boolean;
}
