import { ApiProperty } from '@nestjs/swagger';
import type { BrandType, PublisherStatus } from '@hearth/shared';
import { PickupLocationDto } from './kitchen-address.dto.js';
import { PublisherSummaryDto, RatingSummaryDto } from './publisher-summary.dto.js';

/** A stored file: its storage key and the path it is served at. */
export class FileRefDto {
  @ApiProperty({ example: 'public/publishers/3f…/kitchen/9a…/800.webp' }) key: string;
  @ApiProperty({ example: '/services/publisher/api/files/public/publishers/3f…/kitchen/9a…/800.webp' })
  url: string;
}

/** A kitchen picture an admin hid from the public (the owner and admins still see it), and why. */
export class BlockedPictureDto {
  @ApiProperty({ type: String }) key: string;
  @ApiProperty({ type: String }) url: string;
  @ApiProperty({ type: String }) reason: string;
  @ApiProperty({ type: String, format: 'date-time' }) blockedAt: string;
}

/** Spec §3 Publisher.timeZone. */
export class TimeZoneDto {
  @ApiProperty({ example: 'America/New_York' }) timeZoneId: string;
  @ApiProperty({ example: 'Eastern Standard Time' }) timeZoneName: string;
  @ApiProperty({ example: -18000, description: 'Standard offset from UTC in seconds' }) rawOffset: number;
  @ApiProperty({ example: 0, description: 'Daylight-saving offset in seconds when last set' })
  dstOffset: number;
}

/** The kitchen in full, for its owner (any status) and for admins. */
export class PublisherDetailDto {
  @ApiProperty() id: string;
  @ApiProperty() kitchenName: string;
  @ApiProperty({ example: '/priyas-kitchen' }) storefrontPath: string;
  @ApiProperty() brandDisplayName: string;
  @ApiProperty({ enum: ['HOME_KITCHEN', 'STORE', 'MART'] }) brandType: BrandType;
  @ApiProperty({ enum: ['PENDING', 'APPROVED', 'BLOCKED'] }) status: PublisherStatus;
  @ApiProperty({ type: String, nullable: true, description: "The admin's comments of the last review" })
  statusReviewComments: string | null;
  @ApiProperty({ type: String, nullable: true }) speciality: string | null;
  @ApiProperty({ type: String, nullable: true }) profileDescription: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'URL path of the logo' }) logo: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'URL path of the profile picture' })
  profilePicLocation: string | null;
  @ApiProperty({ type: [FileRefDto] }) kitchenPictures: FileRefDto[];
  @ApiProperty({
    type: [BlockedPictureDto],
    description: 'Pictures (portrait, kitchen pictures) an admin hid from the public, with the reason',
  })
  blockedPictures: BlockedPictureDto[];
  @ApiProperty({ type: [FileRefDto], description: 'Private: readable by the owner and admins only' })
  identityPictures: FileRefDto[];
  @ApiProperty({ type: [FileRefDto], description: 'Private: readable by the owner and admins only' })
  licensesAndCertifications: FileRefDto[];
  @ApiProperty({ type: String, nullable: true }) phoneCountryCode: string | null;
  @ApiProperty({ type: String, nullable: true }) phoneNumber: string | null;
  @ApiProperty({ type: String, nullable: true, example: '+12015550123' }) fullPhoneNumber: string | null;
  @ApiProperty({ type: String, nullable: true }) whatsAppCountryCode: string | null;
  @ApiProperty({ type: String, nullable: true }) whatsAppNumber: string | null;
  @ApiProperty({ type: String, nullable: true }) fullWhatsAppNumber: string | null;
  @ApiProperty() acceptAgreement: boolean;
  @ApiProperty({ type: RatingSummaryDto }) rating: RatingSummaryDto;
  @ApiProperty() ordersServed: number;
  @ApiProperty({ type: String, nullable: true, example: 'United States' }) country: string | null;
  @ApiProperty({ example: 'USD' }) currencyCode: string;
  @ApiProperty({ type: TimeZoneDto, nullable: true }) timeZone: TimeZoneDto | null;
  @ApiProperty({
    type: PickupLocationDto,
    nullable: true,
    description: "The kitchen's own address (primary pickup location)",
  })
  location: PickupLocationDto | null;
  @ApiProperty({ type: [PickupLocationDto], description: 'Primary first' })
  pickupLocations: PickupLocationDto[];
  @ApiProperty({ type: String, nullable: true }) userName: string | null;
  @ApiProperty({ type: String, nullable: true }) userEmail: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

/** Who owns a kitchen (admins only). */
export class PublisherOwnerDto {
  @ApiProperty() consumerId: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
}

/** A kitchen in an admin's review list: the summary plus what a review needs. */
export class PublisherReviewDto extends PublisherSummaryDto {
  @ApiProperty({ type: PublisherOwnerDto }) owner: PublisherOwnerDto;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
  @ApiProperty({ type: String, nullable: true }) statusReviewComments: string | null;
  @ApiProperty({ type: String, nullable: true }) fullPhoneNumber: string | null;
  @ApiProperty({ type: String, nullable: true }) fullWhatsAppNumber: string | null;
  @ApiProperty() acceptAgreement: boolean;
  @ApiProperty({ type: [FileRefDto] }) identityPictures: FileRefDto[];
  @ApiProperty({ type: [FileRefDto] }) licensesAndCertifications: FileRefDto[];
}
