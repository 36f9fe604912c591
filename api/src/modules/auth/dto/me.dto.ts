import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PublisherStatus } from '@hearth/shared';

/** The signed-in caller, as the web header and guards need it. */
export class MeDto {
  @ApiProperty() authenticated: true;
  @ApiProperty() subject: string;
  @ApiProperty() consumerId: string;
  @ApiPropertyOptional({ nullable: true }) name: string | null;
  @ApiPropertyOptional({ nullable: true }) email: string | null;
  @ApiPropertyOptional({ nullable: true }) userName: string | null;
  @ApiProperty({ type: [String], example: ['ROLE_USER', 'ROLE_CHEF'] }) roles: string[];
  @ApiProperty() isChef: boolean;
  @ApiProperty() isRegistrationPending: boolean;
  @ApiPropertyOptional({
    enum: Object.values(PublisherStatus),
    nullable: true,
    description: "Review state of the caller's kitchen (PENDING while an admin has not reviewed it); null without one",
  })
  kitchenStatus: PublisherStatus | null;
  @ApiPropertyOptional({ nullable: true }) authenticatedTime: string | null;
  @ApiPropertyOptional({ nullable: true }) timeZone: string | null;
  @ApiProperty({ enum: ['session', 'bearer'] }) via: 'session' | 'bearer';
}
