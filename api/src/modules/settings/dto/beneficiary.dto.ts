import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Length, Matches } from 'class-validator';
import { ACCOUNT_NUMBER_PATTERN, IFSC_PATTERN } from './save-settings.dto.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const digits = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.replace(/[\s().-]/g, '') : value;

/** `settings/add-cashfree-beneficiary` (spec §3 Bank beneficiary). */
export class AddBeneficiaryDto {
  @ApiProperty({ example: '123456789012' })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.replace(/\s/g, '') : value,
  )
  @IsString({ message: 'accountNumber must be 9 to 18 digits' })
  @Matches(ACCOUNT_NUMBER_PATTERN, { message: 'accountNumber must be 9 to 18 digits' })
  accountNumber: string;

  @ApiProperty({ example: 'HDFC0001234' })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toUpperCase() : value,
  )
  @IsString({ message: 'ifsc must be an IFSC code such as HDFC0001234' })
  @Matches(IFSC_PATTERN, {
    message: 'ifsc must be an IFSC code such as HDFC0001234 (4 letters, 0, then 6 letters or digits)',
  })
  ifsc: string;

  @ApiProperty({ example: 'Priya Raman', description: 'Name on the bank account' })
  @Transform(trim)
  @IsString({ message: 'name is required' })
  @Length(2, 100, { message: 'name must be between 2 and 100 characters' })
  name: string;

  @ApiProperty({ example: 'priya@example.com' })
  @Transform(trim)
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  email: string;

  @ApiProperty({ example: '9876543210' })
  @Transform(digits)
  @IsString({ message: 'phone must be 8 to 15 digits' })
  @Matches(/^\+?\d{8,15}$/, { message: 'phone must be 8 to 15 digits' })
  phone: string;

  @ApiProperty({ example: '12 MG Road' })
  @Transform(trim)
  @IsString({ message: 'address1 is required' })
  @Length(3, 150, { message: 'address1 must be between 3 and 150 characters' })
  address1: string;

  @ApiProperty({ example: 'Hyderabad' })
  @Transform(trim)
  @IsString({ message: 'city is required' })
  @Length(2, 60, { message: 'city must be between 2 and 60 characters' })
  city: string;

  @ApiProperty({ example: 'Telangana' })
  @Transform(trim)
  @IsString({ message: 'state is required' })
  @Length(2, 60, { message: 'state must be between 2 and 60 characters' })
  state: string;

  @ApiProperty({ example: '500081' })
  @Transform(trim)
  @IsString({ message: 'pincode must be a 6-digit PIN code' })
  @Matches(/^[1-9]\d{5}$/, { message: 'pincode must be a 6-digit PIN code' })
  pincode: string;
}

/** A registered bank account (spec §3 Bank beneficiary). */
export class BeneficiaryDto {
  @ApiProperty({ description: 'Beneficiary id to use with the payout gateway' }) beneId: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty() bankAccount: string;
  @ApiProperty() ifsc: string;
  @ApiProperty({ type: String, nullable: true }) address1: string | null;
  @ApiProperty({ type: String, nullable: true }) city: string | null;
  @ApiProperty({ type: String, nullable: true }) state: string | null;
  @ApiProperty({ type: String, nullable: true }) pincode: string | null;
  @ApiProperty({ description: 'False until payouts are connected: the account is only stored' })
  registeredWithGateway: boolean;
  @ApiProperty() createdAt: string;
}
