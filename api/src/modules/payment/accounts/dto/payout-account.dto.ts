import { ApiProperty } from '@nestjs/swagger';

/** Where a kitchen's Stripe Connect account stands, as the settings page shows it. */
export const StripeAccountState = {
  /** No connected account yet: card payments are not offered. */
  NOT_SET_UP: 'NOT_SET_UP',
  /** An account exists but Stripe cannot charge for it yet (onboarding not finished or under review). */
  ONBOARDING: 'ONBOARDING',
  /** Stripe accepts card payments for the kitchen (`charges_enabled`). */
  ENABLED: 'ENABLED',
} as const;
export type StripeAccountState = (typeof StripeAccountState)[keyof typeof StripeAccountState];

/** The kitchen's Stripe Connect Express account (spec §9 chef setting STRIPE). */
export class StripeAccountDto {
  @ApiProperty({ enum: Object.values(StripeAccountState) }) state: StripeAccountState;
  @ApiProperty({ type: String, nullable: true, example: 'acct_1Abc', description: 'Null before set-up' })
  accountId: string | null;
  @ApiProperty({ description: 'Stripe accepts card payments for the kitchen' }) chargesEnabled: boolean;
  @ApiProperty({ description: 'Stripe pays out to the chef’s bank account' }) payoutsEnabled: boolean;
  @ApiProperty({ description: 'The chef submitted the onboarding form' }) detailsSubmitted: boolean;
}

/** `settings/setup-stripe-account`: the account and a fresh, single-use onboarding link to send the chef to. */
export class StripeOnboardingDto {
  @ApiProperty({ type: StripeAccountDto }) account: StripeAccountDto;
  @ApiProperty({
    example: 'https://connect.stripe.com/setup/e/acct_1Abc/xyz',
    description: 'Stripe’s hosted onboarding page; it expires in minutes, so redirect at once',
  })
  url: string;
}
