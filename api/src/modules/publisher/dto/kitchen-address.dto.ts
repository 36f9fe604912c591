import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsLatitude,
  IsLongitude,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  MaxLength,
} from 'class-validator';
import { COUNTRIES, LocationType } from '@hearth/shared';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Country names and ISO codes accepted; the service stores the name. */
export const COUNTRY_CHOICES = COUNTRIES.flatMap((c) => [c.name, c.code]);
const LOCATION_TYPES = [...Object.values(LocationType), ''];

/**
 * A kitchen address or pickup place (spec §3 Address). Its point places the kitchen on the map and in
 * distance search: the coordinates given, else the zip code's (US codes offline; elsewhere kitchens with the
 * same postcode), else a 400 on `lat` asks for them.
 */
export class KitchenAddressDto {
  @ApiPropertyOptional({ default: 'Kitchen' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(1, 60, { message: 'name must be between 1 and 60 characters' })
  name?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'The address on one line; composed from the parts when omitted',
  })
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

  @ApiPropertyOptional({ description: "Defaults to the kitchen's country", enum: COUNTRY_CHOICES })
  @IsOptional()
  @IsIn(COUNTRY_CHOICES, { message: `country must be one of ${COUNTRIES.map((c) => c.name).join(', ')}` })
  country?: string;

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

  @ApiProperty({ example: '07302' })
  @Transform(trim)
  @IsString({ message: 'zipcode is required' })
  @Length(3, 12, { message: 'zipcode must be between 3 and 12 characters' })
  zipcode: string;

  @ApiPropertyOptional({ enum: LOCATION_TYPES, default: '' })
  @IsOptional()
  @IsIn(LOCATION_TYPES, { message: 'locationType must be RESIDENTIAL, BUSINESS, APARTMENT or empty' })
  locationType?: LocationType | '';

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Shown to customers who collect here' })
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
      "Optional (with lng): the exact position, e.g. the browser's; without it the zip code places the address",
  })
  @IsOptional()
  @Type(() => Number)
  @IsNumber({}, { message: 'lat must be a number' })
  @IsLatitude({ message: 'lat must be between -90 and 90' })
  lat?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: -74.0335, description: 'With lat' })
  @IsOptional()
  @Type(() => Number)
  @IsNumber({}, { message: 'lng must be a number' })
  @IsLongitude({ message: 'lng must be between -180 and 180' })
  lng?: number | null;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  isUnderUse?: boolean;
}

/** A pickup place as the API returns it; the primary one is the kitchen's own address. */
export class PickupLocationDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: "The kitchen's own address; cannot be deleted" }) isPrimary: boolean;
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
