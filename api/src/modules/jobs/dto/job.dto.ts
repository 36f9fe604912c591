import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** A job posting as the careers pages show it. */
export class JobDto {
  @ApiProperty() id: string;
  @ApiProperty() title: string;
  @ApiPropertyOptional({ nullable: true }) type: string | null;
  @ApiPropertyOptional({ nullable: true }) location: string | null;
  @ApiProperty({ description: 'Sanitised HTML' }) htmlDescription: string;
  @ApiProperty() status: string;
}
