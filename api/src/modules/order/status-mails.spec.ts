import { describe, expect, it } from 'vitest';
import { OrderStatus } from '@hearth/shared';
import {
  customerCancelMails,
  kitchenMoveMails,
  MAILED_KITCHEN_MOVES,
  orderStatusUrl,
  type SelectionMailFacts,
} from './status-mails.js';

const WEB = 'https://hearth.test';

function facts(overrides: Partial<SelectionMailFacts> = {}): SelectionMailFacts {
  return {
    order_id: '6a0f4c1e-8a43-4a53-9d1c-3f1c2f6f7a10',
    order_number: 'HR-ABCD-EFGH',
    item_name: 'Veggie Lasagna',
    kitchen_name: "Anna's Kitchen",
    order_quantity: 1,
    date: '2026-11-03',
    time_slots: ['PM_5_7'],
    delivery_option: 'PICKUP',
    pickup_location: { address: '12 Main St, Hoboken' },
    customer_email: 'casey@example.test',
    customer_name: 'Casey Jones',
    chef_email: 'anna@example.test',
    ...overrides,
  };
}

describe(kitchenMoveMails.name, () => {
  it("mails the customer about the moves that change what they can expect, and not about the chef's own progress", () => {
    expect([...MAILED_KITCHEN_MOVES].sort()).toEqual([
      'CANCELLED',
      'CONFIRMED',
      'DELIVERED',
      'IN_DELIVERY_TRANSIT',
      'PICKUP_READY',
      'SHIPPED',
    ]);
    for (const to of [OrderStatus.SHOPPING_COMPLETED, OrderStatus.IN_PREPARATION]) {
      expect(kitchenMoveMails(facts(), { webOrigin: WEB, to, reason: undefined })).toEqual([]);
    }
  });

  it("sends one mail to the order's contact, about the order, with the status page link and the pickup place", () => {
    const [mail, ...rest] = kitchenMoveMails(facts(), {
      webOrigin: WEB,
      to: OrderStatus.PICKUP_READY,
      reason: undefined,
    });
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({
      to: 'casey@example.test',
      relatedType: 'order',
      relatedId: facts().order_id,
    });
    expect(mail.text).toContain(orderStatusUrl(WEB, 'HR-ABCD-EFGH'));
    expect(mail.text).toContain('(pickup at 12 Main St, Hoboken)');
  });

  it('sends nothing when the order has no e-mail address', () => {
    expect(
      kitchenMoveMails(facts({ customer_email: null }), {
        webOrigin: WEB,
        to: OrderStatus.CONFIRMED,
        reason: undefined,
      }),
    ).toEqual([]);
  });
});

describe(customerCancelMails.name, () => {
  it('tells the chef and gives the customer a receipt, each only when there is an address', () => {
    const both = customerCancelMails(facts(), { webOrigin: WEB, reason: 'Plans changed' });
    expect(both.map((m) => [m.to, m.subject])).toEqual([
      ['anna@example.test', 'Cancelled by the customer: Veggie Lasagna for Tue, Nov 3 (order HR-ABCD-EFGH)'],
      ['casey@example.test', 'You cancelled Veggie Lasagna for Tue, Nov 3 (order HR-ABCD-EFGH)'],
    ]);
    expect(both[0].text).toContain(`${WEB}/l/orders/kitchen`);
    expect(
      customerCancelMails(facts({ chef_email: null }), { webOrigin: WEB, reason: undefined }).map(
        (m) => m.to,
      ),
    ).toEqual(['casey@example.test']);
  });
});

describe(orderStatusUrl.name, () => {
  it('is the web status page of the order', () => {
    expect(orderStatusUrl(WEB, 'HR-ABCD-EFGH')).toBe(
      'https://hearth.test/l/orders/order-status?orderNumber=HR-ABCD-EFGH',
    );
  });
});
