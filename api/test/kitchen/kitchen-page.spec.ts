import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KitchenPageDto } from '../../src/modules/kitchen/dto/kitchen-page.dto.js';
import { startHarness, type Harness } from '../setup/harness.js';
import { createPickupLocation } from '../setup/shop.js';
import {
  API,
  chefIn,
  fixClock,
  newItem,
  newMenu,
  publishedMenu,
  setKitchenStatus,
  takeOrders,
  type Chef,
} from '../menu/catalog-kit.js';

describe('kitchen page', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  beforeEach(() => {
    vi.restoreAllMocks();
    fixClock(h, '2026-10-20T12:00:00Z'); // 8 AM in New York
  });
  afterAll(() => h?.close());

  const page = async (id: string): Promise<KitchenPageDto> =>
    (
      await request(h.http)
        .get(`${API}/kitchen/${encodeURIComponent(id)}`)
        .expect(200)
    ).body;
  const menuIds = (p: KitchenPageDto) => [...new Set(p.dates.flatMap((d) => d.menus.map((m) => m.menuId)))];

  it('shows the kitchen and its upcoming dates with items, prices, slots, fulfilment and cut-offs', async () => {
    const chef = await chefIn(h, 'America/New_York', {
      brandDisplayName: 'Asha’s Table',
      speciality: 'Gujarati thali',
      profileDescription: 'Home food',
      ratingValue: '4.50',
      ratingCount: 12,
    });
    const place = await createPickupLocation(h.db, chef.publisher.id);
    const thali = await newItem(h, chef, {
      name: 'Thali',
      deliveryFees: '3.5',
      deliveryMinimumAmount: '20',
      pricingOptions: [
        { measurement: 'Plate', chefPrice: '12.5', serves: 1 },
        { measurement: 'Family', chefPrice: 40, serves: 4 },
      ],
    });
    const menu = await newMenu(h, chef, {
      name: 'Weeknight thali',
      items: [thali.id],
      menuType: 'RECURRING',
      occurrence: 'weeks',
      repeatsOn: ['TU', 'TH'],
      deliveryDate: '2026-10-20',
      deliveryTimeSlots: ['PM_7_9', 'PM_5_7'],
      stopOrdersType: 'Hours',
      stopOrdersByDaysOrHours: 24,
      ends: { endsAfterOccurrences: 4 },
    });
    await request(h.http).post(`${API}/menu/${menu.id}/publish`).set(chef.auth).expect(200);

    const p = await page(chef.publisher.id);
    expect(p).toMatchObject({
      id: chef.publisher.id,
      kitchenName: chef.publisher.kitchenName,
      brandDisplayName: 'Asha’s Table',
      brandType: 'HOME_KITCHEN',
      speciality: 'Gujarati thali',
      profileDescription: 'Home food',
      rating: { value: 4.5, count: 12 },
      currencyCode: 'USD',
      timeZone: 'America/New_York',
      today: '2026-10-20',
    });
    expect(p.pickupLocations).toEqual([
      expect.objectContaining({ id: place.id, isPrimary: true, city: 'Jersey City' }),
    ]);
    expect(p.dates.map((d) => [d.date, d.label])).toEqual([
      ['2026-10-20', 'Tuesday 20 Oct'],
      ['2026-10-22', 'Thursday 22 Oct'],
      ['2026-10-27', 'Tuesday 27 Oct'],
      ['2026-10-29', 'Thursday 29 Oct'],
    ]);
    const [today, thursday] = p.dates.map((d) => d.menus[0]);
    expect(today).toMatchObject({
      name: 'Weeknight thali',
      orderable: false,
      cutoffAt: '2026-10-19T21:00:00.000Z',
      fulfilmentOptions: ['PICKUP', 'DELIVERY'],
    });
    expect(thursday).toMatchObject({ orderable: true, cutoffAt: '2026-10-21T21:00:00.000Z' });
    expect(thursday.timeSlots).toEqual([
      {
        slot: 'PM_5_7',
        label: '5 PM – 7 PM',
        startsAt: '2026-10-22T21:00:00.000Z',
        endsAt: '2026-10-22T23:00:00.000Z',
        startLabel: '5:00 PM',
        endLabel: '7:00 PM',
      },
      {
        slot: 'PM_7_9',
        label: '7 PM – 9 PM',
        startsAt: '2026-10-22T23:00:00.000Z',
        endsAt: '2026-10-23T01:00:00.000Z',
        startLabel: '7:00 PM',
        endLabel: '9:00 PM',
      },
    ]);
    expect(thursday.pickupLocation?.id).toBe(place.id);
    const [item] = thursday.items;
    expect(item).toMatchObject({
      id: thali.id,
      name: 'Thali',
      soldOut: false,
      orderable: true,
      remaining: 10,
      fulfilmentOptions: ['PICKUP', 'DELIVERY'],
      deliveryFees: '3.50',
      deliveryMinimumAmount: '20.00',
    });
    expect(
      item.pricingOptions.map((o) => [o.measurement, o.chefPrice, o.currencyCode, o.formattedPrice]),
    ).toEqual([
      ['Plate', '12.50', 'USD', '$12.50'],
      ['Family', '40.00', 'USD', '$40.00'],
    ]);
    expect(today.items[0].orderable).toBe(false);
    expect((await page(chef.publisher.kitchenName.toUpperCase())).id).toBe(chef.publisher.id);
  });

  it('prices in the chef’s currency and labels slots in the chef’s zone', async () => {
    const chef = await chefIn(h, 'Asia/Kolkata');
    await publishedMenu(
      h,
      chef,
      { deliveryDate: '2026-10-22', deliveryTimeSlots: ['LUNCH_12PM'] },
      { pricingOptions: [{ chefPrice: '250' }] },
    );
    const p = await page(chef.publisher.id);
    const [menu] = p.dates[0].menus;
    expect(menu.timeSlots[0]).toMatchObject({
      startsAt: '2026-10-22T06:30:00.000Z',
      startLabel: '12:00 PM',
      endLabel: '1:00 PM',
    });
    expect(menu.items[0].pricingOptions[0]).toMatchObject({
      chefPrice: '250.00',
      currencyCode: 'INR',
      formattedPrice: '₹250.00',
    });
  });

  it('says who cooks: orders served, since when (in the chef’s zone) and public pictures only', async () => {
    const chef = await chefIn(h, 'America/New_York', {
      ordersServed: 42,
      profilePicLocation: 'public/chefs/robin.webp',
      kitchenPictures: ['public/kitchens/stove.webp', 'private/identity/passport.webp'],
      createdAt: new Date('2026-03-14T02:00:00Z'), // still 13 March in New York
    });
    expect((await page(chef.publisher.id)).about).toEqual({
      profilePicture: '/services/publisher/api/files/public/chefs/robin.webp',
      kitchenPictures: ['/services/publisher/api/files/public/kitchens/stove.webp'],
      ordersServed: 42,
      memberSince: '2026-03-13',
    });
    const private_ = await chefIn(h, 'America/New_York', { profilePicLocation: 'private/identity/me.webp' });
    expect((await page(private_.publisher.id)).about).toMatchObject({
      profilePicture: null,
      kitchenPictures: [],
    });
  });

  it('shows only the next 30 days', async () => {
    const chef = await chefIn(h);
    await publishedMenu(h, chef, {
      menuType: 'RECURRING',
      occurrence: 'weeks',
      deliveryDate: '2026-10-21',
      ends: { endsAfterOccurrences: 6 },
    });
    expect((await page(chef.publisher.id)).dates.map((d) => d.date)).toEqual([
      '2026-10-21',
      '2026-10-28',
      '2026-11-04',
      '2026-11-11',
      '2026-11-18',
    ]);
  });

  it('marks items sold out by status or by full capacity on a date', async () => {
    const chef = await chefIn(h);
    const { item, menu } = await publishedMenu(
      h,
      chef,
      {
        menuType: 'RECURRING',
        occurrence: 'days',
        deliveryDate: '2026-10-22',
        ends: { endsAfterOccurrences: 2 },
      },
      { maxAllowedOrders: 3 },
    );
    await takeOrders(h, item.id, '2026-10-23', 3);
    let p = await page(chef.publisher.id);
    expect(
      p.dates.map((d) => [
        d.date,
        d.menus[0].items[0].soldOut,
        d.menus[0].items[0].remaining,
        d.menus[0].items[0].orderable,
      ]),
    ).toEqual([
      ['2026-10-22', false, 3, true],
      ['2026-10-23', true, 0, false],
    ]);
    await request(h.http).post(`${API}/item/${item.id}/soldout`).set(chef.auth).expect(200);
    p = await page(chef.publisher.id);
    expect(p.dates.map((d) => d.menus[0].items[0].soldOut)).toEqual([true, true]);
    await request(h.http).post(`${API}/item/${item.id}/hide`).set(chef.auth).expect(200);
    p = await page(chef.publisher.id);
    expect(p.dates.map((d) => d.menus.find((m) => m.menuId === menu.id)?.items)).toEqual([[], []]);
  });

  it('drops paused and deleted menus and deleted dates at once', async () => {
    const chef = await chefIn(h);
    const { menu } = await publishedMenu(h, chef, {
      menuType: 'RECURRING',
      occurrence: 'days',
      deliveryDate: '2026-10-22',
    });
    const { menu: other } = await publishedMenu(h, chef, { deliveryDate: '2026-10-23' });
    expect(menuIds(await page(chef.publisher.id)).sort()).toEqual([menu.id, other.id].sort());

    await request(h.http).post(`${API}/menu/${menu.id}/pause`).set(chef.auth).expect(200);
    expect(menuIds(await page(chef.publisher.id))).toEqual([other.id]);
    await request(h.http).post(`${API}/menu/${menu.id}/resume`).set(chef.auth).expect(200);
    expect(menuIds(await page(chef.publisher.id)).sort()).toEqual([menu.id, other.id].sort());

    await request(h.http)
      .delete(`${API}/menu/${menu.id}?deleteType=DATE&date=2026-10-23`)
      .set(chef.auth)
      .expect(200);
    const p = await page(chef.publisher.id);
    expect(p.dates.map((d) => [d.date, d.menus.map((m) => m.menuId)])).toEqual([
      ['2026-10-22', [menu.id]],
      ['2026-10-23', [other.id]],
      ['2026-10-24', [menu.id]],
    ]);
    await request(h.http).delete(`${API}/menu/${menu.id}`).set(chef.auth).expect(200);
    expect(menuIds(await page(chef.publisher.id))).toEqual([other.id]);
  });

  it("drops a blocked chef's items, and is not found for unknown, pending and blocked kitchens", async () => {
    const chef = await chefIn(h);
    await publishedMenu(h, chef, { deliveryDate: '2026-10-22' });
    await h.db.query(`UPDATE item SET is_chef_blocked = true WHERE publisher_id = $1`, [chef.publisher.id]);
    expect((await page(chef.publisher.id)).dates[0].menus[0].items).toEqual([]);

    await setKitchenStatus(h, chef.publisher.id, 'BLOCKED');
    await request(h.http).get(`${API}/kitchen/${chef.publisher.id}`).expect(404);
    await request(h.http)
      .get(`${API}/kitchen/${encodeURIComponent(chef.publisher.kitchenName)}`)
      .expect(404);
    const pending: Chef = await chefIn(h, 'America/New_York', { status: 'PENDING' });
    await request(h.http).get(`${API}/kitchen/${pending.publisher.id}`).expect(404);
    const unknown = await request(h.http).get(`${API}/kitchen/no-such-kitchen`).expect(404);
    expect(unknown.body.detail).toBe('No kitchen is called "no-such-kitchen".');
  });
});
