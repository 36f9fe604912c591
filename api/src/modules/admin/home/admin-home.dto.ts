import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const HOME_DAYS = { min: 7, max: 90, default: 30 } as const;
const DAYS_MESSAGE = `days must be a whole number from ${HOME_DAYS.min} to ${HOME_DAYS.max}`;

/** `GET admin?days=`: how many days back (today included) the per-day numbers cover. */
export class AdminHomeQueryDto {
  @ApiPropertyOptional({
    type: Number,
    minimum: HOME_DAYS.min,
    maximum: HOME_DAYS.max,
    default: HOME_DAYS.default,
    description: 'Days shown, ending today (UTC)',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: DAYS_MESSAGE })
  @Min(HOME_DAYS.min, { message: DAYS_MESSAGE })
  @Max(HOME_DAYS.max, { message: DAYS_MESSAGE })
  days?: number;
}

export class KitchenCountsDto {
  @ApiProperty({ type: Number, description: 'Kitchens waiting for review' }) pending: number;
  @ApiProperty({ type: Number }) approved: number;
  @ApiProperty({ type: Number }) blocked: number;
}

export class CustomerCountsDto {
  @ApiProperty({ type: Number, description: 'Every account (customers, chefs and admins)' }) total: number;
  @ApiProperty({ type: Number, description: 'Accounts created in the window' }) newInWindow: number;
  @ApiProperty({ type: Number, description: 'Accounts that are disabled' }) disabled: number;
}

export class BackOfficeWorkDto {
  @ApiProperty({ type: Number, description: 'Enquiries in status OPEN' }) openEnquiries: number;
  @ApiProperty({ type: Number, description: 'Contact messages without a response' })
  unansweredContactMessages: number;
  @ApiProperty({ type: Number, description: 'Refunds and payouts that FAILED (need an admin)' })
  failedSettlements: number;
  @ApiProperty({ type: Number, description: 'Payment callbacks that FAILED to apply' })
  failedPaymentEvents: number;
}

export class DaySalesDto {
  @ApiProperty({ type: String, example: '2026-11-24', description: 'The UTC day the orders were placed' })
  date: string;
  @ApiProperty({ type: String, example: 'USD' }) currencyCode: string;
  @ApiProperty({ type: Number, description: 'Orders placed this day with a line that is not cancelled' })
  orders: number;
  @ApiProperty({
    type: String,
    example: '64.97',
    description: 'Item totals + delivery fees of those orders’ lines that are not cancelled (decimal)',
  })
  sales: string;
}

export class CurrencyTotalsDto {
  @ApiProperty({ type: String, example: 'USD' }) currencyCode: string;
  @ApiProperty({ type: Number, description: 'Orders placed in the window (not cancelled)' }) orders: number;
  @ApiProperty({ type: String, example: '640.50', description: 'Sales of the window (decimal)' })
  sales: string;
  @ApiProperty({
    type: String,
    example: '128.10',
    description:
      'Platform fees (payment_details.vsFees) of the orders placed in the window that are not cancelled',
  })
  platformFees: string;
  @ApiProperty({
    type: String,
    example: '36.00',
    description: 'Refunds completed in the window (cancelled dates whose refund went through)',
  })
  refunds: string;
}

/** The admin home: the platform's numbers (issue 18 part 6). Money per currency, never added across. */
export class AdminHomeDto {
  @ApiProperty({ type: String, example: '2026-11-25', description: 'Today in UTC' }) today: string;
  @ApiProperty({ type: String, example: '2026-10-27', description: 'First day of the window' }) from: string;
  @ApiProperty({ type: Number, example: 30 }) days: number;
  @ApiProperty({ type: KitchenCountsDto }) kitchens: KitchenCountsDto;
  @ApiProperty({ type: CustomerCountsDto }) customers: CustomerCountsDto;
  @ApiProperty({ type: BackOfficeWorkDto }) work: BackOfficeWorkDto;
  @ApiProperty({ type: [String], description: 'Currencies with any money in the window, sorted' })
  currencies: string[];
  @ApiProperty({ type: [CurrencyTotalsDto] }) totals: CurrencyTotalsDto[];
  @ApiProperty({
    type: [DaySalesDto],
    description: 'Every day of the window for each currency (zeros included), oldest first',
  })
  perDay: DaySalesDto[];
}
