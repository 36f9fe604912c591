import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, Matches } from 'class-validator';
import { DistanceUnit, TimeSlot } from '@hearth/shared';

const SLOTS = Object.values(TimeSlot);
const FORMATS = ['json', 'gpx', 'csv'] as const;
export type RoundFormat = (typeof FORMATS)[number];

/** `POST order/optimize-routes`: the delivery round of one date (and slot) of the caller's kitchen. */
export class DeliveryRoundQueryDto {
  @ApiProperty({ example: '2026-11-27', description: "A date in the kitchen's time zone (YYYY-MM-DD)" })
  @IsString({ message: 'date is required' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be a date such as 2026-11-27' })
  date: string;

  @ApiPropertyOptional({ enum: SLOTS, description: 'Only the deliveries of this time slot' })
  @IsOptional()
  @IsIn(SLOTS, { message: `timeSlot must be one of ${SLOTS.join(', ')}` })
  timeSlot?: TimeSlot;

  @ApiPropertyOptional({
    format: 'uuid',
    description: "Start from this pickup location of the kitchen (default: the kitchen's primary one)",
  })
  @IsOptional()
  @IsUUID('all', { message: 'pickupLocationId must be the id of one of your pickup locations' })
  pickupLocationId?: string;
}

/** `GET order/optimize-routes`: the same round as JSON, a GPX 1.1 route or CSV. */
export class DeliveryRoundExportQueryDto extends DeliveryRoundQueryDto {
  @ApiPropertyOptional({ enum: FORMATS, default: 'json', description: 'json, gpx (GPX 1.1 <rte>) or csv' })
  @IsOptional()
  @IsIn(FORMATS, { message: `format must be one of ${FORMATS.join(', ')}` })
  format?: RoundFormat;
}

export class RoundOrderDto {
  @ApiProperty({ example: 'HR-7K2F-9Q4M' })
  orderNumber: string;

  @ApiProperty({ type: [String], example: ['Lasagne × 2'], description: 'Items with quantities' })
  items: string[];

  @ApiPropertyOptional({ type: String, nullable: true })
  note: string | null;
}

export class RoundStopDto {
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 1,
    description: 'Position in the round, from 1; null for a stop not placed',
  })
  position: number | null;

  @ApiProperty({ example: 'Casey Jones' })
  customerName: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: '+1 201 555 0100' })
  phone: string | null;

  @ApiProperty({ example: '77 Hudson St, Jersey City, NJ 07302' })
  address: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: "The customer's note for the driver" })
  deliveryNote: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true })
  lat: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true })
  lng: number | null;

  @ApiProperty({ type: [RoundOrderDto], description: 'The orders handed over at this stop' })
  orders: RoundOrderDto[];

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'From the previous stop, in `unit`' })
  legDistance: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'From the start, in `unit`' })
  cumulativeDistance: number | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'https://www.google.com/maps/dir/?api=1&destination=40.7168,-74.0335',
  })
  mapsUrl: string | null;
}

export class RoundStartDto {
  @ApiProperty({ format: 'uuid' })
  pickupLocationId: string;

  @ApiProperty({ example: 'Main kitchen' })
  name: string;

  @ApiProperty()
  address: string;

  @ApiProperty()
  lat: number;

  @ApiProperty()
  lng: number;
}

export class PackingStepDto {
  @ApiProperty({ example: 3, description: 'The stop (position) whose orders to pack now' })
  position: number;

  @ApiProperty({ type: [String] })
  orderNumbers: string[];

  @ApiProperty()
  customerName: string;
}

export class DeliveryRoundDto {
  @ApiProperty({ example: '2026-11-27' })
  date: string;

  @ApiPropertyOptional({ enum: SLOTS, nullable: true })
  timeSlot: TimeSlot | null;

  @ApiProperty({ enum: Object.values(DistanceUnit) })
  unit: DistanceUnit;

  @ApiPropertyOptional({
    type: RoundStartDto,
    nullable: true,
    description: 'Null when there is nothing to place',
  })
  start: RoundStartDto | null;

  @ApiProperty({
    example: false,
    description: 'Always false: the round is open, it ends at the last stop (no drive back is counted)',
  })
  returnsToStart: boolean;

  @ApiProperty({ enum: ['exact', 'heuristic'], description: 'Held–Karp up to 10 stops, else 2-opt + Or-opt' })
  method: 'exact' | 'heuristic';

  @ApiProperty({ type: [RoundStopDto], description: 'The stops in the order to drive them' })
  stops: RoundStopDto[];

  @ApiProperty({ type: [RoundStopDto], description: 'Stops without coordinates: not placed in the round' })
  notPlaced: RoundStopDto[];

  @ApiProperty({ example: 12.4, description: 'Length of the round in `unit`' })
  totalDistance: number;

  @ApiProperty({ type: [PackingStepDto], description: 'Pack in this order: the last stop first' })
  packingOrder: PackingStepDto[];
}
