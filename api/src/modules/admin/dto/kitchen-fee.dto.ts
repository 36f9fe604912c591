import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsNumber, IsString, Length, Max, Min } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class KitchenNameQuery {
  @ApiProperty({ example: 'priyas-kitchen' })
  @Transform(trim)
  @IsString({ message: 'kitchenName is required' })
  @Length(1, 80, { message: 'kitchenName must be between 1 and 80 characters' })
  kitchenName: string;
}

/** `admin/set-percentage-by-kitchen-name`: the platform's share of one kitchen's sales. */
export class SetKitchenFeeDto extends KitchenNameQuery {
  @ApiProperty({
    example: 15,
    minimum: 0,
    maximum: 100,
    description: 'Per cent, at most 2 decimals (15 = 15 %)',
  })
  @Type(() => Number)
  @IsNumber(
    { maxDecimalPlaces: 2, allowNaN: false },
    { message: 'percentage must be a number with at most 2 decimals' },
  )
  @Min(0, { message: 'percentage must be between 0 and 100' })
  @Max(100, { message: 'percentage must be between 0 and 100' })
  percentage: number;
}

export class KitchenFeeDto {
  @ApiProperty() publisherId: string;
  @ApiProperty() kitchenName: string;
  @ApiProperty({ example: 15, description: 'Per cent of the chef’s net amount the platform keeps' })
  percentage: number;
  @ApiProperty({ example: '0.15', description: 'The same as a share (vsFees)' }) share: string;
  @ApiProperty({
    description: 'True when no percentage was set for this kitchen and the platform default applies',
  })
  isDefault: boolean;
}
