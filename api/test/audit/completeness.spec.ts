import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@hearth/shared';
import { startHarness, type Harness, type TestActor } from '../setup/harness.js';
import { createOfferedItem, createPickupLocation, dayFromNow } from '../setup/shop.js';
import { API, checkoutBody, fillCart, placeOrder } from '../order/helpers.js';
import { register } from '../publisher/kitchens.js';

type AuditRow = {
  actor_consumer_id: string | null;
  actor_role: string;
  action: string;
  target_type: string;
  target_id: string | null;
  request_id: string | null;
};

/*
 * Audit completeness (S-10, issue 18 part 9): every admin action that exists today writes exactly one audit
 * row, with the admin as actor, the changed object as target and the request's id. Each call carries its own
 * X-Request-Id, so the rows it wrote are found by that id alone.
 */
describe('every admin action writes exactly one audit row', () => {
  let h: Harness;
  let admin: TestActor;

  beforeAll(async () => {
    h = await startHarness();
    admin = await h.admin();
  });
  afterAll(() => h?.close());

  /** Calls the API as the admin with a fresh request id; answers the status and the rows of that id. */
  async function audited(method: 'post' | 'get', path: string, body?: object) {
    const requestId = `completeness-${randomUUID()}`;
    const call = request(h.http)[method](`${API}/${path}`).set(admin.auth).set('X-Request-Id', requestId);
    const res = body ? await call.send(body) : await call;
    const rows: AuditRow[] = await h.db.query(`SELECT * FROM audit_log WHERE request_id = $1`, [requestId]);
    return { res, rows, requestId };
  }

  function expectOne(
    got: { res: request.Response; rows: AuditRow[]; requestId: string },
    action: string,
    targetType: string,
    targetId: string,
  ) {
    expect(got.res.status, JSON.stringify(got.res.body)).toBeLessThan(300);
    expect(got.rows).toEqual([
      {
        ...got.rows[0],
        actor_consumer_id: admin.consumer.id,
        actor_role: Role.ADMIN,
        action,
        target_type: targetType,
        target_id: targetId,
        request_id: got.requestId,
      },
    ]);
  }

  it('approving and blocking a kitchen', async () => {
    const kitchen = await register(h, await h.customer());
    expectOne(
      await audited('post', 'publisher/approve', { publisherId: kitchen.id }),
      'publisher.approve',
      'publisher',
      kitchen.id,
    );
    expectOne(
      await audited('post', 'publisher/block', {
        publisherId: kitchen.id,
        statusReviewComments: 'No permit',
      }),
      'publisher.block',
      'publisher',
      kitchen.id,
    );
  });

  it('setting a kitchen’s platform fee', async () => {
    const chef = await h.chef();
    expectOne(
      await audited('post', 'admin/set-percentage-by-kitchen-name', {
        kitchenName: chef.publisher.kitchenName,
        percentage: 12,
      }),
      'kitchen-fee.set',
      'publisher',
      chef.publisher.id,
    );
  });

  it('reloading a kitchen in the cache and the whole cache', async () => {
    const chef = await h.chef();
    expectOne(
      await audited('post', `publisher/cache-publisher?publisherId=${chef.publisher.id}`),
      'publisher.cache',
      'publisher',
      chef.publisher.id,
    );
    const all = await audited('post', 'publisher/re-cache-publishers');
    expect(all.rows).toMatchObject([
      { actor_consumer_id: admin.consumer.id, action: 'publisher.recache-all', request_id: all.requestId },
    ]);
  });

  it('sending a bulk message and cancelling it', async () => {
    const sent = await audited('post', 'admin', {
      target_group: 'TEST_EMAIL',
      subject: 'Completeness',
      content: 'Audit me',
    });
    expectOne(sent, 'bulk-message.send', 'bulk_message', sent.res.body.id);
    expectOne(
      await audited('post', `admin/bulk-messages/${sent.res.body.id}/cancel`),
      'bulk-message.cancel',
      'bulk_message',
      sent.res.body.id,
    );
  });

  describe('on an order', () => {
    let selectionId: string;

    beforeAll(async () => {
      const chef = await h.chef();
      await createPickupLocation(h.db, chef.publisher.id);
      const date = dayFromNow(3);
      const offered = await createOfferedItem(h.db, { publisherId: chef.publisher.id, dates: [date] });
      const customer = await h.customer();
      await fillCart(h, customer, [
        { itemId: offered.item.id, optionId: offered.optionId, dates: [{ date, deliveryOption: 'PICKUP' }] },
      ]);
      const placed = (await placeOrder(h, customer, checkoutBody()).expect(201)).body;
      selectionId = placed.cartItems[0].dates[0].id;
    });

    it('an admin moving the order’s status', async () => {
      const moved = await audited('post', 'order/bulk-update-status', {
        status: 'CONFIRMED',
        items: [{ dateSelectionId: selectionId }],
      });
      expect(moved.res.body.results[0]).toMatchObject({ outcome: 'moved' });
      expectOne(moved, 'order.status', 'order-date', selectionId);
    });

    it('retrying a failed refund or payout; a refused retry writes nothing', async () => {
      await h.db.query(
        `UPDATE order_date_selection SET payout_refund_status = 'FAILED', payout_refund_amount = 8.99,
                payout_refund_attempts = 4, payout_refund_error = 'gateway down' WHERE id = $1`,
        [selectionId],
      );
      const retried = await audited('post', `admin/settlements/${selectionId}/retry`);
      expectOne(retried, 'settlement.retry', 'order-date', selectionId);
      const [row] = await h.db.query(`SELECT before, after FROM audit_log WHERE request_id = $1`, [
        retried.requestId,
      ]);
      expect(row).toEqual({
        before: { status: 'FAILED', attempts: 4, error: 'gateway down' },
        after: { status: 'DRAFTED', attempts: 0 },
      });
      // Done: not retryable, so 409 and no row.
      await h.db.query(`UPDATE order_date_selection SET payout_refund_status = 'COMPLETED' WHERE id = $1`, [
        selectionId,
      ]);
      const refused = await audited('post', `admin/settlements/${selectionId}/retry`);
      expect(refused.res.status).toBe(409);
      expect(refused.rows).toEqual([]);
    });
  });
});
