import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, Length } from 'class-validator';
import { COUNTRIES } from '@hearth/shared';
import { ValidatedOncePerQueryString } from '../../../common/problem/validation.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** `consumer/zip/country?zip=&country=` */
@ValidatedOncePerQueryString()
export class ZipCountryQuery {
  @ApiProperty({ example: '07302', description: 'Zip or postal code' })
  @Transform(trim)
  @IsString({ message: 'zip is required' })
  @Length(3, 12, { message: 'zip must be between 3 and 12 characters' })
  zip: string;

  @ApiPropertyOptional({
    example: 'US',
    default: 'US',
    description: `Country code or name: ${COUNTRIES.map((c) => `${c.code} (${c.name})`).join(', ')}`,
  })
  @Transform(trim)
  @IsString()
  @Length(2, 40, { message: 'country must be a country code such as US or a name such as United States' })
  country: string = 'US';
}

/** Where a zip code is. */
export class ZipPlaceDto {
  @ApiProperty({ example: '07302' }) zip: string;
  @ApiProperty({ example: 'United States' }) country: string;
  @ApiProperty({ example: 'US' }) countryCode: string;
  @ApiProperty({ example: 40.7221 }) lat: number;
  @ApiProperty({ example: -74.0469 }) lng: number;
  @ApiProperty({ type: String, nullable: true, example: 'Jersey City' }) city: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'NJ' }) state: string | null;
  @ApiProperty({
    enum: ['zip-directory', 'postal-area', 'kitchens'],
    description:
      'zip-directory: the US zip code centroid (offline directory); postal-area: the centroid of a Canadian ' +
      "forward sortation area (first 3 characters); kitchens: the mean of approved kitchens' pickup places " +
      "with this code, when there are at least 5, rounded to 2 decimals (never from customers' addresses)",
  })
  source: 'zip-directory' | 'postal-area' | 'kitchens';
}
