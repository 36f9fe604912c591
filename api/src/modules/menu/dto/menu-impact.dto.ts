import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, ValidateIf } from 'class-validator';
import { MenuDeleteType, type MenuDeleteType as MenuDeleteTypeT, type MenuStatus } from '@hearth/shared';
import { IsCalendarDate, Optional } from '../../item/dto/validators.js';

/** The changes whose consequences `menu/{id}/impact` previews. */
export const MenuImpactAction = { PAUSE: 'PAUSE', DELETE: 'DELETE' } as const;
export type MenuImpactAction = (typeof MenuImpactAction)[keyof typeof MenuImpactAction];

const ACTIONS = Object.values(MenuImpactAction);
const DELETE_TYPES = Object.values(MenuDeleteType);

/** `GET menu/{id}/impact?action=PAUSE|DELETE[&deleteType=ALL|DATE&date=YYYY-MM-DD]`. */
export class MenuImpactQuery {
  @ApiProperty({ enum: ACTIONS, description: 'PAUSE the menu, or DELETE it (or one of its dates)' })
  @IsIn(ACTIONS, { message: `action must be one of ${ACTIONS.join(', ')}` })
  action: MenuImpactAction;

  @ApiPropertyOptional({
    enum: DELETE_TYPES,
    default: MenuDeleteType.ALL,
    description: 'With action=DELETE, as for DELETE menu/{id}',
  })
  @Optional()
  @IsIn(DELETE_TYPES, { message: `deleteType must be one of ${DELETE_TYPES.join(', ')}` })
  deleteType?: MenuDeleteTypeT;

  @ApiPropertyOptional({ example: '2026-11-27', description: 'With deleteType=DATE: the date to take off' })
  @ValidateIf((o: MenuImpactQuery) => o.deleteType === MenuDeleteType.DATE || o.date !== undefined)
  @IsCalendarDate({ message: 'date must be the date to delete, written YYYY-MM-DD' })
  date?: string;
}

/** Orders of one date that the change concerns. */
export class MenuImpactDateDto {
  @ApiProperty({ example: '2026-11-27' }) date: string;
  @ApiProperty({ description: 'Customers with an order (not cancelled) for a dish of the menu on this date' })
  customers: number;
  @ApiProperty({ description: 'Those orders' }) orders: number;
  @ApiProperty({ description: 'Their date selections still to cook and hand over (not delivered yet)' })
  toFulfil: number;
}

/** What pausing or deleting would do now, counted in the database. */
export class MenuImpactDto {
  @ApiProperty() menuId: string;
  @ApiProperty() menuName: string;
  @ApiProperty({ enum: ['PUBLISHED', 'DRAFT', 'PAUSE', 'DELETED'] }) status: MenuStatus;
  @ApiProperty({ enum: ACTIONS }) action: MenuImpactAction;
  @ApiProperty({ enum: DELETE_TYPES, nullable: true, description: 'With action=DELETE' })
  deleteType: MenuDeleteTypeT | null;
  @ApiProperty({
    type: [String],
    description: 'The upcoming dates concerned (the one date, or every live date from today)',
  })
  dates: string[];
  @ApiProperty({ type: [MenuImpactDateDto], description: 'The dates among them that have orders' })
  ordersByDate: MenuImpactDateDto[];
  @ApiProperty({ description: 'Customers with orders on those dates (each counted once)' }) customers: number;
  @ApiProperty() orders: number;
  @ApiProperty({ description: 'Date selections still to cook and hand over' }) toFulfil: number;
  @ApiProperty({
    description:
      'Carts (customers’ and guests’) holding a dish of the menu for one of those dates that no other published menu offers; they lose that line',
  })
  carts: number;
  @ApiProperty({ description: 'Whether the change would be accepted now' }) allowed: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'When not: the sentence the change itself would answer',
  })
  refusal: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'error.menu.hasOrders',
    description: 'When not: its message key',
  })
  refusalKey: string | null;
}
