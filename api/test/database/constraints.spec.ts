import { QueryFailedError, type DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemDateCapacityEntity } from '../../src/modules/item/item-date-capacity.entity.js';
import { ItemPricingOptionEntity } from '../../src/modules/item/item-pricing-option.entity.js';
import { OrderEntity } from '../../src/modules/order/order.entity.js';
import { PaymentEventEntity } from '../../src/modules/payment/payment-event.entity.js';
import { PublisherEntity } from '../../src/modules/publisher/publisher.entity.js';
import { RatingEntity } from '../../src/modules/rating/rating.entity.js';
import { openTestDataSource } from '../setup/database.js';
import { createConsumer, createItem, createPublisher, uniqueSuffix } from '../setup/factories.js';

/** The PostgreSQL error a failed statement raised: SQLSTATE and constraint name. */
async function pgError(work: Promise<unknown>): Promise<{ code: string; constraint: string }> {
  const error = await work.then(
    () => {
      throw new Error('expected the database to refuse the statement');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(QueryFailedError);
  const { code, constraint } = (
    error as QueryFailedError & { driverError: { code: string; constraint: string } }
  ).driverError;
  return { code, constraint };
}

const CHECK_VIOLATION = '23514';
const UNIQUE_VIOLATION = '23505';

describe('schema constraints', () => {
  let db: DataSource;

  beforeAll(async () => {
    db = await openTestDataSource();
  });

  afterAll(async () => {
    await db?.destroy();
  });

  describe('money', () => {
    it.each(['8.99', '0.10', '0.01', '1234567890.12'])('%s round-trips exactly', async (price) => {
      const item = await createItem(db, { pricingOption: { chefPrice: price } });
      const option = await db.getRepository(ItemPricingOptionEntity).findOneByOrFail({ itemId: item.id });
      expect(option.chefPrice).toBe(price);
      expect(typeof option.chefPrice).toBe('string');
    });

    it('sums in SQL without float error', async () => {
      const [{ total }] = (await db.query(`SELECT ($1::numeric(12,2) + $2::numeric(12,2))::text AS total`, [
        '0.10',
        '0.20',
      ])) as Array<{ total: string }>;
      expect(total).toBe('0.30');
    });
  });

  describe('item date capacity', () => {
    it('refuses more orders than allowed', async () => {
      const item = await createItem(db);
      const capacities = db.getRepository(ItemDateCapacityEntity);
      const error = await pgError(
        capacities.insert({ itemId: item.id, date: '2030-03-01', maxAllowed: 2, orderedCount: 3 }),
      );
      expect(error.code).toBe(CHECK_VIOLATION);
      expect(error.constraint).toMatch(/^chk_item_date_capacity_ordered_count_/);
    });

    it('a conditional UPDATE takes capacity until the cap and then takes nothing', async () => {
      const item = await createItem(db);
      const capacities = db.getRepository(ItemDateCapacityEntity);
      await capacities.insert({ itemId: item.id, date: '2030-03-02', maxAllowed: 10 });
      const take = async (quantity: number): Promise<number> => {
        const result = await capacities
          .createQueryBuilder()
          .update()
          .set({ orderedCount: () => `ordered_count + ${quantity}` })
          .where('item_id = :itemId AND date = :date AND ordered_count + :quantity <= max_allowed', {
            itemId: item.id,
            date: '2030-03-02',
            quantity,
          })
          .execute();
        return result.affected ?? 0;
      };
      expect(await take(6)).toBe(1);
      expect(await take(5)).toBe(0);
      expect(await take(4)).toBe(1);
      expect((await capacities.findOneByOrFail({ itemId: item.id })).orderedCount).toBe(10);
    });

    it('one row per item and date', async () => {
      const item = await createItem(db);
      const capacities = db.getRepository(ItemDateCapacityEntity);
      await capacities.insert({ itemId: item.id, date: '2030-03-03', maxAllowed: 10 });
      const error = await pgError(capacities.insert({ itemId: item.id, date: '2030-03-03', maxAllowed: 10 }));
      expect(error).toEqual({ code: UNIQUE_VIOLATION, constraint: 'uq_item_date_capacity_item_id_date' });
    });
  });

  it('a payment event is stored once per gateway and event id', async () => {
    const events = db.getRepository(PaymentEventEntity);
    const eventId = `evt_${uniqueSuffix()}`;
    await events.insert({ gateway: 'stripe', eventId, type: 'checkout.session.completed', payload: {} });
    const error = await pgError(
      events.insert({ gateway: 'stripe', eventId, type: 'checkout.session.completed', payload: {} }),
    );
    expect(error).toEqual({ code: UNIQUE_VIOLATION, constraint: 'uq_payment_event_gateway_event_id' });
    // The same id from another gateway is another event.
    await expect(
      events.insert({ gateway: 'paypal', eventId, type: 'PAYMENT.CAPTURE.COMPLETED', payload: {} }),
    ).resolves.toBeDefined();
  });

  it('a kitchen name is unique whatever its case', async () => {
    const name = `Mama's Kitchen ${uniqueSuffix()}`;
    await createPublisher(db, { kitchenName: name });
    const other = await createConsumer(db);
    const error = await pgError(
      db.getRepository(PublisherEntity).insert({ consumerId: other.id, kitchenName: name.toUpperCase() }),
    );
    expect(error).toEqual({ code: UNIQUE_VIOLATION, constraint: 'uq_publisher_kitchen_name_lower' });
  });

  it('an order cannot be created twice from one checkout submit', async () => {
    const consumer = await createConsumer(db);
    const orders = db.getRepository(OrderEntity);
    const idempotencyKey = uniqueSuffix();
    const order = { consumerId: consumer.id, idempotencyKey, orderTotal: '8.99', currencyCode: 'USD' };
    await orders.insert({ ...order, orderNumber: `HR-${uniqueSuffix()}` });
    const error = await pgError(orders.insert({ ...order, orderNumber: `HR-${uniqueSuffix()}` }));
    expect(error).toEqual({ code: UNIQUE_VIOLATION, constraint: 'uq_customer_order_idempotency_key' });
  });

  it('a rating is 1 to 5 stars', async () => {
    const consumer = await createConsumer(db);
    const publisher = await createPublisher(db);
    const ratings = db.getRepository(RatingEntity);
    for (const ratingValue of [0, 6]) {
      const error = await pgError(
        ratings.insert({ ratedById: consumer.id, ratedAgainstId: publisher.id, ratingValue }),
      );
      expect(error.code).toBe(CHECK_VIOLATION);
    }
  });

  it('an enumerated column refuses values outside its list', async () => {
    const consumer = await createConsumer(db);
    const error = await pgError(
      db
        .getRepository(PublisherEntity)
        .insert({ consumerId: consumer.id, kitchenName: `K ${uniqueSuffix()}`, status: 'LIVE' as never }),
    );
    expect(error.code).toBe(CHECK_VIOLATION);
    expect(error.constraint).toMatch(/^chk_publisher_status_/);
  });
});
