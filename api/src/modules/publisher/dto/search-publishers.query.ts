import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsIn,
  IsLatitude,
  IsLongitude,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { DEFAULTS } from '@hearth/shared';
import { PageQueryDto } from '../../../common/http/paging.js';

/** `_search/publishers?query=&lat=&lng=&distance=&page=&size=`. */
export class SearchPublishersQuery extends PageQueryDto {
  @ApiPropertyOptional({
    example: 'biryani',
    description: 'Words of the kitchen or brand name, speciality or description; typos are tolerated',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(100, { message: 'query must be at most 100 characters' })
  query?: string;

  @ApiPropertyOptional({ example: 40.7168, description: 'With lng: only kitchens within `distance`' })
  @ValidateIf((q: SearchPublishersQuery) => q.lat !== undefined || q.lng !== undefined)
  @Type(() => Number)
  @IsLatitude({ message: 'lat must be between -90 and 90 (and is needed with lng)' })
  lat?: number;

  @ApiPropertyOptional({ example: -74.0335 })
  @ValidateIf((q: SearchPublishersQuery) => q.lat !== undefined || q.lng !== undefined)
  @Type(() => Number)
  @IsLongitude({ message: 'lng must be between -180 and 180 (and is needed with lat)' })
  lng?: number;

  @ApiPropertyOptional({
    default: DEFAULTS.searchDistance,
    maximum: 100,
    description: 'Miles when `unit` is miles (default), else km; at most 100, as in the other searches',
  })
  @IsOptional()
  @Type(() => Number)
  @IsNumber({}, { message: 'distance must be a number' })
  @Min(0, { message: 'distance must be 0 or more' })
  @Max(100, { message: 'distance must be at most 100' })
  distance?: number;

  @ApiPropertyOptional({ enum: ['miles', 'km'], default: 'miles' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsIn(['miles', 'km'], { message: 'unit must be miles or km' })
  unit?: 'miles' | 'km';
}
