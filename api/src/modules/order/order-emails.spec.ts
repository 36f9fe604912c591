import { describe, expect, it } from 'vitest';
import { DeliveryOption, OrderStatus } from '@hearth/shared';
import {
  chefCustomerCancelled,
  customerCancelReceipt,
  customerStatusChanged,
  statusWords,
  type DateStatusMail,
} from './order-emails.js';

const STATUS_URL = 'https://hearth.test/l/orders/order-status?orderNumber=HR-ABCD-EFGH';

function dateMail(overrides: Partial<DateStatusMail> = {}): DateStatusMail {
  return {
    orderNumber: 'HR-ABCD-EFGH',
    statusUrl: STATUS_URL,
    customerName: 'Casey Jones',
    itemName: 'Veggie Lasagna',
    kitchenName: "Anna's Kitchen",
    orderQuantity: 2,
    date: {
      date: '2026-11-03',
      timeSlots: ['PM_5_7'],
      deliveryOption: DeliveryOption.DELIVERY,
      pickupAddress: null,
    },
    status: OrderStatus.CONFIRMED,
    reason: null,
    ...overrides,
  };
}

describe(statusWords.name, () => {
  it("uses the status page's words, naming who cancelled and saying a collected pickup was picked up", () => {
    expect(statusWords(OrderStatus.CONFIRMED, DeliveryOption.DELIVERY)).toBe('Confirmed by the chef');
    expect(statusWords(OrderStatus.PICKUP_READY, DeliveryOption.PICKUP)).toBe('Ready for pickup');
    expect(statusWords(OrderStatus.IN_DELIVERY_TRANSIT, DeliveryOption.DELIVERY)).toBe('Out for delivery');
    expect(statusWords(OrderStatus.DELIVERED, DeliveryOption.DELIVERY)).toBe('Delivered');
    expect(statusWords(OrderStatus.DELIVERED, DeliveryOption.PICKUP)).toBe('Picked up');
    expect(statusWords(OrderStatus.CANCELLED, DeliveryOption.PICKUP)).toBe('Cancelled by the kitchen');
  });
});

describe(customerStatusChanged.name, () => {
  it('names the order, item, day, slot, new status and the status page link, in text and HTML', () => {
    const sut = customerStatusChanged(dateMail({ status: OrderStatus.IN_DELIVERY_TRANSIT }));
    expect(sut.subject).toBe('Veggie Lasagna for Tue, Nov 3: Out for delivery (order HR-ABCD-EFGH)');
    expect(sut.text).toContain('Hello Casey Jones,');
    expect(sut.text).toContain("Your order HR-ABCD-EFGH: Veggie Lasagna × 2 from Anna's Kitchen");
    expect(sut.text).toContain('Date: Tue, Nov 3, 5 PM – 7 PM (delivery)');
    expect(sut.text).toContain('New status: Out for delivery');
    expect(sut.text).toContain('It is on its way to you.');
    expect(sut.text).toContain(`Follow your order: ${STATUS_URL}`);
    expect(sut.text).not.toContain('reason');
    expect(sut.html).toContain('<strong>Out for delivery</strong>');
    expect(sut.html).toContain(`<a href="${STATUS_URL}">Follow your order</a>`);
  });

  it("gives the kitchen's reason for a cancel and the pickup place of a pickup date", () => {
    const sut = customerStatusChanged(
      dateMail({
        status: OrderStatus.CANCELLED,
        reason: 'Out of paneer',
        date: {
          date: '2026-11-03',
          timeSlots: ['PM_5_7'],
          deliveryOption: DeliveryOption.PICKUP,
          pickupAddress: '12 Main St, Hoboken',
        },
      }),
    );
    expect(sut.subject).toBe('Veggie Lasagna for Tue, Nov 3: Cancelled by the kitchen (order HR-ABCD-EFGH)');
    expect(sut.text).toContain('Date: Tue, Nov 3, 5 PM – 7 PM (pickup at 12 Main St, Hoboken)');
    expect(sut.text).toContain("The kitchen's reason: Out of paneer");
    expect(sut.html).toContain("<p>The kitchen's reason: Out of paneer</p>");
  });

  it('escapes what customers and chefs typed in the HTML, and leaves the text as typed', () => {
    const sut = customerStatusChanged(
      dateMail({
        customerName: '<b>Eve</b>',
        itemName: 'Mac & <Cheese>',
        kitchenName: 'Tom "the Chef"',
        reason: '<script>alert(1)</script>',
        status: OrderStatus.CANCELLED,
      }),
    );
    expect(sut.html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt;,');
    expect(sut.html).toContain('Mac &amp; &lt;Cheese&gt; × 2');
    expect(sut.html).toContain('Tom &quot;the Chef&quot;');
    expect(sut.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(sut.html).not.toMatch(/<script|<b>Eve|<Cheese>/);
    expect(sut.text).toContain('Mac & <Cheese> × 2');
  });

  it('greets without a name when the order has none', () => {
    expect(customerStatusChanged(dateMail({ customerName: null })).text.startsWith('Hello,\n')).toBe(true);
  });
});

describe(customerCancelReceipt.name, () => {
  it('confirms which date of which order was cancelled, with the reason given and the status page link', () => {
    const sut = customerCancelReceipt(dateMail({ status: OrderStatus.CANCELLED, reason: 'Plans changed' }));
    expect(sut.subject).toBe('You cancelled Veggie Lasagna for Tue, Nov 3 (order HR-ABCD-EFGH)');
    expect(sut.text).toContain(
      "Veggie Lasagna × 2 from Anna's Kitchen for Tue, Nov 3, 5 PM – 7 PM (delivery) is cancelled in order HR-ABCD-EFGH.",
    );
    expect(sut.text).toContain('Your reason: Plans changed');
    expect(sut.text).toContain(`Follow your order: ${STATUS_URL}`);
    expect(sut.html).toContain('Your reason: Plans changed');
    expect(customerCancelReceipt(dateMail({ status: OrderStatus.CANCELLED })).text).not.toContain(
      'Your reason',
    );
  });
});

describe(chefCustomerCancelled.name, () => {
  const board = 'https://hearth.test/l/orders/kitchen';

  it('tells the chef who cancelled which line and date, why, and links the order board', () => {
    const sut = chefCustomerCancelled(
      dateMail({ status: OrderStatus.CANCELLED, reason: 'Plans changed' }),
      board,
    );
    expect(sut.subject).toBe('Cancelled by the customer: Veggie Lasagna for Tue, Nov 3 (order HR-ABCD-EFGH)');
    expect(sut.text).toContain(
      'Casey Jones cancelled Veggie Lasagna × 2 for Tue, Nov 3, 5 PM – 7 PM (delivery) in order HR-ABCD-EFGH.',
    );
    expect(sut.text).toContain('Its portions are back on sale for that date');
    expect(sut.text).toContain('Reason: Plans changed');
    expect(sut.text).toContain(`Your orders: ${board}`);
    expect(sut.html).toContain(`<a href="${board}">Your orders</a>`);
  });

  it('says so when no reason was given, and escapes the reason in the HTML', () => {
    expect(chefCustomerCancelled(dateMail(), board).text).toContain('No reason was given.');
    const sut = chefCustomerCancelled(dateMail({ reason: 'Too <i>late</i> & sorry' }), board);
    expect(sut.html).toContain('Reason: Too &lt;i&gt;late&lt;/i&gt; &amp; sorry');
  });
});
