import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { COUNTRIES, findCountry } from '@hearth/shared';
import { PageQueryDto } from '../../../common/http/paging.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const COUNTRY_CODES = COUNTRIES.map((c) => c.code);
/** A country's name or code (any case) becomes its ISO code. */
const toCountryCode = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? (findCountry(value)?.code ?? value) : value;

/** A guest asks for a kitchen's news by e-mail (double opt-in). */
export class GuestSubscribeDto {
  @ApiProperty({ example: 'casey@example.com' })
  @Transform(trim)
  @MaxLength(254, { message: 'email must be a valid e-mail address' })
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  email: string;

  @ApiProperty({ description: 'The kitchen whose news to get' })
  @IsUUID('all', { message: 'publisherId must be a kitchen id' })
  publisherId: string;
}

/** spec §3 Location check: "Tell me when chefs deliver here" (double opt-in). */
export class LocationCheckDto {
  @ApiProperty({ example: 'casey@example.com' })
  @Transform(trim)
  @MaxLength(254, { message: 'email must be a valid e-mail address' })
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  email: string;

  @ApiProperty({ example: 'US', description: 'Country name or ISO code of a country Hearth serves' })
  @Transform(toCountryCode)
  @IsString({ message: 'country must be one of the countries Hearth serves' })
  @IsIn(COUNTRY_CODES, { message: 'country must be one of the countries Hearth serves' })
  country: string;

  @ApiProperty({ example: '07302' })
  @Transform(trim)
  @IsString({ message: 'zipcode must be a zip code' })
  @Matches(/^[A-Za-z0-9][A-Za-z0-9 -]{1,10}[A-Za-z0-9]$/, {
    message: 'zipcode must be a zip code of 3 to 12 letters, digits, spaces or hyphens',
  })
  zipcode: string;
}

/** A signed link's token (confirm, unsubscribe). */
export class TokenQueryDto {
  @ApiProperty({ description: 'The token from the e-mail link' })
  @IsString({ message: 'token is required' })
  @MaxLength(2000, { message: 'token is not valid' })
  token: string;
}

/** `unsubscribe?token=&email=`: the optional e-mail must be the token's. */
export class UnsubscribeQueryDto extends TokenQueryDto {
  @ApiPropertyOptional({ description: "spec §7 unsubscribe?email: must be the token's address" })
  @IsOptional()
  @IsString()
  @MaxLength(254)
  email?: string;
}

/** The RFC 8058 one-click body (form-encoded `List-Unsubscribe=One-Click`); the page's button sends none. */
export class OneClickBodyDto {
  @ApiPropertyOptional({ example: 'One-Click' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  'List-Unsubscribe'?: string;
}

/** Admin lists: paged, narrowed to a kitchen or an e-mail. */
export class AdminSubscriptionQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Only this kitchen' })
  @IsOptional()
  @IsUUID('all', { message: 'publisherId must be a kitchen id' })
  publisherId?: string;

  @ApiPropertyOptional({ description: 'Addresses containing this text' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(254)
  email?: string;
}
