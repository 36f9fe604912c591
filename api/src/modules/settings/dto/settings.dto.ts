import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { DeliveryOption, DistanceUnit, PaymentMethod, StopOrdersType } from '@hearth/shared';
import { PickupLocationDto } from '../../publisher/dto/kitchen-address.dto.js';
import { FileRefDto, TimeZoneDto } from '../../publisher/dto/publisher-detail.dto.js';
import { BeneficiaryDto } from './beneficiary.dto.js';

/** A chef's settings (spec §9 keys that need no payment gateway), current values or defaults. */
export class SettingsDto {
  @ApiProperty({ type: [String], example: ['07302'] }) ZIPCODES: string[];
  @ApiProperty({
    example: 10,
    description: 'Delivery radius in DELIVERY_MEASUREMENT units (default 0: zip codes only)',
  })
  RADIUS: number;
  @ApiProperty({ example: '4.99', description: "Delivery fee in the kitchen's currency (default 0.00)" })
  DELIVERY_FEES: string;
  @ApiProperty({
    enum: Object.values(DistanceUnit),
    description: "Default: the country's unit (miles in the US, km elsewhere)",
  })
  DELIVERY_MEASUREMENT: DistanceUnit;
  @ApiProperty({
    example: 12,
    description: 'Default order cut-off: this many PRE_ORDER_DAYS_HOURS before the slot (default 12 Hours)',
  })
  PRE_ORDER_NUMBER: number;
  @ApiProperty({ enum: Object.values(StopOrdersType) }) PRE_ORDER_DAYS_HOURS: StopOrdersType;
  @ApiProperty({
    enum: Object.values(DeliveryOption),
    description: 'Default PICKUP: nothing is promised until delivery is set up',
  })
  DEFAULT_FULFILLMENT: DeliveryOption;
  @ApiProperty({
    type: FileRefDto,
    nullable: true,
    description: 'Private document: you and admins only',
  })
  FOOD_HANDLER_PERMIT: FileRefDto | null;
  @ApiProperty({ type: TimeZoneDto, nullable: true }) TIME_ZONE: TimeZoneDto | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'K7M2XQ9P',
    description: 'Code for private menus (secret-code)',
  })
  SECRET_CODE: string | null;
  @ApiProperty({ type: [PickupLocationDto], description: 'Primary (the kitchen address) first' })
  PICKUP_LOCATIONS: PickupLocationDto[];
  @ApiProperty({ enum: Object.values(PaymentMethod), isArray: true }) PAYMENT_PREFERENCES: PaymentMethod[];
  @ApiProperty({
    type: String,
    nullable: true,
    example: '150.00',
    description: 'Largest order total accepted in cash, in the kitchen currency; null: no limit',
  })
  CASH_MAX_ORDER_VALUE: string | null;
  @ApiProperty({ type: String, nullable: true }) CASH_FREE_ACCOUNT_NUMBER: string | null;
  @ApiProperty({ type: String, nullable: true }) CASH_FREE_IFSC: string | null;
  @ApiProperty({
    type: BeneficiaryDto,
    nullable: true,
    description: 'The bank account last registered for payouts',
  })
  CASH_FREE: BeneficiaryDto | null;
}

export class SettingsQuery {
  @ApiPropertyOptional({ description: "Admins only: read another kitchen's settings" })
  @IsOptional()
  @IsUUID('all', { message: 'publisherId must be a kitchen id' })
  publisherId?: string;
}

export class SecretCodeDto {
  @ApiProperty({ type: String, nullable: true, example: 'K7M2XQ9P', description: 'Null until generated' })
  secretCode: string | null;
}
