import { DEFAULTS } from '@hearth/shared';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartItemDateEntity } from '../../src/modules/cart/cart-item-date.entity.js';
import { CartItemEntity } from '../../src/modules/cart/cart-item.entity.js';
import { CartEntity } from '../../src/modules/cart/cart.entity.js';
import { ConsumerAddressEntity } from '../../src/modules/consumer/consumer-address.entity.js';
import { ConsumerEntity } from '../../src/modules/consumer/consumer.entity.js';
import { ItemNutritionEntity } from '../../src/modules/item/item-nutrition.entity.js';
import { ItemPricingOptionEntity } from '../../src/modules/item/item-pricing-option.entity.js';
import { ItemEntity } from '../../src/modules/item/item.entity.js';
import { MenuEntity } from '../../src/modules/menu/menu.entity.js';
import { OrderDateSelectionEntity } from '../../src/modules/order/order-date-selection.entity.js';
import { OrderedCartItemEntity } from '../../src/modules/order/ordered-cart-item.entity.js';
import { OrderEntity } from '../../src/modules/order/order.entity.js';
import { PublisherEntity } from '../../src/modules/publisher/publisher.entity.js';
import { RatingEntity } from '../../src/modules/rating/rating.entity.js';
import { openTestDataSource } from '../setup/database.js';
import { createConsumer, createItem, createPublisher, uniqueSuffix } from '../setup/factories.js';

/** Inserts the fewest fields a row needs and reads the row back from the database. */
async function insertMinimal<T extends object>(
  db: DataSource,
  entity: new () => T,
  fields: Partial<T>,
): Promise<T> {
  const repository = db.getRepository(entity);
  const saved = await repository.save(repository.create(fields as T));
  return repository.findOneByOrFail({ id: (saved as { id: string }).id } as never);
}

