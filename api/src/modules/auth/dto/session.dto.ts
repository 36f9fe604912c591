import { ApiProperty } from '@nestjs/swagger';

/** One of the caller's signed-in browsers (auth/sessions). */
export class SessionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time', description: 'When this sign-in happened' }) createdAt: string;
  @ApiProperty({ format: 'date-time', description: 'Last request, to the minute' }) lastSeenAt: string;
  @ApiProperty({ type: String, nullable: true, description: "The browser's User-Agent at sign-in" })
  userAgent: string | null;
  @ApiProperty({ description: 'The session of this request' }) current: boolean;
}
