import { describe, expect, it } from 'vitest';
import { formatMoney, itemTotal } from '@hearth/shared';
import { addedMessage, draftTotal, parseAddToCart, slotsByDate } from './add-to-cart';
import type { AddToCartValues } from './add-to-cart';

const dish = {
  id: 'i1',
  name: 'Sushi Roll Set',
  currencyCode: 'USD',
  deliveryFees: '3.99',
  options: [
    { id: 'small', measurement: 'Set', quantity: 1, chefPrice: '8.99', serves: 1, currencyCode: 'USD' },
    { id: 'large', measurement: 'Platter', quantity: 1, chefPrice: '24.00', serves: 4, currencyCode: 'USD' },
  ],
};
const values = (over: Partial<AddToCartValues> = {}): AddToCartValues => ({
  pricingOption: 'small',
  slots: ['2026-11-29|PM_5_7'],
  orderQuantity: '1',
  deliveryOption: 'DELIVERY',
  isCateringItem: false,
  ...over,
});

describe('addedMessage', () => {
  it('says what was added and for which dates', () => {
    expect(addedMessage('Sushi Roll Set', 1, ['Sun, Nov 29'])).toBe(
      'Added Sushi Roll Set for Sun, Nov 29 to your cart',
    );
    expect(addedMessage('Dal Tadka', 2, ['Sun, Nov 29', 'Mon, Nov 30'])).toBe(
      'Added 2 × Dal Tadka for Sun, Nov 29 and Mon, Nov 30 to your cart',
    );
    expect(addedMessage('Dal Tadka', 1, ['Sun, Nov 29', 'Mon, Nov 30', 'Tue, Dec 1'])).toBe(
      'Added Dal Tadka for Sun, Nov 29, Mon, Nov 30 and Tue, Dec 1 to your cart',
    );
    expect(addedMessage('Dal Tadka', 1, ['Sun, Nov 29', 'Mon, Nov 30', 'Tue, Dec 1', 'Sat, Dec 5'])).toBe(
      'Added Dal Tadka for 4 dates (Sun, Nov 29 to Sat, Dec 5) to your cart',
    );
  });
});

describe('slotsByDate', () => {
  it('groups ticked slots by date, in date order, each slot once, ignoring malformed values', () => {
    expect([
      ...slotsByDate([
        '2026-12-01|PM_5_7',
        '2026-11-29|LUNCH_12PM',
        '2026-11-29|PM_5_7',
        '2026-11-29|PM_5_7',
        'junk',
      ]),
    ]).toEqual([
      ['2026-11-29', ['LUNCH_12PM', 'PM_5_7']],
      ['2026-12-01', ['PM_5_7']],
    ]);
    const parsed = parseAddToCart('i1', values({ slots: ['2026-12-01|PM_5_7', '2026-11-29|PM_5_7'] }), {
      deliveryOptions: [],
    });
    expect(parsed.ok && parsed.body.dates.map((d) => d.date)).toEqual(['2026-11-29', '2026-12-01']);
  });
});

describe('draftTotal (the running total)', () => {
  it('prices price × quantity × dates and slots by the shared rules, exactly, plus a fee per delivery date', () => {
    const total = draftTotal(
      values({ orderQuantity: '3', slots: ['2026-11-29|PM_5_7', '2026-11-30|PM_5_7', '2026-11-30|PM_7_9'] }),
      dish,
      ['PICKUP', 'DELIVERY'],
    );
    const items = itemTotal({
      orderQuantity: 3,
      userSelectedPricingOption: { chefPrice: '8.99' },
      dates: [
        { date: '2026-11-29', timeSlots: ['PM_5_7'], deliveryOption: 'DELIVERY' },
        { date: '2026-11-30', timeSlots: ['PM_5_7', 'PM_7_9'], deliveryOption: 'DELIVERY' },
      ],
      item: { id: 'i1', name: 'Sushi Roll Set', publisherId: 'k', currencyCode: 'USD' },
    });
    expect(total).toEqual({
      currencyCode: 'USD',
      unitPrice: 899,
      quantity: 3,
      slotCount: 3,
      itemsTotal: items,
      trips: 2,
      deliveryFees: 798,
      total: items + 798,
    });
    // 8.99 × 9 in floating point is 80.91000000000001; the shared rules give the cent.
    expect(formatMoney(total?.itemsTotal ?? 0, 'USD')).toBe('$80.91');
  });

  it('charges no delivery fee for pickup, and follows the chosen portion', () => {
    expect(
      draftTotal(values({ deliveryOption: 'PICKUP', pricingOption: 'large' }), dish, ['PICKUP', 'DELIVERY']),
    ).toMatchObject({
      itemsTotal: 2400,
      trips: 0,
      deliveryFees: 0,
      total: 2400,
    });
    // The only way on offer counts even when the form sends none.
    expect(draftTotal(values({ deliveryOption: '' }), dish, ['PICKUP'])).toMatchObject({
      deliveryFees: 0,
      total: 899,
    });
  });

  it('has no total while nothing is ticked or the quantity is not a whole number in range', () => {
    expect(draftTotal(values({ slots: [] }), dish, ['DELIVERY'])).toBeNull();
    expect(draftTotal(values({ orderQuantity: '1.5' }), dish, ['DELIVERY'])).toBeNull();
    expect(draftTotal(values({ orderQuantity: '0' }), dish, ['DELIVERY'])).toBeNull();
    expect(draftTotal(values({ pricingOption: 'gone' }), dish, ['DELIVERY'])).toBeNull();
  });
});
