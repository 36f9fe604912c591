import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsLatitude, IsLongitude, IsOptional } from 'class-validator';
import { AddressDto } from './address.dto.js';

/** Contact details as kept with the customer or an order (a stored snapshot: a field may be missing). */
export class ContactDetailsDto {
  @ApiProperty({ required: false }) name?: string;
  @ApiProperty({ required: false }) email?: string;
  @ApiProperty({ required: false }) phone?: string;
}

/** A position on the map. */
export class PositionDto {
  @ApiProperty({ example: 40.7168 }) lat: number;
  @ApiProperty({ example: -74.0335 }) lng: number;
}

export class AuthTrackerDto {
  @ApiProperty() isAuthenticated: boolean;
  @ApiProperty({ type: String, nullable: true }) authenticatedTime: string | null;
  @ApiProperty() isRegistrationPending: boolean;
}

/** The signed-in user's details (spec §3 User/consumer and Auth tracker). */
export class ConsumerDetailsDto {
  @ApiProperty() id: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) userName: string | null;
  @ApiProperty({ type: String, nullable: true }) userEmail: string | null;
  @ApiProperty() keycloakId: string;
  @ApiProperty({ type: [String] }) roles: string[];
  @ApiProperty() status: string;
  @ApiProperty({ type: String, nullable: true }) disabledReason: string | null;
  @ApiProperty() isChef: boolean;
  @ApiProperty({ type: String, nullable: true }) kitchenName: string | null;
  @ApiProperty({ type: String, nullable: true }) country: string | null;
  @ApiProperty({ type: String, nullable: true }) chefCountry: string | null;
  @ApiProperty({ type: String, nullable: true }) timeZone: string | null;
  @ApiProperty({ type: [String], description: 'Ids of favourite kitchens' }) favChefs: string[];
  @ApiProperty({ type: [AddressDto] }) consumerLocations: AddressDto[];
  @ApiProperty({
    type: AddressDto,
    nullable: true,
    description: 'The first saved address, when it has city, state, country and zipcode',
  })
  manualSearchLocation: AddressDto | null;
  @ApiProperty({ type: ContactDetailsDto, nullable: true, description: 'Contact details given at checkout' })
  consumerContactDetails: Record<string, unknown> | null;
  @ApiProperty({
    type: PositionDto,
    nullable: true,
    description: 'The browser position sent with this request, when valid',
  })
  currentLocation: { lat: number; lng: number } | null;
  @ApiProperty({ type: AuthTrackerDto }) authTracker: AuthTrackerDto;
}

export class ConsumerLocationQuery {
  @ApiPropertyOptional({ example: 40.7168 })
  @IsOptional()
  @Type(() => Number)
  @IsLatitude({ message: 'lat must be between -90 and 90' })
  lat?: number;

  @ApiPropertyOptional({ example: -74.0335 })
  @IsOptional()
  @Type(() => Number)
  @IsLongitude({ message: 'lng must be between -180 and 180' })
  lng?: number;
}
