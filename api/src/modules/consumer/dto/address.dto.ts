import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsLatitude,
  IsLongitude,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { COUNTRIES, DEFAULTS, LocationType } from '@hearth/shared';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToNull = ({ value }: { value: unknown }) => (value === '' ? null : value);
const COUNTRY_NAMES = COUNTRIES.map((c) => c.name);
const LOCATION_TYPES = [...Object.values(LocationType), ''];

/** An address as the client sends it (spec §3 Address); defaults: name Home, country United States. */
export class AddressInputDto {
  @ApiPropertyOptional({ default: DEFAULTS.addressName })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(1, 60, { message: 'name must be between 1 and 60 characters' })
  name: string = DEFAULTS.addressName;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'The address on one line' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(300)
  address?: string | null;

  @ApiProperty({ example: '77 Hudson St' })
  @Transform(trim)
  @IsString({ message: 'addressLine1 is required' })
  @Length(3, 200, { message: 'addressLine1 must be between 3 and 200 characters' })
  addressLine1: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  addressLine2?: string | null;

  @ApiProperty({ example: 'Jersey City' })
  @Transform(trim)
  @IsString({ message: 'city is required' })
  @Length(1, 100, { message: 'city is required' })
  city: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'NJ' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  state?: string | null;

  @ApiPropertyOptional({ default: DEFAULTS.country, enum: COUNTRY_NAMES })
  @IsOptional()
  @IsIn(COUNTRY_NAMES, { message: `country must be one of ${COUNTRY_NAMES.join(', ')}` })
  country: string = DEFAULTS.country;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  locality?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  district?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '07302',
    description: 'Required unless lat and lng are given: the address is placed on the map from it',
  })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(3, 12, { message: 'zipcode must be between 3 and 12 characters' })
  zipcode?: string | null;

  @ApiPropertyOptional({ enum: LOCATION_TYPES, default: '' })
  @IsOptional()
  @IsIn(LOCATION_TYPES, { message: 'locationType must be RESIDENTIAL, BUSINESS, APARTMENT or empty' })
  locationType: LocationType | '' = '';

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500)
  deliveryNote?: string | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    example: 40.7168,
    description:
      "Optional (with lng): the exact position, e.g. the browser's. Without it the zip code places the address: " +
      'US codes offline, other countries from kitchens with the same postcode; a 400 on lat asks for it when nothing can',
  })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_, v) => v !== null)
  @Type(() => Number)
  @IsNumber({}, { message: 'lat must be a number' })
  @IsLatitude({ message: 'lat must be between -90 and 90' })
  lat?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: -74.0335, description: 'With lat' })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_, v) => v !== null)
  @Type(() => Number)
  @IsNumber({}, { message: 'lng must be a number' })
  @IsLongitude({ message: 'lng must be between -180 and 180' })
  lng?: number | null;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  isUnderUse: boolean = false;
}

/** An address as the API returns it. */
export class AddressDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) address: string | null;
  @ApiProperty({ type: String, nullable: true }) addressLine1: string | null;
  @ApiProperty({ type: String, nullable: true }) addressLine2: string | null;
  @ApiProperty({ type: String, nullable: true }) city: string | null;
  @ApiProperty({ type: String, nullable: true }) state: string | null;
  @ApiProperty() country: string;
  @ApiProperty({ type: String, nullable: true }) locality: string | null;
  @ApiProperty({ type: String, nullable: true }) district: string | null;
  @ApiProperty({ type: String, nullable: true }) zipcode: string | null;
  @ApiProperty({ enum: LOCATION_TYPES }) locationType: LocationType | '';
  @ApiProperty({ type: String, nullable: true }) deliveryNote: string | null;
  @ApiProperty({ type: Number, nullable: true }) lat: number | null;
  @ApiProperty({ type: Number, nullable: true }) lng: number | null;
  @ApiProperty() isUnderUse: boolean;
}

/** `consumer/delivery/address/email?email=` (admins). */
export class AddressEmailQuery {
  @ApiProperty({ type: String, example: 'pat@example.test' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmail({}, { message: 'email must be an e-mail address' })
  @MaxLength(254)
  email: string;
}
