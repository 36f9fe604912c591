import { describe, expect, it } from 'vitest';
import { isIsoDate, todayIn } from '../calendar/dates.js';
import { cartItemRemovalReason, pruneCart as sut, type PrunableCartItem } from './prune.js';

interface StoredCartItem extends PrunableCartItem {
  tempId: string;
}

function cartItem(
  tempId: string,
  name: string,
  dates: string[],
  extra: Partial<StoredCartItem> = {},
): StoredCartItem {
  return {
    tempId,
    itemId: `item-${tempId}`,
    item: { id: `item-${tempId}`, name, pricingOptions: [{ chefPrice: '8.99' }] },
    userSelectedPricingOption: { measurement: 'Kgs', quantity: 1, chefPrice: '8.99', serves: 3 },
    dates: dates.map((date) => ({ date, timeSlots: ['PM_5_7'] })),
    ...extra,
  };
}

// 2025-03-09T20:00:00Z is 2025-03-10 01:30 in Kolkata (UTC+5:30) and 2025-03-09 13:00 in Los Angeles (PDT, UTC-7).
const EVENING_UTC = new Date('2025-03-09T20:00:00Z');

describe('todayIn', () => {
  it('gives the calendar date of an instant in the given time zone', () => {
    expect(todayIn('Asia/Kolkata', EVENING_UTC)).toBe('2025-03-10');
    expect(todayIn('America/Los_Angeles', EVENING_UTC)).toBe('2025-03-09');
    expect(todayIn('UTC', EVENING_UTC)).toBe('2025-03-09');
  });

  it('crosses the year boundary: 2024-12-31T23:30Z is already 2025 in Auckland', () => {
    const instant = Date.parse('2024-12-31T23:30:00Z');
    expect(todayIn('Pacific/Auckland', instant)).toBe('2025-01-01'); // UTC+13
    expect(todayIn('America/New_York', instant)).toBe('2024-12-31'); // UTC-5
  });

  it('follows daylight saving time: 07:30Z on 2025-03-09 is still the 8th in Los Angeles (PST, UTC-8)', () => {
    expect(todayIn('America/Los_Angeles', new Date('2025-03-09T07:30:00Z'))).toBe('2025-03-08');
    expect(todayIn('America/Los_Angeles', new Date('2025-03-09T08:30:00Z'))).toBe('2025-03-09');
  });

  it('refuses an unknown time zone', () => {
    expect(() => todayIn('Mars/Olympus_Mons', EVENING_UTC)).toThrow(RangeError);
  });
});

describe('isIsoDate', () => {
  it.each(['2025-03-09', '2024-02-29', '2025-12-31'])('accepts %s', (d) => {
    expect(isIsoDate(d)).toBe(true);
  });

  it.each(['2025-02-29', '2025-13-01', '2025-3-9', '09/03/2025', '2025-03-09T00:00:00Z', '', null, 20250309])(
    'refuses %j',
    (d) => {
      expect(isIsoDate(d)).toBe(false);
    },
  );
});

