import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { CartModule } from '../cart/cart.module.js';
import { ConsumerModule } from '../consumer/consumer.module.js';
import { ItemRepositoriesModule } from '../item/item-repositories.module.js';
import { MailModule } from '../mail/mail.module.js';
import { CashService } from './cash.service.js';
import { CheckoutService } from './checkout.service.js';
import { OrderController } from './order.controller.js';
import { OrderQueryService } from './order-query.service.js';
import { OrderStatusService } from './order-status.service.js';

/** Checkout with cash, the customer's orders and cancellations, the chef's status moves, cash received and no-shows. */
@Module({
  imports: [CartModule, ConsumerModule, ItemRepositoriesModule, MailModule, AuditModule],
  controllers: [OrderController],
  providers: [CheckoutService, OrderQueryService, OrderStatusService, CashService],
  exports: [OrderQueryService, CashService],
})
export class OrderModule {}
