import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

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
  @ApiPropertyOptional({ nullable: true }) authenticatedTime: string | null;
  @ApiPropertyOptional({ nullable: true }) timeZone: string | null;
  @ApiProperty({ enum: ['session', 'bearer'] }) via: 'session' | 'bearer';
}
