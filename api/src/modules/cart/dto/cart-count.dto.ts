import { ApiProperty } from '@nestjs/swagger';

/** How many lines the cart holds, for a header badge: read without pricing the cart. */
export class CartCountDto {
  @ApiProperty({ example: 3, description: 'Lines in the cart (an item with its pricing option and dates)' })
  count: number;
}
