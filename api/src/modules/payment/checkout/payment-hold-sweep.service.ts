import { Injectable, Logger } from '@nestjs/common';
import { ClockService } from '../../../common/clock/clock.service.js';
import { OnScheduledJob } from '../../../queue/on-scheduled-job.decorator.js';
import { PaymentHoldService } from '../../order/payment-hold.service.js';
import { GatewayCheckoutService } from './gateway-checkout.service.js';

/** Job name (and scheduler id) of the sweep of payment holds past their expiry, on the `scheduled` queue. */
export const PAYMENT_HOLD_SWEEP_JOB = 'payment-hold-sweep';
/** Every minute: a hold outlives its expiry by at most about a minute. */
export const PAYMENT_HOLD_SWEEP_PATTERN = '* * * * *';
/** Why a hold released by the sweep ended (status history, dropped mails). */
export const HOLD_EXPIRED = 'Not paid in time: the payment hold expired';

/**
 * Releases every online order whose payment did not complete before its hold ended: its dates are cancelled
 * and their portions go back on sale. A Stripe Checkout Session still open is expired (Stripe's minimum
 * lifetime can outlast the hold by a minute); PayPal approvals and Cashfree orders end by themselves, and a
 * payment that still arrives after the release is the payment events worker's (re-take or refund).
 */
@Injectable()
export class PaymentHoldSweepService {
  private readonly logger = new Logger(PaymentHoldSweepService.name);

  constructor(
    private readonly holds: PaymentHoldService,
    private readonly gatewayCheckout: GatewayCheckoutService,
    private readonly clock: ClockService,
  ) {}

  @OnScheduledJob({ name: PAYMENT_HOLD_SWEEP_JOB, pattern: PAYMENT_HOLD_SWEEP_PATTERN })
  async releaseExpired(): Promise<{ released: number }> {
    let released = 0;
    for (const hold of await this.holds.expired(this.clock.now())) {
      try {
        if (!(await this.holds.release(hold.orderId, HOLD_EXPIRED))) continue;
        released++;
        if (hold.paymentDetailsGenericId)
          await this.gatewayCheckout.expire(hold.gateway, hold.paymentDetailsGenericId);
      } catch (error) {
        // One order's failure must not keep the others held; the next run tries it again.
        this.logger.warn({ err: error, orderId: hold.orderId }, 'Could not release an expired payment hold');
      }
    }
    return { released };
  }
}
