import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { TimeSlot } from '@hearth/shared';

const TIME_SLOTS = Object.values(TimeSlot);

/** `GET order/prep-sheet` and `GET order/prep-sheet.csv`. */
export class PrepSheetQueryDto {
  @ApiProperty({ example: '2026-11-27', description: 'The cook date (YYYY-MM-DD)' })
  @IsString({ message: 'date is required' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be a date such as 2026-11-27' })
  date: string;

  @ApiPropertyOptional({ enum: TIME_SLOTS, description: 'Only the date selections with this time slot' })
  @IsOptional()
  @IsIn(TIME_SLOTS, { message: `timeSlot must be one of ${TIME_SLOTS.join(', ')}` })
  timeSlot?: TimeSlot;
}

export class PortionRowDto {
  @ApiProperty() itemName: string;
  @ApiProperty({ description: 'The pricing option as bought, e.g. "1 PIECE"' }) option: string;
  @ApiProperty({ description: 'Units of the pricing option to make' }) units: number;
  @ApiProperty({ description: "Units × the option's serves" }) servings: number;
  @ApiProperty({ description: 'Orders with this item and option' }) orders: number;
}

export class ShoppingRowDto {
  @ApiProperty() ingredient: string;
  @ApiProperty({ description: 'Summed over dishes, scaled by servings over the recipe yield' })
  quantity: number;
  @ApiProperty({ enum: ['g', 'ml', 'tsp', 'tbsp', 'cup', 'pcs'] }) unit: string;
  @ApiProperty({ type: [String] }) dishes: string[];
}

export class UnquantifiedRowDto {
  @ApiProperty() ingredient: string;
  @ApiProperty({ type: [String] }) dishes: string[];
}

export class HandoverRowDto {
  @ApiProperty() orderNumber: string;
  @ApiProperty() customer: string;
  @ApiProperty() phone: string;
  @ApiProperty({ type: String, nullable: true, description: 'Deliveries only' }) address: string | null;
  @ApiProperty({ description: 'e.g. "2 × Lasagna (1 PIECE)"' }) items: string;
  @ApiProperty() note: string;
}

/** The prep sheet and shopping list of one cook date (and slot) of the caller's kitchen. */
export class PrepSheetDto {
  @ApiProperty({ example: '2026-11-27' }) date: string;
  @ApiProperty({ enum: TIME_SLOTS, nullable: true, type: String }) timeSlot: string | null;
  @ApiProperty({ type: [PortionRowDto] }) portions: PortionRowDto[];
  @ApiProperty({ type: [PortionRowDto], description: 'Catering lines, apart from the regular portions' })
  catering: PortionRowDto[];
  @ApiProperty({ type: [ShoppingRowDto] }) shopping: ShoppingRowDto[];
  @ApiProperty({ type: [UnquantifiedRowDto], description: 'Ingredients without a quantity (salt, to taste)' })
  unquantified: UnquantifiedRowDto[];
  @ApiProperty({ type: [HandoverRowDto] }) pickup: HandoverRowDto[];
  @ApiProperty({ type: [HandoverRowDto] }) delivery: HandoverRowDto[];
}
