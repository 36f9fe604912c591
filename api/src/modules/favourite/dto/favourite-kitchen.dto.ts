import { ApiProperty } from '@nestjs/swagger';
import { TimeSlot } from '@hearth/shared';
import { RatingSummaryDto } from '../../publisher/dto/publisher-summary.dto.js';

/** A date a favourite kitchen can be ordered from, over all its published menus. */
export class FavouriteDateDto {
  @ApiProperty({ example: '2026-11-27', description: "Calendar date in the chef's time zone" }) date: string;
  @ApiProperty({
    enum: Object.values(TimeSlot),
    isArray: true,
    example: ['LUNCH_12PM', 'PM_5_7'],
    description: 'Slots offered that date, earliest first',
  })
  timeSlots: TimeSlot[];
  @ApiProperty({ description: 'The latest cut-off among the menus of that date (ISO 8601)' })
  orderBefore: string;
  @ApiProperty({ type: [String], description: 'Names of the menus served that date' }) menus: string[];
}

/** A kitchen on the customer's favourites list. */
export class FavouriteKitchenDto {
  @ApiProperty() id: string;
  @ApiProperty() kitchenName: string;
  @ApiProperty() brandDisplayName: string;
  @ApiProperty({ type: String, nullable: true }) speciality: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'URL path of the logo' }) logo: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'America/New_York',
    description: "The kitchen's IANA time zone: its dates and cut-offs are in it",
  })
  timeZone: string | null;
  @ApiProperty({ type: RatingSummaryDto }) rating: RatingSummaryDto;
  @ApiProperty({ type: String, nullable: true }) city: string | null;
  @ApiProperty({ type: String, nullable: true }) state: string | null;
  @ApiProperty({ description: 'When it was added (ISO 8601)' }) favouritedAt: string;
  @ApiProperty({
    type: [FavouriteDateDto],
    description: 'The next 3 orderable dates (none when nothing is on sale)',
  })
  nextDates: FavouriteDateDto[];
}
