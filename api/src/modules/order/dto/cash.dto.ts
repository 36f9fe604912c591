import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsString,
  IsUUID,
  Matches,
} from 'class-validator';
import { OrderStatus, PaymentStatus } from '@hearth/shared';

/** `order/cash/callback`: the chef received the cash for these dates of one order. */
export class CashReceivedDto {
  @ApiProperty({ example: 'HR-7K2F-9Q4M' })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toUpperCase() : value,
  )
  @IsString({ message: 'orderNumber is required' })
  @Matches(/^[A-Z0-9-]{4,40}$/, { message: 'orderNumber must be an order number such as HR-7K2F-9Q4M' })
  orderNumber: string;

  @ApiProperty({ type: [String], description: 'Date selections of your kitchen in that order paid in cash' })
  @IsArray({ message: 'dateSelectionIds must be a list of date selection ids' })
  @ArrayNotEmpty({ message: 'dateSelectionIds must name at least one date selection' })
  @ArrayMaxSize(100, { message: 'dateSelectionIds can hold at most 100 ids' })
  @ArrayUnique({ message: 'dateSelectionIds must not repeat an id' })
  @IsUUID('all', { each: true, message: 'dateSelectionIds must contain date selection ids' })
  dateSelectionIds: string[];
}

/** One date selection's cash state after `order/cash/callback` or a no-show. */
export class CashDateDto {
  @ApiProperty() dateSelectionId: string;
  @ApiProperty() cartItemId: string;
  @ApiProperty({ example: '2026-11-27' }) date: string;
  @ApiProperty({ enum: Object.values(OrderStatus) }) orderStatus: OrderStatus;
  @ApiProperty({ enum: Object.values(PaymentStatus) }) paymentStatus: PaymentStatus;
  @ApiProperty({ type: String, nullable: true }) cashReceivedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) noShowAt: string | null;
}

/** The order's cash state: the dates asked about, and whether the whole order is now paid. */
export class CashStateDto {
  @ApiProperty() orderNumber: string;
  @ApiProperty({ type: [CashDateDto] }) dates: CashDateDto[];
  @ApiProperty({ description: 'Every live (not cancelled) date of the order is paid' })
  isPaymentCompleted: boolean;
}