describe('defaults of spec §3 land in the database', () => {
  let db: DataSource;

  beforeAll(async () => {
    db = await openTestDataSource();
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it('address: name Home, country United States, location type empty', async () => {
    const consumer = await createConsumer(db);
    const address = await insertMinimal(db, ConsumerAddressEntity, { consumerId: consumer.id });
    expect(address.address).toMatchObject({
      name: 'Home',
      country: 'United States',
      locationType: '',
      isUnderUse: false,
    });
    expect(address.address.location).toBeNull();
  });

  it('consumer: ACTIVE with no roles', async () => {
    const consumer = await insertMinimal(db, ConsumerEntity, { keycloakId: `subject-${uniqueSuffix()}` });
    expect(consumer).toMatchObject({ status: 'ACTIVE', roles: [] });
  });

  it('publisher: PENDING, rating 5 over 1 rating', async () => {
    const consumer = await createConsumer(db);
    const publisher = await insertMinimal(db, PublisherEntity, {
      consumerId: consumer.id,
      kitchenName: `Kitchen ${uniqueSuffix()}`,
    });
    expect(publisher).toMatchObject({
      status: 'PENDING',
      brandType: 'HOME_KITCHEN',
      ratingCount: DEFAULTS.ratingCount,
      currencyCode: 'USD',
    });
    expect(Number(publisher.ratingValue)).toBe(DEFAULTS.ratingValue);
  });

  it('item: max 10 orders, best before 3, serves 3, and the spec lists', async () => {
    const publisher = await createPublisher(db);
    const item = await insertMinimal(db, ItemEntity, { publisherId: publisher.id, name: 'Dal' });
    expect(item).toMatchObject({
      maxAllowedOrders: 10,
      bestBefore: 3,
      serves: 3,
      medicalFriendly: ['General Wellness'],
      foodTypes: ['VEG', 'ORGANIC'],
      deliveryTimeSlots: ['PM_5_7'],
      deliveryOptions: ['PICKUP', 'DELIVERY'],
      deliveryMinimumAmount: '0.00',
      itemStatus: 'ACTIVE',
      isChefBlocked: false,
      orderCount: 0,
    });
  });

  it('pricing option: 1 Kgs for 8.99, serves 3', async () => {
    const item = await createItem(db);
    const option = await insertMinimal(db, ItemPricingOptionEntity, { itemId: item.id });
    expect(option).toMatchObject({ measurement: 'Kgs', chefPrice: '8.99', serves: 3 });
    expect(Number(option.quantity)).toBe(1);
  });

  it('nutrition: every nutrient and percentage 0', async () => {
    const item = await createItem(db);
    const nutrition = await insertMinimal(db, ItemNutritionEntity, { itemId: item.id });
    const nutrients = db.getMetadata(ItemNutritionEntity).columns.filter((c) => c.type === 'numeric');
    expect(nutrients).toHaveLength(30);
    for (const column of nutrients)
      expect(column.getEntityValue(nutrition), column.propertyName).toBe('0.00');
  });

  it('menu: DRAFT, ONETIME, repeats every 1 day, ends after 3, catering off with a 2 Days cut-off', async () => {
    const publisher = await createPublisher(db);
    const menu = await insertMinimal(db, MenuEntity, { publisherId: publisher.id, name: 'Weekend' });
    expect(menu).toMatchObject({
      status: 'DRAFT',
      menuType: 'ONETIME',
      occurrence: 'days',
      repeatsEvery: 1,
      endsOnOrAfter: 'After',
      endsAfterOccurrences: 3,
      autoExtend: false,
      cateringEnabled: false,
      stopOrdersTypeForCatering: 'Days',
      stopOrdersByDaysOrHoursForCatering: 2,
      deliveryOrderMinimumAmount: '0.00',
    });
  });

  it('rating: 5 stars', async () => {
    const consumer = await createConsumer(db);
    const publisher = await createPublisher(db);
    const rating = await insertMinimal(db, RatingEntity, {
      ratedById: consumer.id,
      ratedAgainstId: publisher.id,
    });
    expect(rating.ratingValue).toBe(DEFAULTS.reviewRating);
  });

  it('cart item: quantity 1; its date: DELIVERY', async () => {
    const consumer = await createConsumer(db);
    const item = await createItem(db);
    const cart = await insertMinimal(db, CartEntity, { consumerId: consumer.id });
    const cartItem = await insertMinimal(db, CartItemEntity, { cartId: cart.id, itemId: item.id });
    expect(cartItem).toMatchObject({ orderQuantity: 1, isCateringItem: false });
    const date = await insertMinimal(db, CartItemDateEntity, { cartItemId: cartItem.id, date: '2030-01-15' });
    expect(date).toMatchObject({ deliveryOption: 'DELIVERY', timeSlots: [] });
  });

  it('ordered cart item: platform fee 0.2; its date: PLACED, INITIATED, DELIVERY, DEFAULT', async () => {
    const consumer = await createConsumer(db);
    const item = await createItem(db);
    const order = await insertMinimal(db, OrderEntity, {
      consumerId: consumer.id,
      orderNumber: `HR-${uniqueSuffix()}`,
      idempotencyKey: uniqueSuffix(),
      orderTotal: '8.99',
      currencyCode: 'USD',
    });
    expect(order.orderStatus).toBe('PLACED');
    const line = await insertMinimal(db, OrderedCartItemEntity, {
      orderId: order.id,
      itemId: item.id,
      publisherId: item.publisherId,
      itemName: item.name,
      pricingOption: {
        id: item.pricingOptions[0].id,
        measurement: 'Kgs',
        quantity: '1',
        chefPrice: '8.99',
        serves: 3,
      },
      unitPrice: '8.99',
      itemTotal: '8.99',
      itemPricePerDate: '8.99',
      netAmountPerDate: '8.99',
      netAmount: '8.99',
    });
    expect(line).toMatchObject({ vsFees: '0.2000', orderQuantity: 1, distributedFees: '0.00' });
    expect(Number(line.vsFees)).toBe(Number(DEFAULTS.vsFees));
    const selection = await insertMinimal(db, OrderDateSelectionEntity, {
      orderedCartItemId: line.id,
      date: '2030-01-15',
    });
    expect(selection).toMatchObject({
      orderStatus: 'PLACED',
      paymentStatus: 'INITIATED',
      deliveryOption: 'DELIVERY',
      payoutRefundStatus: 'DEFAULT',
      payoutRefundAmount: null,
    });
  });
});
