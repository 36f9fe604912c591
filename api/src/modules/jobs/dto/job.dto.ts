import { ApiProperty } from '@nestjs/swagger';

/** A job posting as the careers pages show it. */
export class JobDto {
  @ApiProperty() id: string;
  @ApiProperty() title: string;
  @ApiProperty({ type: String, nullable: true }) type: string | null;
  @ApiProperty({ type: String, nullable: true }) location: string | null;
  @ApiProperty({ description: 'Sanitised HTML' }) htmlDescription: string;
  @ApiProperty() status: string;
}
