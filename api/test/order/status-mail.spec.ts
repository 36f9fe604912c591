import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dayLabel } from '@hearth/shared';
import { startMailStack, until, type MailStack } from '../mail/mail-worker.js';
import type { ReceivedMail } from '../mail/smtp-peer.js';
import type { Harness } from '../setup/harness.js';
import { createOfferedItem, createPickupLocation } from '../setup/shop.js';
import { API, checkoutBody, fillCart, placeOrder, TZ } from './helpers.js';

describe('e-mails on order status changes, through the outbox, the worker and a real SMTP server', () => {
  let stack: MailStack;
  let h: Harness;
  let smtp: MailStack['smtp'];

  beforeAll(async () => {
    stack = await startMailStack();
    ({ h, smtp } = stack);
  });
  afterAll(() => stack?.close());

  /** A two-date order of one item, with an e-mail address of its own so its mail can be told apart. */
  async function orderOf(deliveryOption: 'PICKUP' | 'DELIVERY') {
    const chef = await h.chef();
    await createPickupLocation(h.db, chef.publisher.id);
    const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id, name: 'Veggie Lasagna' });
    const customer = await h.customer();
    await fillCart(h, customer, [
      {
        itemId: offered.item.id,
        optionId: offered.optionId,
        orderQuantity: 2,
        dates: offered.dates.map((date) => ({ date, deliveryOption })),
      },
    ]);
    // Mail goes to the account's address; the contact address typed at checkout never gets any (S-08).
    const email = customer.consumer.userEmail!;
    const contact = `buyer-${randomUUID()}@example.test`;
    const order = (
      await placeOrder(
        h,
        customer,
        checkoutBody({ contact: { name: 'Casey Jones', email: contact, phone: '+1 201 555 0100' } }),
      ).expect(201)
    ).body;
    expect(await outboxTo(order.id, contact)).toEqual([]);
    const line = order.cartItems[0];
    const [first, second] = line.dates as Array<{ id: string; date: string }>;
    const move = (status: string, date = first.date, actor = chef.auth, reason?: string) =>
      request(h.http)
        .post(
          `${API}/order/${order.orderNumber}/cartItem/${line.cartItemId}/item/${offered.item.id}/fulfillmentDate/${date}/status/${status}`,
        )
        .set(actor)
        .send(reason ? { reason } : {});
    const cancel = (date: string, reason?: string) =>
      request(h.http)
        .post(`${API}/order/${order.orderNumber}/cartItem/${line.cartItemId}/dateSelection/${date}/cancel`)
        .set({ ...TZ, ...customer.auth })
        .send(reason ? { reason } : {});
    return { chef, customer, offered, email, order, first, second, move, cancel };
  }

  const outboxTo = async (orderId: string, to: string): Promise<string[]> =>
    (
      await h.db.query(`SELECT subject FROM email_outbox WHERE related_id = $1 AND to_address = $2`, [
        orderId,
        to,
      ])
    ).map((r: { subject: string }) => r.subject);
  const statusUrl = (orderNumber: string) => `${h.origin}/l/orders/order-status?orderNumber=${orderNumber}`;
  /** Subjects of the order's outbox rows to one address, oldest first (the rows are what will be sent). */
  const outbox = async (orderId: string, to: string): Promise<string[]> =>
    (
      await h.db.query(
        `SELECT subject FROM email_outbox WHERE related_id = $1 AND to_address = $2 ORDER BY created_at, subject`,
        [orderId, to],
      )
    ).map((r: { subject: string }) => r.subject);
  /** Waits for the mail to `to` whose subject contains `about`. */
  const arrived = (to: string, about: string) =>
    until(`mail to ${to} about ${about}`, () =>
      smtp.received.find((m) => m.to.includes(to) && m.subject.includes(about)),
    );
  const body = (m: ReceivedMail) => m.raw.replace(/\r\n/g, '\n');

  it('mails the customer when the kitchen confirms, readies and hands over a pickup date, not for the steps in between', async () => {
    const { email, order, first, move } = await orderOf('PICKUP');
    const day = dayLabel(first.date);
    for (const status of ['CONFIRMED', 'IN_PREPARATION', 'PICKUP_READY', 'DELIVERED'])
      await move(status).expect(200);

    expect(await outbox(order.id, email)).toEqual([
      `Your Hearth order ${order.orderNumber} is placed`,
      `Veggie Lasagna for ${day}: Confirmed by the chef (order ${order.orderNumber})`,
      `Veggie Lasagna for ${day}: Ready for pickup (order ${order.orderNumber})`,
      `Veggie Lasagna for ${day}: Picked up (order ${order.orderNumber})`,
    ]);
    const ready = await arrived(email, 'Ready for pickup');
    expect(ready.to).toEqual([email]);
    expect(body(ready)).toContain(`Your order ${order.orderNumber}: Veggie Lasagna × 2 from `);
    expect(body(ready)).toContain(`Date: ${day}, 5 PM – 7 PM (pickup at 1 Test St, Jersey City, NJ, 07302)`);
    expect(body(ready)).toContain('New status: Ready for pickup');
    expect(body(ready)).toContain(`Follow your order: ${statusUrl(order.orderNumber)}`);
    expect(body(ready)).toMatch(/Content-Type: text\/html/);
    await arrived(email, 'Confirmed by the chef');
    await arrived(email, 'Picked up');
    expect(smtp.received.filter((m) => m.to.includes(email) && m.subject.includes('Being prepared'))).toEqual(
      [],
    );
  }, 90_000);

  it("mails the customer a kitchen cancel with the kitchen's reason, also when an admin makes it", async () => {
    const { email, order, second, move } = await orderOf('DELIVERY');
    const admin = await h.admin();
    await move('CANCELLED', second.date, admin.auth, 'The kitchen is closed that day').expect(200);
    const mail = await arrived(email, 'Cancelled by the kitchen');
    expect(mail.subject).toBe(
      `Veggie Lasagna for ${dayLabel(second.date)}: Cancelled by the kitchen (order ${order.orderNumber})`,
    );
    expect(body(mail)).toContain(`Date: ${dayLabel(second.date)}, 5 PM – 7 PM (delivery)`);
    expect(body(mail)).toContain("The kitchen's reason: The kitchen is closed that day");
    expect(body(mail)).toContain(statusUrl(order.orderNumber));
  }, 90_000);

  it("tells the item's chef about a customer's cancel, with the reason, and gives the customer a receipt", async () => {
    const { chef, email, order, first, cancel } = await orderOf('DELIVERY');
    await cancel(first.date, 'Plans changed').expect(200);
    const day = dayLabel(first.date);

    const toChef = await arrived(
      chef.publisher.userEmail!,
      `Cancelled by the customer: Veggie Lasagna for ${day}`,
    );
    expect(toChef.to).toEqual([chef.publisher.userEmail]);
    expect(toChef.subject).toBe(
      `Cancelled by the customer: Veggie Lasagna for ${day} (order ${order.orderNumber})`,
    );
    expect(body(toChef)).toContain(
      `Casey Jones cancelled Veggie Lasagna × 2 for ${day}, 5 PM – 7 PM (delivery) in order ${order.orderNumber}.`,
    );
    expect(body(toChef)).toContain('Reason: Plans changed');
    expect(body(toChef)).toContain(`${h.origin}/l/orders/kitchen`);

    const receipt = await arrived(email, 'You cancelled');
    expect(receipt.subject).toBe(`You cancelled Veggie Lasagna for ${day} (order ${order.orderNumber})`);
    expect(body(receipt)).toContain('Your reason: Plans changed');
    expect(body(receipt)).toContain(`Follow your order: ${statusUrl(order.orderNumber)}`);
  }, 90_000);

  it('sends nothing for a refused move or a cancel after the cut-off', async () => {
    const { chef, offered, email, order, first, second, move, cancel } = await orderOf('DELIVERY');
    const before = {
      customer: await outbox(order.id, email),
      chef: await outbox(order.id, chef.publisher.userEmail!),
    };
    await move('DELIVERED').expect(409);
    await move('PICKUP_READY').expect(409);
    await h.db.query(
      `UPDATE menu_date SET cutoff_at = now() - interval '1 hour' WHERE menu_id = $1 AND date = $2`,
      [offered.menuId, second.date],
    );
    await cancel(second.date, 'Too late').expect(409);
    expect(await outbox(order.id, email)).toEqual(before.customer);
    expect(await outbox(order.id, chef.publisher.userEmail!)).toEqual(before.chef);

    // A move that is allowed afterwards is the only status mail the customer gets.
    await move('CONFIRMED').expect(200);
    await arrived(email, 'Confirmed by the chef');
    await until('every mail of the order sent', async () => {
      const rows: Array<{ state: string }> = await h.db.query(
        `SELECT state FROM email_outbox WHERE related_id = $1`,
        [order.id],
      );
      return rows.every((r) => r.state === 'SENT') ? true : undefined;
    });
    expect(
      smtp.received
        .filter((m) => m.to.includes(email))
        .map((m) => m.subject)
        .sort(),
    ).toEqual(
      [
        `Veggie Lasagna for ${dayLabel(first.date)}: Confirmed by the chef (order ${order.orderNumber})`,
        `Your Hearth order ${order.orderNumber} is placed`,
      ].sort(),
    );
  }, 90_000);

  it('keeps the move and its mail together: when writing the mail fails, the move is rolled back', async () => {
    const { email, order, first, move } = await orderOf('DELIVERY');
    const before = await outbox(order.id, email);
    await h.db.query(
      `CREATE FUNCTION refuse_test_mail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
    );
    await h.db.query(
      `CREATE TRIGGER refuse_test_mail AFTER INSERT ON email_outbox FOR EACH ROW WHEN (NEW.to_address = '${email}') EXECUTE FUNCTION refuse_test_mail()`,
    );
    // The 500 is expected: keep its error log out of the test output.
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      await move('CONFIRMED').expect(500);
    } finally {
      logged.mockRestore();
      await h.db.query(`DROP TRIGGER refuse_test_mail ON email_outbox; DROP FUNCTION refuse_test_mail()`);
    }
    const [{ order_status }] = await h.db.query(
      `SELECT order_status FROM order_date_selection WHERE id = $1`,
      [first.id],
    );
    expect(order_status).toBe('PLACED');
    expect(
      await h.db.query(
        `SELECT 1 FROM order_status_change WHERE order_date_selection_id = $1 AND life_cycle_status = 'CONFIRMED'`,
        [first.id],
      ),
    ).toEqual([]);
    expect(await outbox(order.id, email)).toEqual(before);
  });
});
