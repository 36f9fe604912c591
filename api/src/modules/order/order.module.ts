import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { CartModule } from '../cart/cart.module.js';
import { ConsumerModule } from '../consumer/consumer.module.js';
import { ItemRepositoriesModule } from '../item/item-repositories.module.js';
import { MailModule } from '../mail/mail.module.js';
import { BoardService } from './board.service.js';
import { CashService } from './cash.service.js';
import { CheckoutService } from './checkout.service.js';
import { OrderController } from './order.controller.js';
import { OrderMessageController } from './order-message.controller.js';
import { OrderMessageService } from './order-message.service.js';
import { OrderPaymentModule } from './order-payment.module.js';
import { OrderQueryService } from './order-query.service.js';
import { OrderSearchController } from './order-search.controller.js';
import { OrderSearchService } from './order-search.service.js';
import { OrderStatusService } from './order-status.service.js';
import { OrderPaymentCheckoutService } from './order-payment-checkout.service.js';
import { OrderSettlementService } from './order-settlement.service.js';
import { QueueModule } from '../../queue/queue.module.js';

/**
 * Placing orders (CheckoutService; the `POST order` route is the payment module's, which adds the gateway's
 * checkout), payment holds, the customer's orders and cancellations, the chef's status moves, cash received
 * and no-shows, order search (OrderSearchService: a chef's own kitchen, an admin's every kitchen), and the
 * order side of refunds and payouts (OrderSettlementService, used by the payment module's settlements worker).
 */
@Module({
  imports: [
    CartModule,
    ConsumerModule,
    ItemRepositoriesModule,
    MailModule,
    AuditModule,
    QueueModule,
    OrderPaymentModule,
  ],
  controllers: [OrderController, OrderMessageController, OrderSearchController],
  providers: [
    CheckoutService,
    OrderQueryService,
    OrderSearchService,
    OrderStatusService,
    OrderPaymentCheckoutService,
    OrderSettlementService,
    CashService,
    OrderMessageService,
    BoardService,
  ],
  exports: [
    CheckoutService,
    OrderQueryService,
    OrderPaymentCheckoutService,
    OrderSettlementService,
    OrderPaymentModule,
    CashService,
  ],
})
export class OrderModule {}
