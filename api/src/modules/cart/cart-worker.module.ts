import { Module } from '@nestjs/common';
import { ClockModule } from '../../common/clock/clock.module.js';
import { GuestCartExpiryService } from './guest-cart-expiry.service.js';

/** The worker's side of carts: the daily guest cart expiry (an `@OnScheduledJob` handler). */
@Module({
  imports: [ClockModule],
  providers: [GuestCartExpiryService],
  exports: [GuestCartExpiryService],
})
export class CartWorkerModule {}
