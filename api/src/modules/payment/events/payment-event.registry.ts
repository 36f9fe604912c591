import { Injectable } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import {
  PAYMENT_EVENT_METADATA,
  type PaymentEventContext,
  type PaymentEventSubscription,
} from './on-payment-event.decorator.js';

export interface PaymentEventHandler {
  /** `Class.method`, for messages. */
  declaredBy: string;
  run: (ctx: PaymentEventContext) => Promise<void>;
}

/**
 * Finds every `@OnPaymentEvent` method among the providers of the process, keyed `<gateway> <type>`. An
 * event type nobody handles is recorded and marked applied with nothing to do (gateways send more types
 * than a product subscribes to); one type declared by two methods is a programming error.
 */
@Injectable()
export class PaymentEventRegistry {
  private handlers: Map<string, PaymentEventHandler> | null = null;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  static key(gateway: string, type: string): string {
    return `${gateway} ${type}`;
  }

  handlerFor(gateway: string, type: string): PaymentEventHandler | undefined {
    return this.all().get(PaymentEventRegistry.key(gateway, type));
  }

  all(): Map<string, PaymentEventHandler> {
    if (this.handlers) return this.handlers;
    const found = new Map<string, PaymentEventHandler>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown> | null;
      if (!prototype) continue;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[method];
        if (typeof handler !== 'function') continue;
        const sub = this.reflector.get<PaymentEventSubscription | undefined>(PAYMENT_EVENT_METADATA, handler);
        if (!sub) continue;
        const declaredBy = `${instance.constructor.name}.${method}`;
        for (const type of sub.types) {
          const key = PaymentEventRegistry.key(sub.gateway, type);
          const existing = found.get(key);
          // A provider listed by two modules has two instances of one class: the first one serves.
          if (existing && existing.declaredBy !== declaredBy) {
            throw new Error(
              `Payment event ${key} is handled twice: by ${existing.declaredBy} and ${declaredBy}`,
            );
          }
          if (!existing)
            found.set(key, {
              declaredBy,
              run: (ctx) => (handler as (c: PaymentEventContext) => Promise<void>).call(instance, ctx),
            });
        }
      }
    }
    this.handlers = found;
    return found;
  }
}
