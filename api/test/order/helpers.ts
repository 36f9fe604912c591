import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Harness, TestActor } from '../setup/harness.js';
import { CHEF_ZONE } from '../setup/shop.js';

export const API = '/services/publisher/api';
export const TZ = { 'X-Time-Zone': CHEF_ZONE };

export interface CartLine {
  itemId: string;
  optionId: string;
  dates: Array<{ date: string; timeSlots?: string[]; deliveryOption?: 'PICKUP' | 'DELIVERY' }>;
  orderQuantity?: number;
}

/** Adds lines to the actor's cart through the API. */
export async function fillCart(h: Harness, actor: TestActor, lines: CartLine[]): Promise<void> {
  for (const l of lines) {
    await request(h.http)
      .post(`${API}/cart/items`)
      .set({ ...TZ, ...actor.auth })
      .send({
        itemId: l.itemId,
        userSelectedPricingOption: { id: l.optionId },
        orderQuantity: l.orderQuantity ?? 1,
        dates: l.dates.map((d) => ({
          date: d.date,
          timeSlots: d.timeSlots ?? ['PM_5_7'],
          deliveryOption: d.deliveryOption ?? 'DELIVERY',
        })),
      })
      .expect(201);
  }
}

export function checkoutBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    contact: { name: 'Casey Jones', email: 'casey@example.test', phone: '+1 201 555 0100' },
    deliveryAddress: { addressLine1: '77 Hudson St', city: 'Jersey City', state: 'NJ', zipcode: '07302' },
    note: 'Ring twice',
    paymentMethod: 'CASH_ON_PICKUP_DELIVERY',
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

export function placeOrder(h: Harness, actor: TestActor, body: Record<string, unknown> = checkoutBody()) {
  return request(h.http)
    .post(`${API}/order`)
    .set({ ...TZ, ...actor.auth })
    .send(body);
}
