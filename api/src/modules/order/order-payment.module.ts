import { Module } from '@nestjs/common';
import { CartModule } from '../cart/cart.module.js';
import { ItemRepositoriesModule } from '../item/item-repositories.module.js';
import { MailModule } from '../mail/mail.module.js';
import { OrderPaymentService } from './order-payment.service.js';
import { PaymentHoldService } from './payment-hold.service.js';

/**
 * The order-side changes of online payments (paid, failed, hold released), without the order routes: the
 * API's OrderModule re-exports it and the worker's payment-events handlers import it alone. The cart module is
 * here for PaymentHoldService, which puts an abandoned checkout's lines back into the customer's cart.
 */
@Module({
  imports: [CartModule, ItemRepositoriesModule, MailModule],
  providers: [OrderPaymentService, PaymentHoldService],
  exports: [OrderPaymentService, PaymentHoldService],
})
export class OrderPaymentModule {}
