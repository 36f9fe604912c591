import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsLatitude, IsLongitude, IsOptional } from 'class-validator';
import { AddressDto } from './address.dto.js';

export class AuthTrackerDto {
  @ApiProperty() isAuthenticated: boolean;
  @ApiPropertyOptional({ nullable: true }) authenticatedTime: string | null;
  @ApiProperty() isRegistrationPending: boolean;
}

/** The signed-in user's details (spec §3 User/consumer and Auth tracker). */
export class ConsumerDetailsDto {
  @ApiProperty() id: string;
  @ApiPropertyOptional({ nullable: true }) name: string | null;
  @ApiPropertyOptional({ nullable: true }) userName: string | null;
  @ApiPropertyOptional({ nullable: true }) userEmail: string | null;
  @ApiProperty() keycloakId: string;
  @ApiProperty({ type: [String] }) roles: string[];
  @ApiProperty() status: string;
  @ApiPropertyOptional({ nullable: true }) disabledReason: string | null;
  @ApiProperty() isChef: boolean;
  @ApiPropertyOptional({ nullable: true }) kitchenName: string | null;
  @ApiPropertyOptional({ nullable: true }) country: string | null;
  @ApiPropertyOptional({ nullable: true }) chefCountry: string | null;
  @ApiPropertyOptional({ nullable: true }) timeZone: string | null;
  @ApiProperty({ type: [String], description: 'Ids of favourite kitchens' }) favChefs: string[];
  @ApiProperty({ type: [AddressDto] }) consumerLocations: AddressDto[];
  @ApiPropertyOptional({ type: AddressDto, nullable: true, description: 'The first saved address, when it has city, state, country and zipcode' })
  manualSearchLocation: AddressDto | null;
  @ApiPropertyOptional({ nullable: true, description: 'Contact details given at checkout' })
  consumerContactDetails: Record<string, unknown> | null;
  @ApiPropertyOptional({ nullable: true, description: 'The browser position sent with this request, when valid' })
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
