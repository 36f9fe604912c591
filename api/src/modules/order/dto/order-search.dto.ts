import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { PageQueryDto } from '../../../common/http/paging.js';
import { FulfilmentDto } from './order.dto.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The keys of `order/search/` (spec §9 Search-by keys). */
export const SEARCH_BY = ['id', 'email', 'phone', 'kitchen'] as const;
export type SearchBy = (typeof SEARCH_BY)[number];

/** `_search/order?query=`: free text. */
export class OrderTextSearchQueryDto extends PageQueryDto {
  @ApiProperty({
    type: String,
    description:
      "Order number (whole or its beginning), or part of the customer's name, e-mail or phone (any formatting), or of the item name",
    example: 'HR-7K2F',
  })
  @Transform(trim)
  @IsString()
  @MinLength(2, { message: 'query must be at least 2 characters' })
  @MaxLength(100, { message: 'query must be at most 100 characters' })
  query: string;
}

/** `order/search/?searchBy=&query=`: one exact key. */
export class OrderKeySearchQueryDto extends PageQueryDto {
  @ApiProperty({
    type: String,
    enum: SEARCH_BY,
    description:
      'id: order number or order id; email: the e-mail given at checkout; phone: the phone given at checkout (digits compared, ' +
      'formatting ignored); kitchen: kitchen name, display name or id (admins only)',
  })
  @IsIn(SEARCH_BY, { message: `searchBy must be one of ${SEARCH_BY.join(', ')}` })
  searchBy: SearchBy;

  @ApiProperty({ type: String, example: 'pat@example.test' })
  @Transform(trim)
  @IsString()
  @MinLength(1, { message: 'query must not be empty' })
  @MaxLength(200, { message: 'query must be at most 200 characters' })
  query: string;
}

/** A date selection found by an order search: a board row with its kitchen named. */
export class OrderSearchHitDto extends FulfilmentDto {
  @ApiProperty({ type: String }) publisherId: string;
  @ApiProperty({ type: String, description: 'The kitchen of the item (admins search across kitchens)' })
  kitchenName: string;
}
