import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** A visitor's try at a kitchen's secret code. */
export class VerifySecretCodeDto {
  @ApiProperty({ example: 'Asha Kitchen', description: "The kitchen's id or kitchen name" })
  @IsString({ message: 'kitchen must be text' })
  @IsNotEmpty({ message: 'Say which kitchen the code is for.' })
  @MaxLength(200, { message: 'kitchen is too long' })
  kitchen: string;

  @ApiProperty({ example: 'K7M2XQ9P', description: 'The code, in any case; spaces and dashes are ignored' })
  @IsString({ message: 'code must be text' })
  @IsNotEmpty({ message: 'Enter the code the kitchen gave you.' })
  @MaxLength(64, { message: 'That code is too long.' })
  code: string;
}

/** A kitchen whose private menus the code opens. */
export class UnlockedKitchenDto {
  @ApiProperty({ format: 'uuid' }) kitchenId: string;
  @ApiProperty() kitchenName: string;
  @ApiProperty({
    example: 'K7M2XQ9P',
    description: 'The code as the API compares it; send it as X-Kitchen-Code: <kitchenId>:<code>',
  })
  code: string;
}
