import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Why a date selection changes status (kept in its status history). */
export class StatusReasonDto {
  @ApiPropertyOptional({
    maxLength: 500,
    example: 'Plans changed, sorry!',
    description:
      'Optional when a customer cancels; required (not blank) when the kitchen or an admin cancels. The customer sees it on the order page and in the e-mail.',
  })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'reason must be text' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason?: string;
}
