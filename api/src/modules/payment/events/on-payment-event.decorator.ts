import { SetMetadata } from '@nestjs/common';
import type { PaymentGateway } from '@hearth/shared';
import type { EntityManager } from 'typeorm';

export const PAYMENT_EVENT_METADATA = 'hearth:payment-event';

/** What a handler is told: the stored event, inside the worker's transaction for it. */
export interface PaymentEventContext {
  /** The transaction the event is applied in; the payment_event row is locked and marked APPLIED in it. */
  m: EntityManager;
  event: {
    /** payment_event.id */
    id: string;
    gateway: PaymentGateway;
    /** The gateway's event id (Stripe evt_…, PayPal WH-…, Cashfree's idempotency key). */
    eventId: string;
    type: string;
    /** The verified body as the gateway sent it (parsed JSON). */
    payload: Record<string, unknown>;
    receivedAt: Date;
    /** 1 on the first try. */
    attempt: number;
  };
  /** Runs after the transaction commits (enqueue e-mails, jobs); never for a rolled-back attempt. */
  afterCommit(work: () => Promise<void>): void;
  /** Tells admins which order the event was about (payment_event.order_id). */
  relateToOrder(orderId: string): void;
}

/**
 * Thrown by a handler when the event cannot be applied yet because an earlier one has not been (a refund
 * whose capture is not recorded): the transaction rolls back and the job retries with backoff.
 */
export class PaymentEventNotReady extends Error {
  override readonly name = 'PaymentEventNotReady';
}

export interface PaymentEventSubscription {
  gateway: PaymentGateway;
  types: readonly string[];
}

/**
 * Declares the method that applies these event types of one gateway (`ctx: PaymentEventContext`). The
 * `payment-events` worker finds every such method among its providers (PaymentEventRegistry), so each domain
 * (payments completing, refunds, payouts, Connect accounts) keeps its own handler. One type, one handler.
 */
export const OnPaymentEvent = (gateway: PaymentGateway, ...types: string[]): MethodDecorator =>
  SetMetadata(PAYMENT_EVENT_METADATA, { gateway, types } satisfies PaymentEventSubscription);
