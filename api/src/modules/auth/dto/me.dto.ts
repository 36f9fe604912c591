import { ApiProperty } from '@nestjs/swagger';
import { PublisherStatus } from '@hearth/shared';

/** The signed-in caller, as the web header and guards need it. */
export class MeDto {
  @ApiProperty({ type: Boolean, enum: [true] }) authenticated: true;
  @ApiProperty() subject: string;
  @ApiProperty() consumerId: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) userName: string | null;
  @ApiProperty({ type: [String], example: ['ROLE_USER', 'ROLE_CHEF'] }) roles: string[];
  @ApiProperty() isChef: boolean;
  @ApiProperty() isRegistrationPending: boolean;
  @ApiProperty({
    enum: Object.values(PublisherStatus),
    nullable: true,
    description:
      "Review state of the caller's kitchen (PENDING while an admin has not reviewed it); null without one",
  })
  kitchenStatus: PublisherStatus | null;
  @ApiProperty({ type: String, nullable: true }) authenticatedTime: string | null;
  @ApiProperty({ type: String, nullable: true }) timeZone: string | null;
  @ApiProperty({ enum: ['session', 'bearer'] }) via: 'session' | 'bearer';
}