describe('pruneCart', () => {
  it('removes an item with a date past in Kolkata that is still today in Los Angeles', () => {
    const cart = [
      cartItem('a', 'Chicken Biryani', ['2025-03-09']),
      cartItem('b', 'Masala Dosa', ['2025-03-10']),
    ];

    const inKolkata = sut(cart, { timeZone: 'Asia/Kolkata', now: EVENING_UTC });
    expect(inKolkata.kept.map((i) => i.tempId)).toEqual(['b']);
    expect(inKolkata.removed).toEqual([
      {
        item: cart[0],
        index: 0,
        reason: 'PAST_DATE',
        message: '"Chicken Biryani" was removed from your cart: its date 2025-03-09 has passed.',
      },
    ]);

    const inLosAngeles = sut(cart, { timeZone: 'America/Los_Angeles', now: EVENING_UTC });
    expect(inLosAngeles.kept.map((i) => i.tempId)).toEqual(['a', 'b']);
    expect(inLosAngeles.removed).toEqual([]);
  });

  it('removes an item when any one of its dates has passed, listing the past dates', () => {
    const cart = [cartItem('a', 'Paneer Tikka', ['2025-03-12', '2025-03-08', '2025-03-07'])];
    const result = sut(cart, { timeZone: 'UTC', today: '2025-03-09' });
    expect(result.kept).toEqual([]);
    expect(result.removed[0]?.message).toBe(
      '"Paneer Tikka" was removed from your cart: its dates 2025-03-07, 2025-03-08 have passed.',
    );
  });

  it('keeps today and future dates', () => {
    const cart = [cartItem('a', 'Paneer Tikka', ['2025-03-09', '2025-04-01'])];
    expect(sut(cart, { timeZone: 'UTC', today: '2025-03-09' }).kept).toEqual(cart);
  });

  it('removes items without a pricing option', () => {
    const cart = [
      cartItem('a', 'Chicken Biryani', ['2025-03-10'], { userSelectedPricingOption: null }),
      cartItem('b', 'Masala Dosa', ['2025-03-10'], {
        item: { id: 'item-b', name: 'Masala Dosa', pricingOptions: [] },
      }),
      cartItem('c', 'Idli', ['2025-03-10'], { item: { id: 'item-c', name: 'Idli' } }), // no pricingOptions field: kept
    ];
    const result = sut(cart, { timeZone: 'UTC', today: '2025-03-09' });
    expect(result.kept.map((i) => i.tempId)).toEqual(['c']);
    expect(result.removed.map((r) => [r.index, r.reason, r.message])).toEqual([
      [
        0,
        'NO_PRICING_OPTION',
        '"Chicken Biryani" was removed from your cart: it has no price option any more.',
      ],
      [1, 'NO_PRICING_OPTION', '"Masala Dosa" was removed from your cart: it has no price option any more.'],
    ]);
  });

  it('removes items lacking an item id (neither itemId nor item.id)', () => {
    const cart = [
      cartItem('a', 'Chicken Biryani', ['2025-03-10'], {
        itemId: null,
        item: { id: '', name: 'Chicken Biryani' },
      }),
      cartItem('b', '', ['2025-03-10'], { itemId: undefined, item: null }),
      cartItem('c', 'Idli', ['2025-03-10'], { itemId: undefined }), // item.id is enough
    ];
    const result = sut(cart, { timeZone: 'UTC', today: '2025-03-09' });
    expect(result.kept.map((i) => i.tempId)).toEqual(['c']);
    expect(result.removed.map((r) => [r.reason, r.message])).toEqual([
      ['MISSING_ITEM_ID', '"Chicken Biryani" was removed from your cart: it is no longer available.'],
      ['MISSING_ITEM_ID', 'An item was removed from your cart: it is no longer available.'],
    ]);
  });

  it('removes items without dates, with a malformed date or a date without a time slot', () => {
    const cart = [
      cartItem('a', 'Chicken Biryani', []),
      cartItem('b', 'Masala Dosa', ['2025-03-10'], { dates: null }),
      cartItem('c', 'Idli', ['10/03/2025']),
      cartItem('d', 'Vada', ['2025-02-30']),
      cartItem('e', 'Upma', [], { dates: [{ date: '2025-03-10', timeSlots: [] }] }),
    ];
    const result = sut(cart, { timeZone: 'UTC', today: '2025-03-09' });
    expect(result.kept).toEqual([]);
    expect(result.removed.map((r) => [r.reason, r.message])).toEqual([
      ['NO_DATES', '"Chicken Biryani" was removed from your cart: no date was chosen.'],
      ['NO_DATES', '"Masala Dosa" was removed from your cart: no date was chosen.'],
      ['INVALID_DATE', '"Idli" was removed from your cart: its date "10/03/2025" is not valid.'],
      ['INVALID_DATE', '"Vada" was removed from your cart: its date "2025-02-30" is not valid.'],
      ['NO_TIME_SLOT', '"Upma" was removed from your cart: no time slot was chosen for 2025-03-10.'],
    ]);
  });

  it('keeps the caller extra fields and the order of both lists', () => {
    const cart = [
      cartItem('a', 'A', ['2025-03-10']),
      cartItem('b', 'B', ['2025-03-01']),
      cartItem('c', 'C', ['2025-03-11']),
      cartItem('d', 'D', ['2025-03-02']),
    ];
    const result = sut(cart, { timeZone: 'UTC', today: '2025-03-09' });
    expect(result.kept.map((i) => i.tempId)).toEqual(['a', 'c']);
    expect(result.removed.map((r) => [r.index, r.item.tempId])).toEqual([
      [1, 'b'],
      [3, 'd'],
    ]);
  });

  it('reports the first rule broken only', () => {
    // No id and a past date: the id is reported.
    const item = cartItem('a', 'A', ['2020-01-01'], { itemId: null, item: { name: 'A' } });
    expect(cartItemRemovalReason(item, '2025-03-09')?.reason).toBe('MISSING_ITEM_ID');
  });

  it('refuses a malformed today', () => {
    expect(() => sut([], { timeZone: 'UTC', today: '9 March 2025' })).toThrow(RangeError);
  });

  it('uses the current time by default', () => {
    const yesterday = new Date(Date.now() - 36 * 3600 * 1000).toISOString().slice(0, 10);
    const result = sut([cartItem('a', 'A', [yesterday])], { timeZone: 'UTC' });
    expect(result.removed.map((r) => r.reason)).toEqual(['PAST_DATE']);
  });
});
