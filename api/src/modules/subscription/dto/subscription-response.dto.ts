import { ApiProperty } from '@nestjs/swagger';
import { SubscriptionStatus } from '@hearth/shared';

/** A subscription to a kitchen's news, as its subscriber (or an admin) sees it. */
export class SubscriptionDto {
  @ApiProperty() id: string;
  @ApiProperty() publisherId: string;
  @ApiProperty() kitchenName: string;
  @ApiProperty({ description: 'Where the news goes (lower-cased)' }) email: string;
  @ApiProperty({ type: String, nullable: true, description: 'The customer account, when signed in' })
  consumerId: string | null;
  @ApiProperty({ enum: Object.values(SubscriptionStatus) }) status: SubscriptionStatus;
  @ApiProperty({ description: 'ISO 8601' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true }) confirmedAt: string | null;
  @ApiProperty({ type: String, nullable: true }) unsubscribedAt: string | null;
}

/** One of a chef's subscribers: a customer's name, or a guest's masked address. */
export class SubscriberDto {
  @ApiProperty() id: string;
  @ApiProperty({ type: String, nullable: true, description: "The customer's name (guests: null)" })
  name: string | null;
  @ApiProperty({ example: 'c***y@example.com', description: 'The address, masked' }) email: string;
  @ApiProperty({ description: 'A signed-in customer (true) or a guest who confirmed by e-mail' })
  customer: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Since when (ISO 8601)' })
  confirmedAt: string | null;
}

/** The answer to a guest's request: the same whether the address was known or not. */
export class AcceptedDto {
  @ApiProperty({ example: 'Check your inbox to confirm.' }) message: string;
}

/** What a confirmation link confirms, and its state. */
export class ConfirmationDto {
  @ApiProperty({ enum: ['chef', 'location'] }) kind: 'chef' | 'location';
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true, description: 'kind chef: the kitchen' })
  kitchenName: string | null;
  @ApiProperty({ type: String, nullable: true }) publisherId: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'kind location' }) zipcode: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'kind location (ISO code)' })
  country: string | null;
  @ApiProperty({ enum: Object.values(SubscriptionStatus) }) status: SubscriptionStatus;
}

/** What an unsubscribe link unsubscribes from, and the state now. */
export class UnsubscribeInfoDto {
  @ApiProperty({ description: "The token's address" }) email: string;
  @ApiProperty({ enum: ['all', 'chef', 'location'] }) scope: 'all' | 'chef' | 'location';
  @ApiProperty({
    example: "Kitchen X's news",
    description:
      'What it unsubscribes from, in words: Hearth announcements, a kitchen’s news, a location check',
  })
  label: string;
  @ApiProperty({ type: String, nullable: true }) publisherId: string | null;
  @ApiProperty({ type: String, nullable: true }) kitchenName: string | null;
  @ApiProperty({ type: String, nullable: true }) zipcode: string | null;
  @ApiProperty({ description: 'Whether the address is unsubscribed from it now' }) unsubscribed: boolean;
}
