import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  MaxLength,
  ValidateNested,
  IsDefined,
} from 'class-validator';
import { PaymentMethod } from '@hearth/shared';
import { AddressInputDto } from '../../consumer/dto/address.dto.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const PAYMENT_METHODS = Object.values(PaymentMethod);

/** Who to contact about the order (spec consumerContactDetails). */
export class ContactDto {
  @ApiProperty({ example: 'Casey Jones' })
  @Transform(trim)
  @IsString({ message: 'contact.name is required' })
  @Length(1, 100, { message: 'contact.name must be between 1 and 100 characters' })
  name: string;

  @ApiProperty({ example: 'casey@example.com' })
  @Transform(trim)
  @IsEmail({}, { message: 'contact.email must be an e-mail address' })
  @MaxLength(200)
  email: string;

  @ApiProperty({ example: '+1 201 555 0100' })
  @Transform(trim)
  @IsString({ message: 'contact.phone is required' })
  @Matches(/^\+?[0-9][0-9 ().-]{5,24}$/, {
    message: 'contact.phone must be a phone number (digits, spaces, + ( ) . -)',
  })
  phone: string;
}

/** The pickup place chosen for one cart line (default: the place chosen in the cart, the menu's or the primary one). */
export class PickupChoiceDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'cartItemId must be the id of a line of your cart' })
  cartItemId: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: "pickupLocationId must be the id of one of the kitchen's pickup places" })
  pickupLocationId: string;
}

/** Checkout of the signed-in customer's cart. Prices are never taken from here: the server re-prices the cart. */
export class CheckoutDto {
  @ApiProperty({ type: ContactDto })
  @IsDefined({ message: 'contact is required' })
  @ValidateNested()
  @Type(() => ContactDto)
  contact: ContactDto;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'One of your saved addresses, for the lines to be delivered',
  })
  @IsOptional()
  @IsUUID('all', { message: 'deliveryAddressId must be the id of one of your saved addresses' })
  deliveryAddressId?: string;

  @ApiPropertyOptional({ type: AddressInputDto, description: 'A new address, for the lines to be delivered' })
  @IsOptional()
  @ValidateNested()
  @Type(() => AddressInputDto)
  deliveryAddress?: AddressInputDto;

  @ApiPropertyOptional({ type: [PickupChoiceDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => PickupChoiceDto)
  pickupLocations?: PickupChoiceDto[];

  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(1000, { message: 'note must be at most 1000 characters' })
  note?: string;

  @ApiProperty({
    enum: PAYMENT_METHODS,
    example: PaymentMethod.CASH_ON_PICKUP_DELIVERY,
    description: 'Only CASH_ON_PICKUP_DELIVERY is accepted for now',
  })
  @IsIn(PAYMENT_METHODS, { message: `paymentMethod must be one of ${PAYMENT_METHODS.join(', ')}` })
  paymentMethod: PaymentMethod;

  @ApiProperty({
    format: 'uuid',
    description: 'Made once by the checkout form; sending it again returns the first order',
  })
  @IsUUID('all', { message: 'idempotencyKey must be a UUID made once per checkout form' })
  idempotencyKey: string;
}
