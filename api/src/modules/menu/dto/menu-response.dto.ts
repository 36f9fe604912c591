import { ApiProperty } from '@nestjs/swagger';
import {
  DistanceUnit,
  ItemStatus,
  MenuEndsOn,
  MenuHistoryEvent,
  MenuStatus,
  MenuType,
  RepeatUnit,
  StopOrdersType,
  TimeSlot,
  Weekday,
  MenuAction,
} from '@hearth/shared';

export class MenuEndsResponseDto {
  @ApiProperty({ enum: ['After', 'On'] }) endsOnOrAfter: MenuEndsOn;
  @ApiProperty() endsAfterOccurrences: number;
  @ApiProperty({ type: String, nullable: true }) endsOnDate: string | null;
}

export class MenuItemSummaryDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ['ACTIVE', 'HIDDEN', 'SOLD_OUT', 'DELETED'] }) itemStatus: ItemStatus;
  @ApiProperty() soldOut: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'URL of the first picture' }) picture:
    string | null;
  @ApiProperty() position: number;
}

/** One expanded date of the menu (a menu_date row). */
export class MenuDateDto {
  @ApiProperty({ example: '2026-11-27' }) date: string;
  @ApiProperty({ enum: Object.values(TimeSlot), isArray: true, example: ['PM_5_7'] }) timeSlots: TimeSlot[];
  @ApiProperty({ description: 'Start of the first slot' }) startsAt: Date;
  @ApiProperty({ description: 'Orders for the date close at this instant' }) cutoffAt: Date;
  @ApiProperty({ description: 'Taken off the menu by the chef' }) isDeleted: boolean;
  @ApiProperty({ description: 'Not deleted and before the cut-off' }) orderable: boolean;
}

export class PickupPlaceDto {
  @ApiProperty() id: string;
  @ApiProperty() isPrimary: boolean;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) address: string | null;
  @ApiProperty({ type: String, nullable: true }) addressLine1: string | null;
  @ApiProperty({ type: String, nullable: true }) addressLine2: string | null;
  @ApiProperty({ type: String, nullable: true }) city: string | null;
  @ApiProperty({ type: String, nullable: true }) state: string | null;
  @ApiProperty() country: string;
  @ApiProperty({ type: String, nullable: true }) zipcode: string | null;
  @ApiProperty({ type: Number, nullable: true }) lat: number | null;
  @ApiProperty({ type: Number, nullable: true }) lng: number | null;
}

/** A receipt attached to a menu, for one of its cook dates or the whole menu. */
export class ReceiptDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'Readable by the menu’s owner and admins' }) url: string;
  @ApiProperty() menuId: string;
  @ApiProperty() menuName: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '2026-11-27',
    description: 'The cook date it is for (menu’s zone); null: the whole menu',
  })
  date: string | null;
  @ApiProperty({ example: 'groceries.pdf', description: 'The uploaded file’s name' }) name: string;
  @ApiProperty({
    enum: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'],
  })
  contentType: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Bytes stored; null when not known' })
  size: number | null;
  @ApiProperty({ type: String, format: 'date-time' }) uploadedAt: Date;
}

/** `GET menu/{id}/receipts`: the menu's receipts (by date, newest upload first) and the dates one may pick. */
export class MenuReceiptsDto {
  @ApiProperty({
    type: [String],
    example: ['2026-11-27'],
    description: 'The menu’s cook dates a receipt may be for (not taken off), oldest first',
  })
  dates: string[];
  @ApiProperty({ type: [ReceiptDto] }) receipts: ReceiptDto[];
}

/** A menu (spec §3 Menu) as its owner or an admin sees it. */
export class MenuDto {
  @ApiProperty() id: string;
  @ApiProperty() publisherId: string;
  @ApiProperty({ description: 'Kitchen name of the chef' }) publishedBy: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ enum: ['PUBLISHED', 'DRAFT', 'PAUSE', 'DELETED'] }) status: MenuStatus;
  @ApiProperty({
    enum: Object.values(MenuAction),
    isArray: true,
    description: 'What the chef can do with the menu now',
  })
  allowedActions: MenuAction[];
  @ApiProperty({ enum: ['RECURRING', 'ONETIME'] }) menuType: MenuType;
  @ApiProperty({ enum: ['days', 'weeks', 'months', 'onetime'] }) occurrence: RepeatUnit;
  @ApiProperty() repeatsEvery: number;
  @ApiProperty({ enum: Object.values(Weekday), isArray: true, example: ['FR'] }) repeatsOn: Weekday[];
  @ApiProperty({ type: String, nullable: true }) monthRepeatsOn: string | null;
  @ApiProperty({ type: MenuEndsResponseDto }) ends: MenuEndsResponseDto;
  @ApiProperty() autoExtend: boolean;
  @ApiProperty({ type: String, nullable: true, example: 'America/New_York' }) timeZone: string | null;
  @ApiProperty({ type: String, nullable: true }) deliveryDate: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'End of the last slot of the last date',
  })
  endDateTime: Date | null;
  @ApiProperty({ enum: Object.values(TimeSlot), isArray: true, example: ['PM_5_7'] })
  deliveryTimeSlots: TimeSlot[];
  @ApiProperty({ type: [String] }) deliveryZipCodes: string[];
  @ApiProperty({ type: Number, nullable: true }) deliveryRadius: number | null;
  @ApiProperty({ type: String, nullable: true, example: '4.99' }) deliveryFees: string | null;
  @ApiProperty({ enum: ['miles', 'km'] }) deliveryMeasurment: DistanceUnit;
  @ApiProperty({ enum: ['Hours', 'Days'] }) stopOrdersType: StopOrdersType;
  @ApiProperty() stopOrdersByDaysOrHours: number;
  @ApiProperty() cateringEnabled: boolean;
  @ApiProperty({ description: "Seen only with the kitchen's secret code" }) isPrivate: boolean;
  @ApiProperty({ enum: ['Hours', 'Days'] }) stopOrdersTypeForCatering: StopOrdersType;
  @ApiProperty() stopOrdersByDaysOrHoursForCatering: number;
  @ApiProperty({ type: String, nullable: true }) eventDate: string | null;
  @ApiProperty({ type: String, nullable: true, example: '18:30' }) eventTime: string | null;
  @ApiProperty({ type: PickupPlaceDto, nullable: true }) associatedAddress: PickupPlaceDto | null;
  @ApiProperty({ example: '0.00' }) delivery_order_minimum_amount: string;
  @ApiProperty({ type: String, nullable: true }) countryName: string | null;
  @ApiProperty({ example: 'USD' }) currencyCode: string;
  @ApiProperty({ type: [ReceiptDto] }) receipts: ReceiptDto[];
  @ApiProperty({ type: [MenuItemSummaryDto] }) items: MenuItemSummaryDto[];
  @ApiProperty({
    type: [MenuDateDto],
    description: 'Dates from today on (chef’s zone), including deleted ones',
  })
  menuDates: MenuDateDto[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) draftCreatedDate: Date | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) draftModifiedDate: Date | null;
  @ApiProperty() createdAt: Date;
  @ApiProperty() updatedAt: Date;
}

export class MenuHistoryDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: ['ITEM_ADDED', 'EDITED', 'RESUMED', 'PAUSE', 'DELETE'] }) event: MenuHistoryEvent;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Consumer id of who did it (null for the system)',
  })
  actorId: string | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'What the event changed; its fields depend on the event',
  })
  details: Record<string, unknown>;
  @ApiProperty() at: Date;
}
