import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  Equals,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  Validate,
  ValidateNested,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { BrandType, COUNTRIES } from '@hearth/shared';
import { KitchenNameRule } from '../kitchen-name.js';
import { canonicalTimeZone } from '../time-zone-info.js';
import { COUNTRY_CHOICES, KitchenAddressDto } from './kitchen-address.dto.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
// People type numbers with spaces, dashes, dots and brackets; only the digits are stored.
const digitsOnly = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.replace(/[\s().-]/g, '') : value;
const BRAND_TYPES = Object.values(BrandType);

/** class-validator rule: an IANA time zone this runtime knows. */
@ValidatorConstraint({ name: 'ianaTimeZone' })
export class IanaTimeZoneRule implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && canonicalTimeZone(value) !== null;
  }

  defaultMessage(args: ValidationArguments): string {
    return `${args.property} must be an IANA time zone such as America/New_York`;
  }
}

/** Chef sign-up (`/l/chef-registration`): creates a kitchen awaiting an admin's review. */
export class RegisterPublisherDto {
  @ApiProperty({
    example: 'priyas-kitchen',
    description: 'Storefront path /{kitchenName}: 3–40 letters, digits and hyphens; unique whatever the case',
  })
  @Validate(KitchenNameRule)
  kitchenName: string;

  @ApiProperty({ example: "Priya's Kitchen" })
  @Transform(trim)
  @IsString({ message: 'brandDisplayName is required' })
  @Length(2, 80, { message: 'brandDisplayName must be between 2 and 80 characters' })
  brandDisplayName: string;

  @ApiPropertyOptional({ enum: BRAND_TYPES, default: BrandType.HOME_KITCHEN })
  @IsOptional()
  @IsIn(BRAND_TYPES, { message: `brandType must be one of ${BRAND_TYPES.join(', ')}` })
  brandType?: BrandType;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Andhra home food' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(120, { message: 'speciality must be at most 120 characters' })
  speciality?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(2000, { message: 'profileDescription must be at most 2000 characters' })
  profileDescription?: string | null;

  @ApiPropertyOptional({ example: '+1', description: "Defaults to the country's calling code" })
  @IsOptional()
  @Matches(/^\+\d{1,4}$/, { message: 'phoneCountryCode must look like +1 or +91' })
  phoneCountryCode?: string;

  @ApiProperty({
    example: '2015550123',
    description: 'Without the country code; spaces and dashes are ignored',
  })
  @Transform(digitsOnly)
  @IsString({ message: 'phoneNumber is required' })
  @Matches(/^\d{6,14}$/, { message: 'phoneNumber must be 6 to 14 digits' })
  phoneNumber: string;

  @ApiPropertyOptional({ example: '+1' })
  @IsOptional()
  @Matches(/^\+\d{1,4}$/, { message: 'whatsAppCountryCode must look like +1 or +91' })
  whatsAppCountryCode?: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: '2015550123' })
  @IsOptional()
  @Transform(digitsOnly)
  @IsString()
  @Matches(/^\d{6,14}$/, { message: 'whatsAppNumber must be 6 to 14 digits' })
  whatsAppNumber?: string | null;

  @ApiProperty({
    type: KitchenAddressDto,
    description: 'The kitchen address; it becomes the primary pickup location',
  })
  @IsDefined({ message: 'address is required' })
  @ValidateNested()
  @Type(() => KitchenAddressDto)
  address: KitchenAddressDto;

  @ApiProperty({ example: 'America/New_York' })
  @Validate(IanaTimeZoneRule)
  timeZone: string;

  @ApiProperty({
    enum: COUNTRY_CHOICES,
    example: 'United States',
    description: 'Sets the currency the kitchen sells in',
  })
  @IsIn(COUNTRY_CHOICES, { message: `country must be one of ${COUNTRIES.map((c) => c.name).join(', ')}` })
  country: string;

  @ApiProperty({ example: true, description: 'The chef agreement must be accepted' })
  @Equals(true, { message: 'acceptAgreement must be true: accept the chef agreement to register' })
  acceptAgreement: boolean;
}

/**
 * `publisher/save`: the owner changes their kitchen. Every field is optional (omitted fields stay as they
 * are); `null` clears speciality, profileDescription and the WhatsApp number. `address` replaces the
 * kitchen's own (primary) address.
 */
export class SavePublisherDto extends PartialType(
  OmitType(RegisterPublisherDto, ['acceptAgreement'] as const),
) {}
