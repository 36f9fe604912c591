import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ItemDto } from '../../src/modules/item/dto/item-response.dto.js';
import { startHarness, type Harness } from '../setup/harness.js';
import {
  API,
  chefIn,
  fixClock,
  newItem,
  publishedMenu,
  setKitchenStatus,
  takeOrders,
  type Chef,
} from '../menu/catalog-kit.js';

describe('items', () => {
  let h: Harness;
  let chef: Chef;
  beforeAll(async () => {
    h = await startHarness();
    chef = await chefIn(h);
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => h?.close());

  const get = (id: string, auth?: { Authorization: string }) => {
    const req = request(h.http).get(`${API}/item/${id}`);
    return auth ? req.set(auth) : req;
  };

  describe('create', () => {
    it('gives every field of spec §3 its default', async () => {
      const res = await request(h.http)
        .post(`${API}/item`)
        .set(chef.auth)
        .send({ name: 'Paneer tikka' })
        .expect(201);
      const item = res.body as ItemDto;
      expect(item).toMatchObject({
        name: 'Paneer tikka',
        publisherId: chef.publisher.id,
        publishedBy: chef.publisher.kitchenName,
        itemStatus: 'ACTIVE',
        soldOut: false,
        medicalFriendly: ['General Wellness'],
        foodType: ['VEG', 'ORGANIC'],
        deliveryTimeSlots: ['PM_5_7'],
        deliveryOptions: ['PICKUP', 'DELIVERY'],
        bestBefore: 3,
        serves: 3,
        maxAllowedOrders: 10,
        deliveryFees: '0.00',
        deliveryMinimumAmount: '0.00',
        zipcodesServed: [],
        searchTags: [],
        itemPictures: [],
        measurement: 'Kgs',
        quantity: 1,
        chefPrice: '8.99',
        currencyCode: 'USD',
        location: { lat: 40.7168, lng: -74.0335 },
        menuDates: [],
      });
      expect(item.pricingOptions).toEqual([
        {
          id: expect.any(String),
          measurement: 'Kgs',
          quantity: 1,
          chefPrice: '8.99',
          serves: 3,
          currencyCode: 'USD',
          formattedPrice: '$8.99',
        },
      ]);
      expect(Object.keys(item.nutrition)).toHaveLength(30);
      expect(Object.values(item.nutrition).every((v) => v === 0)).toBe(true);
      expect(item.nutrition).toHaveProperty('total_fat_percent', 0);
      expect(item.nutrition).toHaveProperty('vitamin_d', 0);
    });

    it('keeps what the chef gives: several pricing options, nutrition, tags, fulfilment', async () => {
      const item = await newItem(h, chef, {
        name: 'Biryani',
        description: 'Slow-cooked rice',
        pricingOptions: [
          { measurement: 'Plate', quantity: '1', chefPrice: '12.5', serves: 1 },
          { measurement: 'Kgs', quantity: 0.5, chefPrice: 20 },
        ],
        nutrition: { calories: 520, protein: 21.5, protein_percent: 43 },
        medicalFriendly: ['Gluten Free', 'Nut Free'],
        foodType: ['NON_VEG_MEAT'],
        searchTags: ['rice', 'spicy'],
        deliveryOptions: ['PICKUP'],
        deliveryTimeSlots: ['LUNCH_12PM', 'PM_7_9'],
        maxAllowedOrders: 25,
        deliveryFees: '3.5',
        deliveryMinimumAmount: 15,
        zipcodesServed: ['07302', '07310'],
        bestBefore: 2,
      });
      expect(item.pricingOptions.map((o) => [o.measurement, o.quantity, o.chefPrice, o.serves])).toEqual([
        ['Plate', 1, '12.50', 1],
        ['Kgs', 0.5, '20.00', 3],
      ]);
      expect(item.chefPrice).toBe('12.50');
      expect(item.nutrition).toMatchObject({ calories: 520, protein: 21.5, protein_percent: 43, sodium: 0 });
      expect(item).toMatchObject({
        medicalFriendly: ['Gluten Free', 'Nut Free'],
        foodType: ['NON_VEG_MEAT'],
        deliveryOptions: ['PICKUP'],
        maxAllowedOrders: 25,
        deliveryFees: '3.50',
        deliveryMinimumAmount: '15.00',
        bestBefore: 2,
      });
      const again = await get(item.id).expect(200);
      expect(again.body.pricingOptions).toEqual(item.pricingOptions);
    });

    it('names each invalid field, nested ones by their path', async () => {
      const res = await request(h.http)
        .post(`${API}/item`)
        .set(chef.auth)
        .send({
          name: '',
          pricingOptions: [{ chefPrice: '8.999' }, { quantity: 0, serves: 0 }],
          medicalFriendly: ['Magic'],
          deliveryTimeSlots: [],
          nutrition: { calories: -1 },
          colour: 'red',
        })
        .expect(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      const fields = (res.body.fieldErrors as Array<{ field: string; message: string }>).map((f) => f.field);
      expect(fields).toEqual(
        expect.arrayContaining([
          'name',
          'pricingOptions[0].chefPrice',
          'pricingOptions[1].quantity',
          'pricingOptions[1].serves',
          'medicalFriendly',
          'deliveryTimeSlots',
          'nutrition.calories',
          'colour',
        ]),
      );
      const price = res.body.fieldErrors.find(
        (f: { field: string }) => f.field === 'pricingOptions[0].chefPrice',
      );
      expect(price.message).toBe(
        'chefPrice must be an amount such as 8.99 (not negative, at most 2 decimals)',
      );
    });

    it('needs at least one pricing option when the list is given', async () => {
      const res = await request(h.http)
        .post(`${API}/item`)
        .set(chef.auth)
        .send({ name: 'Nothing', pricingOptions: [] })
        .expect(400);
      expect(res.body.fieldErrors).toEqual([
        { field: 'pricingOptions', message: 'pricingOptions must have at least one pricing option' },
      ]);
    });

    it('is for chefs only', async () => {
      const customer = await h.customer();
      await request(h.http).post(`${API}/item`).set(customer.auth).send({ name: 'x' }).expect(403);
      await request(h.http).post(`${API}/item`).send({ name: 'x' }).expect(401);
    });
  });

  describe('update', () => {
    it('changes only the fields given; pricing options sent back keep their id, others go', async () => {
      const item = await newItem(h, chef, {
        pricingOptions: [{ chefPrice: '5' }, { chefPrice: '9' }],
        description: 'Old',
        searchTags: ['a'],
      });
      const [keep] = item.pricingOptions;
      const res = await request(h.http)
        .put(`${API}/item/${item.id}`)
        .set(chef.auth)
        .send({
          name: 'Dal (large)',
          description: null,
          pricingOptions: [{ id: keep.id, chefPrice: '6.25' }, { measurement: 'Box' }],
        })
        .expect(200);
      expect(res.body).toMatchObject({ name: 'Dal (large)', description: null, searchTags: ['a'] });
      expect(
        res.body.pricingOptions.map((o: { id: string; chefPrice: string; measurement: string }) => [
          o.id === keep.id,
          o.chefPrice,
          o.measurement,
        ]),
      ).toEqual([
        [true, '6.25', 'Kgs'],
        [false, '8.99', 'Box'],
      ]);
    });

    it('refuses an option id of another item and null for a required field', async () => {
      const item = await newItem(h, chef);
      const other = await newItem(h, chef);
      const res = await request(h.http)
        .put(`${API}/item/${item.id}`)
        .set(chef.auth)
        .send({ pricingOptions: [{ id: other.pricingOptions[0].id }] })
        .expect(400);
      expect(res.body.fieldErrors).toEqual([
        {
          field: 'pricingOptions[0].id',
          message: 'pricingOptions[0].id is not a pricing option of this item',
        },
      ]);
      const nul = await request(h.http)
        .put(`${API}/item/${item.id}`)
        .set(chef.auth)
        .send({ bestBefore: null })
        .expect(400);
      expect(nul.body.fieldErrors[0].field).toBe('bestBefore');
    });

    it('moves upcoming capacity with maxAllowedOrders, never below what was ordered', async () => {
      fixClock(h, '2026-11-02T12:00:00Z');
      const { item, menu } = await publishedMenu(
        h,
        chef,
        { deliveryDate: '2026-11-10' },
        { maxAllowedOrders: 10 },
      );
      await takeOrders(h, item.id, '2026-11-10', 6);
      await request(h.http)
        .put(`${API}/item/${item.id}`)
        .set(chef.auth)
        .send({ maxAllowedOrders: 4 })
        .expect(200);
      const [row] = await h.db.query(
        `SELECT max_allowed FROM item_date_capacity WHERE item_id = $1 AND date = '2026-11-10'`,
        [item.id],
      );
      expect(row.max_allowed).toBe(6);
      await request(h.http)
        .put(`${API}/item/${item.id}`)
        .set(chef.auth)
        .send({ maxAllowedOrders: 12 })
        .expect(200);
      const [after] = await h.db.query(
        `SELECT max_allowed FROM item_date_capacity WHERE item_id = $1 AND date = '2026-11-10'`,
        [item.id],
      );
      expect(after.max_allowed).toBe(12);
      expect(menu.status).toBe('PUBLISHED');
    });
  });

  describe('clone', () => {
    it('copies an item as "… (copy)" with its own options', async () => {
      const item = await newItem(h, chef, {
        name: 'Kheer',
        pricingOptions: [{ chefPrice: '4' }, { chefPrice: '7', measurement: 'Litre' }],
        nutrition: { sugar: 30 },
      });
      await request(h.http).post(`${API}/item/${item.id}/soldout`).set(chef.auth).expect(200);
      const res = await request(h.http)
        .post(`${API}/item/clone-item`)
        .set(chef.auth)
        .send({ itemId: item.id })
        .expect(201);
      expect(res.body).toMatchObject({
        name: 'Kheer (copy)',
        itemStatus: 'ACTIVE',
        orderCount: 0,
        nutrition: { sugar: 30 },
      });
      expect(res.body.id).not.toBe(item.id);
      expect(
        res.body.pricingOptions.map((o: { chefPrice: string; measurement: string }) => [
          o.chefPrice,
          o.measurement,
        ]),
      ).toEqual([
        ['4.00', 'Kgs'],
        ['7.00', 'Litre'],
      ]);
      expect(res.body.pricingOptions[0].id).not.toBe(item.pricingOptions[0].id);
    });
  });

  describe('sold out, hide and show', () => {
    it('marks an item sold out and back, and hides it from the public', async () => {
      const item = await newItem(h, chef);
      expect(
        (await request(h.http).post(`${API}/item/${item.id}/soldout`).set(chef.auth).expect(200)).body,
      ).toMatchObject({ itemStatus: 'SOLD_OUT', soldOut: true });
      expect((await get(item.id).expect(200)).body.soldOut).toBe(true);
      expect(
        (await request(h.http).delete(`${API}/item/${item.id}/soldout`).set(chef.auth).expect(200)).body
          .itemStatus,
      ).toBe('ACTIVE');
      await request(h.http).post(`${API}/item/${item.id}/soldout`).set(chef.auth).expect(200);
      expect(
        (await request(h.http).post(`${API}/item/${item.id}/available`).set(chef.auth).expect(200)).body
          .itemStatus,
      ).toBe('ACTIVE');

      expect(
        (await request(h.http).post(`${API}/item/${item.id}/hide`).set(chef.auth).expect(200)).body
          .itemStatus,
      ).toBe('HIDDEN');
      await get(item.id).expect(404);
      expect((await get(item.id, chef.auth).expect(200)).body.itemStatus).toBe('HIDDEN');
      const refused = await request(h.http).post(`${API}/item/${item.id}/soldout`).set(chef.auth).expect(409);
      expect(refused.body.detail).toBe('A hidden item is not offered; show it first.');
      expect(
        (await request(h.http).post(`${API}/item/${item.id}/show`).set(chef.auth).expect(200)).body
          .itemStatus,
      ).toBe('ACTIVE');
      await get(item.id).expect(200);
    });

    it('refuses an unknown action', async () => {
      const item = await newItem(h, chef);
      const res = await request(h.http).post(`${API}/item/${item.id}/explode`).set(chef.auth).expect(400);
      expect(res.body.fieldErrors[0]).toEqual({
        field: 'action',
        message: 'action must be one of hide, show, soldout, available',
      });
    });
  });

  describe('delete', () => {
    it('is soft: the item is DELETED, gone for the public and the list, still readable by its owner', async () => {
      const item = await newItem(h, chef, { name: 'Gone soon' });
      await request(h.http).delete(`${API}/item/${item.id}`).set(chef.auth).expect(204);
      await get(item.id).expect(404);
      expect((await get(item.id, chef.auth).expect(200)).body.itemStatus).toBe('DELETED');
      const list = await request(h.http).get(`${API}/item?size=100`).set(chef.auth).expect(200);
      expect(list.body.map((i: ItemDto) => i.id)).not.toContain(item.id);
      const deleted = await request(h.http)
        .get(`${API}/item?status=DELETED&size=100`)
        .set(chef.auth)
        .expect(200);
      expect(deleted.body.map((i: ItemDto) => i.id)).toContain(item.id);
      await request(h.http).delete(`${API}/item/${item.id}`).set(chef.auth).expect(204);
      const edit = await request(h.http)
        .put(`${API}/item/${item.id}`)
        .set(chef.auth)
        .send({ name: 'Back' })
        .expect(409);
      expect(edit.body.detail).toBe('Gone soon is deleted; clone it to sell it again.');
    });

    it('is refused while the item has orders for an upcoming date', async () => {
      fixClock(h, '2026-11-02T12:00:00Z');
      const { item } = await publishedMenu(h, chef, { deliveryDate: '2026-11-12' }, { name: 'Popular' });
      await takeOrders(h, item.id, '2026-11-12', 2);
      const res = await request(h.http).delete(`${API}/item/${item.id}`).set(chef.auth).expect(409);
      expect(res.body).toMatchObject({
        message: 'error.item.hasOrders',
        detail:
          'Popular has orders for 2026-11-12: mark it sold out or hide it instead, so those orders can still be served.',
        params: { dates: ['2026-11-12'] },
      });
    });
  });

  describe('list', () => {
    it("lists the chef's own items with their sold-out state, paged", async () => {
      const own = await chefIn(h);
      const a = await newItem(h, own, { name: 'A dish' });
      const b = await newItem(h, own, { name: 'B dish' });
      await newItem(h, chef, { name: 'Someone else’s' });
      await request(h.http).post(`${API}/item/${b.id}/soldout`).set(own.auth).expect(200);
      const res = await request(h.http).get(`${API}/item?size=1&page=1`).set(own.auth).expect(200);
      expect(res.headers['x-total-count']).toBe('2');
      expect(res.body.map((i: ItemDto) => [i.name, i.soldOut])).toEqual([['B dish', true]]);
      const all = await request(h.http).get(`${API}/item`).set(own.auth).expect(200);
      expect(all.body.map((i: ItemDto) => i.id)).toEqual([a.id, b.id]);
    });

    it('shows the upcoming dates an item is offered on and the dates it is sold out', async () => {
      fixClock(h, '2026-11-02T12:00:00Z');
      const { item } = await publishedMenu(
        h,
        chef,
        {
          menuType: 'RECURRING',
          occurrence: 'days',
          deliveryDate: '2026-11-05',
          ends: { endsAfterOccurrences: 2 },
        },
        { maxAllowedOrders: 3 },
      );
      await takeOrders(h, item.id, '2026-11-06', 3);
      const res = await get(item.id).expect(200);
      expect(res.body.menuDates).toEqual(['2026-11-05', '2026-11-06']);
      expect(res.body.soldOutDates).toEqual(['2026-11-06']);
    });
  });

  describe('visibility', () => {
    it("hides a blocked kitchen's items from the public, not from admins", async () => {
      const blocked = await chefIn(h);
      const item = await newItem(h, blocked);
      await get(item.id).expect(200);
      await setKitchenStatus(h, blocked.publisher.id, 'BLOCKED');
      await get(item.id).expect(404);
      const admin = await h.admin();
      expect((await get(item.id, admin.auth).expect(200)).body.isChefBlocked).toBe(true);
    });

    it('refuses an id that is not a uuid as not found', async () => {
      const res = await get('not-an-id').expect(404);
      expect(res.body.detail).toBe('Item not-an-id was not found.');
    });
  });
});
