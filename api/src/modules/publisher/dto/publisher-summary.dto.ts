import { ApiProperty } from '@nestjs/swagger';
import type { BrandType, PublisherStatus } from '@hearth/shared';

/** A kitchen's rating as cards and pages show it (not a customer's review: rating/dto RatingDto). */
export class RatingSummaryDto {
  @ApiProperty({ example: 4.9 }) value: number;
  @ApiProperty({ example: 128 }) count: number;
}

/** A kitchen as lists and cards show it. */
export class PublisherSummaryDto {
  @ApiProperty() id: string;
  @ApiProperty({ example: 'priyas-kitchen' }) kitchenName: string;
  @ApiProperty({ example: "Priya's Kitchen" }) brandDisplayName: string;
  @ApiProperty({ enum: ['HOME_KITCHEN', 'STORE', 'MART'] }) brandType: BrandType;
  @ApiProperty({ enum: ['PENDING', 'APPROVED', 'BLOCKED'] }) status: PublisherStatus;
  @ApiProperty({ type: String, nullable: true }) speciality: string | null;
  @ApiProperty({ type: String, nullable: true }) profileDescription: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'URL path of the logo' }) logo: string | null;
  @ApiProperty({ type: RatingSummaryDto }) rating: RatingSummaryDto;
  @ApiProperty({ type: String, nullable: true }) city: string | null;
  @ApiProperty({ type: String, nullable: true }) state: string | null;
  @ApiProperty({ type: String, nullable: true }) country: string | null;
  @ApiProperty({ example: 'USD' }) currencyCode: string;
  @ApiProperty({ type: String, nullable: true, example: 'America/New_York' }) timeZoneId: string | null;
}
