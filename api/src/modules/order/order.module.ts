import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { CartModule } from '../cart/cart.module.js';
import { ConsumerModule } from '../consumer/consumer.module.js';
import { ItemRepositoriesModule } from '../item/item-repositories.module.js';
import { MailModule } from '../mail/mail.module.js';
import { CheckoutService } from './checkout.service.js';
import { OrderController } from './order.controller.js';
import { OrderPaymentModule } from './order-payment.module.js';
import { OrderQueryService } from './order-query.service.js';
import { OrderStatusService } from './order-status.service.js';

/** Checkout with cash, the customer's orders and cancellations, the chef's status moves. */
@Module({
  imports: [CartModule, ConsumerModule, ItemRepositoriesModule, MailModule, AuditModule, OrderPaymentModule],
  controllers: [OrderController],
  providers: [CheckoutService, OrderQueryService, OrderStatusService],
  exports: [OrderQueryService, OrderPaymentModule],
})
export class OrderModule {}
