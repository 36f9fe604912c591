import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { PaymentGateway, PaymentMethod } from '@hearth/shared';
import { OrderDto } from '../../order/dto/order.dto.js';

/** One payment method of the checkout: offered, or not with the reason. */
export class PaymentMethodOptionDto {
  @ApiProperty({ enum: Object.values(PaymentMethod) }) method: PaymentMethod;
  @ApiProperty({ example: 'Card' }) label: string;
  @ApiProperty({ enum: Object.values(PaymentGateway) }) gateway: PaymentGateway;
  @ApiProperty() offered: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    example: "Cash isn't offered: 2 orders were not collected in the last 180 days.",
  })
  reason: string | null;
  @ApiProperty({ description: 'The gateway is the local test sandbox: no money moves' })
  testMode: boolean;
}

/** The payment methods for the signed-in customer's cart as it stands. */
export class PaymentMethodsDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Null when the cart is empty or mixes currencies',
  })
  currencyCode: string | null;
  @ApiProperty({ type: String, nullable: true }) orderTotal: string | null;
  @ApiProperty({ type: [PaymentMethodOptionDto] }) methods: PaymentMethodOptionDto[];
}

/** Where the customer pays an online order. */
export class PaymentStartDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "The gateway's hosted payment page; null for cash, a paid or released order, or a failed gateway call",
  })
  paymentUrl: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why the payment page could not be opened (POST order/{order}/pay tries again)',
  })
  paymentError: string | null;
}

/** The placed order, and for an online method where to pay it. */
export class PlacedOrderDto extends OrderDto {
  @ApiProperty({ type: String, nullable: true }) paymentUrl: string | null;
  @ApiProperty({ type: String, nullable: true }) paymentError: string | null;
}

export class PaymentReleaseDto {
  @ApiProperty({ description: 'False when the order was paid or its hold was released already' })
  released: boolean;
}

/** The PayPal order the customer approved (the `token` PayPal adds to the return URL). */
export class PayPalCaptureDto {
  @ApiProperty() @IsString({ message: 'token is required' }) @Length(1, 64) token: string;
}
