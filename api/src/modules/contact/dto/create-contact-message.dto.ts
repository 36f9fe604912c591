import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Length } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The contact-us form (spec §3 Contact message). */
export class CreateContactMessageDto {
  @ApiProperty({ example: 'Casey Customer' })
  @Transform(trim)
  @IsString()
  @Length(2, 120, { message: 'legalName must be between 2 and 120 characters' })
  legalName: string;

  @ApiProperty({ example: 'casey@example.com' })
  @Transform(trim)
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  email: string;

  @ApiProperty({ example: 'Do you deliver to Hoboken on Sundays?' })
  @Transform(trim)
  @IsString()
  @Length(10, 5000, { message: 'message must be between 10 and 5000 characters' })
  message: string;
}

export class ContactMessageCreatedDto {
  @ApiProperty() id: string;
  @ApiProperty() receivedAt: string;
}
