import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** `GET publisher/dashboard` and `GET admin/dashboard`: how far back (weeks) and around today (days). */
export class DashboardQueryDto {
  @ApiPropertyOptional({
    type: Number,
    minimum: 1,
    maximum: 52,
    default: 12,
    description: 'Weeks shown, ending with this week (Monday to Sunday)',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'weeks must be a whole number from 1 to 52' })
  @Min(1, { message: 'weeks must be a whole number from 1 to 52' })
  @Max(52, { message: 'weeks must be a whole number from 1 to 52' })
  weeks?: number;

  @ApiPropertyOptional({
    type: Number,
    minimum: 1,
    maximum: 60,
    default: 14,
    description: 'Cook dates shown one by one: this many days before and after today',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'days must be a whole number from 1 to 60' })
  @Min(1, { message: 'days must be a whole number from 1 to 60' })
  @Max(60, { message: 'days must be a whole number from 1 to 60' })
  days?: number;
}

export class WeekSalesDto {
  @ApiProperty({ type: String, example: '2026-11-23', description: 'Monday of the week' }) week: string;
  @ApiProperty({ type: String, example: 'USD' }) currencyCode: string;
  @ApiProperty({
    type: String,
    example: '64.97',
    description: 'Item totals + delivery fees of the dates cooked this week that are not cancelled (decimal)',
  })
  sales: string;
  @ApiProperty({
    type: String,
    example: '12.00',
    description: 'Refunds completed for dates of this week that were cancelled (decimal)',
  })
  refunded: string;
  @ApiProperty({ type: Number, description: 'Orders with at least one date this week, not cancelled' })
  orders: number;
}

export class DateVolumeDto {
  @ApiProperty({ type: String, example: '2026-11-26' }) date: string;
  @ApiProperty({ type: Number, description: 'Orders with a live (not cancelled) line on this date' })
  orders: number;
  @ApiProperty({ type: Number, description: 'Quantity × time slots, summed over the live lines' })
  portions: number;
}

export class WeekRatingDto {
  @ApiProperty({ type: String, example: '2026-11-23', description: 'Monday of the week' }) week: string;
  @ApiProperty({ type: Number, description: 'Reviews published this week' }) count: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 4.67,
    description: 'Mean stars of those reviews (2 decimals); null without reviews',
  })
  mean: number | null;
}

export class TopItemDto {
  @ApiProperty({ type: String }) itemName: string;
  @ApiProperty({ type: String, description: 'The kitchen of the item (its display name)' }) kitchen: string;
  @ApiProperty({ type: String, example: 'USD' }) currencyCode: string;
  @ApiProperty({ type: Number, description: 'Quantity × time slots over the live dates of the window' })
  portions: number;
  @ApiProperty({ type: String, description: 'Item totals of those dates, without delivery fees (decimal)' })
  sales: string;
}

export class FulfilmentShareDto {
  @ApiProperty({ type: Number, description: 'Live ordered dates (an order on a cook date) picked up' })
  pickup: number;
  @ApiProperty({ type: Number, description: 'Live ordered dates delivered' }) delivery: number;
  @ApiProperty({ type: Number, example: 0.25, description: 'delivery / (pickup + delivery), 0 when none' })
  deliveryShare: number;
}

export class WeekCancellationsDto {
  @ApiProperty({ type: String, example: '2026-11-23', description: 'Monday of the week' }) week: string;
  @ApiProperty({ type: Number, description: 'Date selections (one order line on one cook date) this week' })
  dates: number;
  @ApiProperty({ type: Number, description: 'Of those, cancelled' }) cancelled: number;
  @ApiProperty({ type: Number, description: 'Cancelled by the customer' }) byCustomer: number;
  @ApiProperty({ type: Number, description: 'Cancelled by the kitchen' }) byKitchen: number;
  @ApiProperty({
    type: Number,
    description: 'Cancelled by anyone else: an admin, or the platform (unpaid hold ended)',
  })
  byOther: number;
  @ApiProperty({ type: Number, example: 0.1, description: 'cancelled / dates (4 decimals), 0 when none' })
  share: number;
}

/** The dashboard of one kitchen (the chef's) or of the whole platform (admin). */
export class DashboardDto {
  @ApiProperty({ type: String, enum: ['KITCHEN', 'PLATFORM'] }) scope: 'KITCHEN' | 'PLATFORM';
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The kitchen's display name; null for the platform",
  })
  kitchen: string | null;
  @ApiProperty({ type: String, example: 'America/New_York', description: 'Weeks and today are in this zone' })
  timeZone: string;
  @ApiProperty({ type: String, example: '2026-11-25' }) today: string;
  @ApiProperty({ type: String, description: 'Monday of the first week shown' }) from: string;
  @ApiProperty({ type: String, description: 'Sunday of this week' }) to: string;
  @ApiProperty({ type: String, description: 'First cook date of the per-date plot' }) datesFrom: string;
  @ApiProperty({ type: String, description: 'Last cook date of the per-date plot' }) datesTo: string;
  @ApiProperty({
    type: [String],
    description: "The kitchen's currency, or every currency the platform sold in during the window",
  })
  currencies: string[];
  @ApiProperty({ type: [WeekSalesDto], description: 'One row per week and currency, oldest first' })
  salesPerWeek: WeekSalesDto[];
  @ApiProperty({ type: [DateVolumeDto], description: 'Cook dates with live orders, in date order' })
  ordersPerDate: DateVolumeDto[];
  @ApiProperty({ type: [WeekRatingDto], description: 'One row per week, oldest first' })
  ratingPerWeek: WeekRatingDto[];
  @ApiProperty({ type: Number, description: 'Reviews published in the window' }) ratingCount: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Mean stars over the window; null without reviews',
  })
  ratingMean: number | null;
  @ApiProperty({ type: [TopItemDto], description: 'At most 10, most portions first' }) topItems: TopItemDto[];
  @ApiProperty({ type: FulfilmentShareDto }) fulfilment: FulfilmentShareDto;
  @ApiProperty({ type: [WeekCancellationsDto], description: 'One row per week, oldest first' })
  cancellationsPerWeek: WeekCancellationsDto[];
}
