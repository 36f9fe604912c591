import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '../constants/index.js';
import { DeliveryOption } from '../enums/index.js';
import { deliveryMinimumMessage, firstTimeSlot, itemTotal, priceCart as sut } from './pricing.js';
import type { CartDateInput, CartItemDetailsInput, PricingCartItemInput } from './types.js';

const { PICKUP, DELIVERY } = DeliveryOption;

// Chef A sells in USD, chef B in INR.
const biryani: CartItemDetailsInput = {
  id: 'item-biryani',
  name: 'Chicken Biryani',
  publisherId: 'chef-a',
  deliveryFees: '5',
  deliveryMinimumAmount: '20',
  currencyCode: 'USD',
};
const paneer: CartItemDetailsInput = {
  id: 'item-paneer',
  name: 'Paneer Tikka',
  publisherId: 'chef-a',
  deliveryFees: 3,
  deliveryMinimumAmount: 0,
  currencyCode: 'USD',
};
const dosa: CartItemDetailsInput = {
  id: 'item-dosa',
  name: 'Masala Dosa',
  publisherId: 'chef-b',
  deliveryFees: '40',
  deliveryMinimumAmount: null,
  currencyCode: 'INR',
};

function on(date: string, deliveryOption: DeliveryOption, ...timeSlots: TimeSlot[]): CartDateInput {
  return { date, deliveryOption, timeSlots };
}

function line(
  item: CartItemDetailsInput,
  chefPrice: string | number,
  orderQuantity: number,
  dates: CartDateInput[],
  cartItemId?: string,
): PricingCartItemInput {
  return {
    cartItemId,
    orderQuantity,
    userSelectedPricingOption: { measurement: 'Kgs', quantity: 1, chefPrice, serves: 3 },
    dates,
    item,
  };
}

describe('firstTimeSlot', () => {
  it('is the slot that starts earliest in the day, whatever the order given', () => {
    expect(firstTimeSlot(['PM_5_7', 'AM_9_11'])).toBe('AM_9_11');
    expect(firstTimeSlot(['DINNER_9PM', 'LUNCH_12PM', 'PM_3_5'])).toBe('LUNCH_12PM');
    // PM_11_1AM starts at 23:00, AM_1_5AM at 01:00.
    expect(firstTimeSlot(['PM_11_1AM', 'AM_1_5AM'])).toBe('AM_1_5AM');
  });

  it('is null for a date without slots', () => {
    expect(firstTimeSlot([])).toBeNull();
  });
});

describe('itemTotal (price × quantity × time slots × dates)', () => {
  it('8.99 × 3 × 1 slot × 1 date = 26.97 exactly', () => {
    expect(itemTotal(line(biryani, 8.99, 3, [on('2025-06-10', PICKUP, 'PM_5_7')]))).toBe(2697);
  });

  it('counts every (date, slot) pair: 8.99 × 2 × (2 slots + 2 slots) = 71.92', () => {
    // 8.99 × 2 = 17.98 per slot; 4 slots → 71.92.
    const item = line(biryani, '8.99', 2, [
      on('2025-06-10', PICKUP, 'AM_9_11', 'PM_5_7'),
      on('2025-06-11', PICKUP, 'AM_9_11', 'PM_5_7'),
    ]);
    expect(itemTotal(item)).toBe(7192);
  });

  it('sums uneven slot counts: 12.50 × 1 × (1 + 3) = 50.00', () => {
    const item = line(paneer, '12.50', 1, [
      on('2025-06-10', PICKUP, 'PM_5_7'),
      on('2025-06-11', PICKUP, 'AM_9_11', 'PM_3_5', 'PM_5_7'),
    ]);
    expect(itemTotal(item)).toBe(5000);
  });

  it('avoids float traps: 1.10 × 3 = 3.30 and 0.10 × 3 = 0.30', () => {
    expect(itemTotal(line(paneer, 1.1, 3, [on('2025-06-10', PICKUP, 'PM_5_7')]))).toBe(330);
    expect(itemTotal(line(paneer, 0.1, 3, [on('2025-06-10', PICKUP, 'PM_5_7')]))).toBe(30);
  });

  it('rounds the exact product once, half away from zero', () => {
    // 0.125 × 3 = 0.375 → 0.38 (rounding the price first would give 0.13 × 3 = 0.39).
    expect(itemTotal(line(paneer, '0.125', 3, [on('2025-06-10', PICKUP, 'PM_5_7')]))).toBe(38);
    // 0.005 × 1 = half a cent → 0.01.
    expect(itemTotal(line(paneer, '0.005', 1, [on('2025-06-10', PICKUP, 'PM_5_7')]))).toBe(1);
    // 0.0049 × 1 → 0.00.
    expect(itemTotal(line(paneer, '0.0049', 1, [on('2025-06-10', PICKUP, 'PM_5_7')]))).toBe(0);
  });

  it('handles large quantities: 8.99 × 1,000,000 × 2 slots × 3 dates = 53,940,000.00', () => {
    const dates = ['2025-06-10', '2025-06-11', '2025-06-12'].map((d) => on(d, PICKUP, 'AM_9_11', 'PM_5_7'));
    expect(itemTotal(line(biryani, '8.99', 1_000_000, dates))).toBe(5_394_000_000);
  });

  it('is 0 for quantity 0 and for dates without slots', () => {
    expect(itemTotal(line(biryani, '8.99', 0, [on('2025-06-10', PICKUP, 'PM_5_7')]))).toBe(0);
    expect(itemTotal(line(biryani, '8.99', 2, [on('2025-06-10', PICKUP)]))).toBe(0);
  });

  it.each([-1, 1.5, Number.NaN])('refuses the order quantity %s', (q) => {
    expect(() => itemTotal(line(biryani, '8.99', q, [on('2025-06-10', PICKUP, 'PM_5_7')]))).toThrow(
      RangeError,
    );
  });

  it('refuses a malformed price', () => {
    expect(() => itemTotal(line(biryani, '8,99', 1, [on('2025-06-10', PICKUP, 'PM_5_7')]))).toThrow(
      RangeError,
    );
  });
});

describe('priceCart', () => {
  describe('a cart of two chefs, several dates and slots', () => {
    // Line 0: Biryani (chef A, fee 5.00) × 3 on
    //   06-10 [PM_5_7] delivery           → 8.99 × 3 × 1 = 26.97, trip (A, 06-10, PM_5_7)
    //   06-11 [AM_9_11, PM_5_7] delivery  → 8.99 × 3 × 2 = 53.94, trip (A, 06-11, AM_9_11)
    //   item total 80.91
    // Line 1: Paneer (chef A, fee 3.00) × 2 on
    //   06-10 [PM_5_7] delivery → 12.50 × 2 = 25.00, same trip as line 0 on 06-10: no second fee
    //   06-12 [PM_5_7] pickup   → 25.00, pickup: no fee
    //   item total 50.00
    // Line 2: Dosa (chef B, INR, fee 40.00) × 4 on 06-10 [LUNCH_12PM] delivery → 120 × 4 = 480.00, fee 40.00
    //
    // Chef A fees: 5.00 (06-10, the higher of 5.00 and 3.00) + 5.00 (06-11) = 10.00
    // USD cart total = 80.91 + 50.00 + 10.00 = 140.91; INR cart total = 480.00 + 40.00 = 520.00.
    const cart = [
      line(
        biryani,
        '8.99',
        3,
        [on('2025-06-10', DELIVERY, 'PM_5_7'), on('2025-06-11', DELIVERY, 'PM_5_7', 'AM_9_11')],
        'ci-1',
      ),
      line(
        paneer,
        '12.50',
        2,
        [on('2025-06-10', DELIVERY, 'PM_5_7'), on('2025-06-12', PICKUP, 'PM_5_7')],
        'ci-2',
      ),
      line(dosa, '120', 4, [on('2025-06-10', DELIVERY, 'LUNCH_12PM')], 'ci-3'),
    ];
    const result = sut(cart);

    it('prices each line and each of its dates', () => {
      const [l0, l1, l2] = result.lines;
      expect(l0?.itemTotal).toBe(8091);
      expect(l0?.perDate.map((d) => d.itemTotal)).toEqual([2697, 5394]);
      expect(l0?.perDate.map((d) => d.firstTimeSlot)).toEqual(['PM_5_7', 'AM_9_11']);
      expect(l0?.slotCount).toBe(3);
      expect(l1?.itemTotal).toBe(5000);
      expect(l1?.perDate.map((d) => d.itemTotal)).toEqual([2500, 2500]);
      expect(l2?.itemTotal).toBe(48000);
      expect(result.lines.map((l) => l.key)).toEqual(['ci-1', 'ci-2', 'ci-3']);
      expect(result.lines.map((l) => l.currencyCode)).toEqual(['USD', 'USD', 'INR']);
    });

    it('charges the delivery fee once per chef, date and first slot', () => {
      expect(result.deliveryFees).toEqual([
        {
          publisherId: 'chef-a',
          currencyCode: 'USD',
          date: '2025-06-10',
          firstTimeSlot: 'PM_5_7',
          amount: 500,
          chargedToLine: 0,
          lines: [0, 1],
        },
        {
          publisherId: 'chef-a',
          currencyCode: 'USD',
          date: '2025-06-11',
          firstTimeSlot: 'AM_9_11',
          amount: 500,
          chargedToLine: 0,
          lines: [0],
        },
        {
          publisherId: 'chef-b',
          currencyCode: 'INR',
          date: '2025-06-10',
          firstTimeSlot: 'LUNCH_12PM',
          amount: 4000,
          chargedToLine: 2,
          lines: [2],
        },
      ]);
    });

    it('attributes fees to lines (distributedFees) and dates, and adds them to netAmount', () => {
      const [l0, l1, l2] = result.lines;
      expect(l0?.distributedFees).toBe(1000); // 5.00 on 06-10 + 5.00 on 06-11
      expect(l0?.netAmount).toBe(9091); // 80.91 + 10.00
      expect(l0?.perDate.map((d) => [d.deliveryFee, d.netAmount])).toEqual([
        [500, 3197],
        [500, 5894],
      ]);
      expect(l1?.distributedFees).toBe(0); // shares chef A's 06-10 trip; 06-12 is pickup
      expect(l1?.netAmount).toBe(5000);
      expect(l1?.perDate.map((d) => d.deliveryFee)).toEqual([0, 0]);
      expect(l2?.distributedFees).toBe(4000);
      expect(l2?.netAmount).toBe(52000);
    });

    it('totals per chef and per currency, never adding USD to INR', () => {
      expect(result.totalsByPublisher).toEqual([
        {
          publisherId: 'chef-a',
          currencyCode: 'USD',
          itemsTotal: 13091,
          deliveryFeesTotal: 1000,
          total: 14091,
        },
        {
          publisherId: 'chef-b',
          currencyCode: 'INR',
          itemsTotal: 48000,
          deliveryFeesTotal: 4000,
          total: 52000,
        },
      ]);
      expect(result.totals).toEqual([
        { currencyCode: 'USD', itemsTotal: 13091, deliveryFeesTotal: 1000, cartTotal: 14091 },
        { currencyCode: 'INR', itemsTotal: 48000, deliveryFeesTotal: 4000, cartTotal: 52000 },
      ]);
    });

    it('is valid: 80.91 on delivery dates reaches the 20.00 minimum of the biryani', () => {
      expect(result.errors).toEqual([]);
      expect(result.isValid).toBe(true);
    });
  });

  describe('delivery fee rules', () => {
    it('charges the same chef again on another date', () => {
      // Biryani × 3 on 06-10 and Paneer × 2 on 06-11, both delivery at PM_5_7: two trips, 5.00 + 3.00.
      const result = sut([
        line(biryani, '8.99', 3, [on('2025-06-10', DELIVERY, 'PM_5_7')]),
        line(paneer, '12.50', 2, [on('2025-06-11', DELIVERY, 'PM_5_7')]),
      ]);
      expect(result.deliveryFees.map((f) => [f.date, f.amount])).toEqual([
        ['2025-06-10', 500],
        ['2025-06-11', 300],
      ]);
      // 26.97 + 25.00 + 5.00 + 3.00 = 59.97
      expect(result.totals[0]?.cartTotal).toBe(5997);
    });

    it('charges again when the first slot of the same date differs', () => {
      // Line 0 on 06-10 starts at PM_5_7; line 1 on 06-10 starts at AM_9_11: two trips.
      const result = sut([
        line(biryani, '8.99', 3, [on('2025-06-10', DELIVERY, 'PM_5_7')]),
        line(paneer, '12.50', 2, [on('2025-06-10', DELIVERY, 'AM_9_11', 'PM_5_7')]),
      ]);
      expect(result.deliveryFees.map((f) => [f.firstTimeSlot, f.amount, f.chargedToLine])).toEqual([
        ['PM_5_7', 500, 0],
        ['AM_9_11', 300, 1],
      ]);
    });

    it('charges one fee for a date with several slots (the first slot identifies the trip)', () => {
      // 8.99 × 3 × 3 slots = 80.91 + one fee 5.00 = 85.91
      const result = sut([
        line(biryani, '8.99', 3, [on('2025-06-10', DELIVERY, 'AM_9_11', 'PM_3_5', 'PM_5_7')]),
      ]);
      expect(result.deliveryFees).toHaveLength(1);
      expect(result.totals[0]?.cartTotal).toBe(8591);
    });

    it('charges the highest fee of a shared trip, to the line that carries it, whatever the cart order', () => {
      // Paneer (3.00) first, Biryani (5.00) second, same trip: 5.00 charged to line 1.
      const result = sut([
        line(paneer, '12.50', 2, [on('2025-06-10', DELIVERY, 'PM_5_7')]),
        line(biryani, '8.99', 3, [on('2025-06-10', DELIVERY, 'PM_5_7')]),
      ]);
      expect(result.deliveryFees.map((f) => [f.amount, f.chargedToLine])).toEqual([[500, 1]]);
      expect(result.lines.map((l) => l.distributedFees)).toEqual([0, 500]);
      // 25.00 + 26.97 + 5.00 = 56.97 in either order
      expect(result.totals[0]?.cartTotal).toBe(5697);
    });

    it('charges an equal fee to the earliest line', () => {
      const other = { ...biryani, id: 'item-korma', name: 'Chicken Korma' };
      const result = sut([
        line(biryani, '8.99', 3, [on('2025-06-10', DELIVERY, 'PM_5_7')]),
        line(other, '9.99', 3, [on('2025-06-10', DELIVERY, 'PM_5_7')]),
      ]);
      expect(result.lines.map((l) => l.distributedFees)).toEqual([500, 0]);
    });

    it('does not merge trips of different chefs on the same date and slot', () => {
      const chefC = { ...paneer, id: 'item-c', publisherId: 'chef-c' };
      const result = sut([
        line(paneer, '12.50', 2, [on('2025-06-10', DELIVERY, 'PM_5_7')]),
        line(chefC, '12.50', 2, [on('2025-06-10', DELIVERY, 'PM_5_7')]),
      ]);
      expect(result.lines.map((l) => l.distributedFees)).toEqual([300, 300]);
      expect(result.totals[0]?.cartTotal).toBe(5600); // 25.00 + 25.00 + 3.00 + 3.00
    });

    it('never charges pickup lines, even with a fee on the item', () => {
      const result = sut([
        line(biryani, '8.99', 3, [on('2025-06-10', PICKUP, 'PM_5_7'), on('2025-06-11', PICKUP, 'PM_5_7')]),
      ]);
      expect(result.deliveryFees).toEqual([]);
      expect(result.lines[0]?.distributedFees).toBe(0);
      expect(result.totals[0]?.cartTotal).toBe(5394); // 8.99 × 3 × 2 dates
    });

    it('does not let a pickup line of the same chef and date take or share a delivery trip', () => {
      // Paneer is picked up on 06-10, Biryani delivered on 06-10: one fee (5.00), on the biryani.
      const result = sut([
        line(paneer, '12.50', 2, [on('2025-06-10', PICKUP, 'PM_5_7')]),
        line(biryani, '8.99', 3, [on('2025-06-10', DELIVERY, 'PM_5_7')]),
      ]);
      expect(result.deliveryFees.map((f) => [f.amount, f.lines])).toEqual([[500, [1]]]);
    });

    it('lists no charge for items without a fee, and none for a delivery date without slots', () => {
      const free = { ...paneer, deliveryFees: null };
      const result = sut([
        line(free, '12.50', 2, [on('2025-06-10', DELIVERY, 'PM_5_7')]),
        line(biryani, '8.99', 3, [on('2025-06-11', DELIVERY)]),
      ]);
      expect(result.deliveryFees).toEqual([]);
      expect(result.totals[0]?.cartTotal).toBe(2500);
    });

    it('refuses a negative fee', () => {
      const bad = { ...paneer, deliveryFees: '-1' };
      expect(() => sut([line(bad, '1', 1, [on('2025-06-10', DELIVERY, 'PM_5_7')])])).toThrow(RangeError);
    });
  });

  describe('minimum delivery amount', () => {
    it('is not met by 1 × 8.99 against 20.00: the cart is invalid and says so', () => {
      const result = sut([line(biryani, '8.99', 1, [on('2025-06-10', DELIVERY, 'PM_5_7')], 'ci-9')]);
      expect(result.isValid).toBe(false);
      expect(result.errors).toEqual([
        {
          code: 'DELIVERY_MINIMUM_NOT_MET',
          lineIndex: 0,
          lineKey: 'ci-9',
          itemId: 'item-biryani',
          itemName: 'Chicken Biryani',
          currencyCode: 'USD',
          minimum: 2000,
          deliveryAmount: 899,
          message: 'Add more of "Chicken Biryani": delivery needs a minimum of $20.00.',
        },
      ]);
    });

    it('is met exactly: 10.00 × 2 = 20.00 against 20.00', () => {
      const result = sut([line(biryani, '10', 2, [on('2025-06-10', DELIVERY, 'PM_5_7')])]);
      expect(result.isValid).toBe(true);
    });

    it('is missed by one cent: 9.995 × 2 = 19.99 against 20.00', () => {
      const result = sut([line(biryani, '9.995', 2, [on('2025-06-10', DELIVERY, 'PM_5_7')])]);
      expect(result.lines[0]?.itemTotal).toBe(1999);
      expect(result.errors.map((e) => e.deliveryAmount)).toEqual([1999]);
    });

    it('counts several delivery dates: 8.99 × 1 × 3 dates = 26.97 reaches 20.00', () => {
      const dates = ['2025-06-10', '2025-06-11', '2025-06-12'].map((d) => on(d, DELIVERY, 'PM_5_7'));
      expect(sut([line(biryani, '8.99', 1, dates)]).isValid).toBe(true);
    });

    it('does not count pickup dates or delivery fees', () => {
      // 8.99 × 2 = 17.98 on the delivery date (+ 5.00 fee = 22.98) and 17.98 on a pickup date: still short.
      const result = sut([
        line(biryani, '8.99', 2, [on('2025-06-10', DELIVERY, 'PM_5_7'), on('2025-06-11', PICKUP, 'PM_5_7')]),
      ]);
      expect(result.lines[0]?.netAmount).toBe(4096); // 35.96 + 5.00
      expect(result.errors.map((e) => [e.deliveryAmount, e.minimum])).toEqual([[1798, 2000]]);
    });

    it('does not apply to a pickup-only line', () => {
      const result = sut([line(biryani, '8.99', 1, [on('2025-06-10', PICKUP, 'PM_5_7')])]);
      expect(result.isValid).toBe(true);
    });

    it('checks each line on its own, even when another line of the chef shares the trip', () => {
      // Paneer × 2 (25.00) shares the trip but does not count toward the biryani's minimum.
      const result = sut([
        line(paneer, '12.50', 2, [on('2025-06-10', DELIVERY, 'PM_5_7')]),
        line(biryani, '8.99', 1, [on('2025-06-10', DELIVERY, 'PM_5_7')]),
      ]);
      expect(result.errors.map((e) => e.lineIndex)).toEqual([1]);
    });

    it('formats the minimum in the chef currency', () => {
      const dosaWithMinimum = { ...dosa, deliveryMinimumAmount: '1500' };
      const result = sut([line(dosaWithMinimum, '120', 4, [on('2025-06-10', DELIVERY, 'LUNCH_12PM')])]);
      expect(result.errors.map((e) => e.message)).toEqual([
        'Add more of "Masala Dosa": delivery needs a minimum of ₹1,500.00.',
      ]);
    });

    it('formats the message in a given locale', () => {
      expect(deliveryMinimumMessage('Chicken Biryani', 2000, 'CAD', 'en-US')).toBe(
        'Add more of "Chicken Biryani": delivery needs a minimum of CA$20.00.',
      );
    });
  });

  describe('totals and edge cases', () => {
    it('adds 0.10 and 0.20 to exactly 0.30', () => {
      const result = sut([
        line(paneer, 0.1, 1, [on('2025-06-10', PICKUP, 'PM_5_7')]),
        line(paneer, 0.2, 1, [on('2025-06-11', PICKUP, 'PM_5_7')]),
      ]);
      expect(result.totals).toEqual([
        { currencyCode: 'USD', itemsTotal: 30, deliveryFeesTotal: 0, cartTotal: 30 },
      ]);
    });

    it('gives an empty cart no lines and no totals, and calls it valid', () => {
      expect(sut([])).toEqual({
        lines: [],
        deliveryFees: [],
        totalsByPublisher: [],
        totals: [],
        errors: [],
        isValid: true,
      });
    });

    it('defaults a missing currency to USD and keys lines by tempId or position', () => {
      const noCurrency = { ...paneer, currencyCode: undefined };
      const result = sut([
        { ...line(noCurrency, '1', 1, [on('2025-06-10', PICKUP, 'PM_5_7')]), tempId: 't-1' },
        line(noCurrency, '1', 1, [on('2025-06-10', PICKUP, 'PM_5_7')]),
      ]);
      expect(result.lines.map((l) => [l.key, l.currencyCode])).toEqual([
        ['t-1', 'USD'],
        ['#1', 'USD'],
      ]);
    });

    it('keeps the line total and the per-date split consistent for sub-cent prices', () => {
      // 0.333 × 1 × 3 slots = 0.999 → 1.00, split over dates with 1 and 2 slots: 0.33 + 0.67.
      const result = sut([
        line(paneer, '0.333', 1, [
          on('2025-06-10', PICKUP, 'PM_5_7'),
          on('2025-06-11', PICKUP, 'AM_9_11', 'PM_5_7'),
        ]),
      ]);
      expect(result.lines[0]?.itemTotal).toBe(100);
      expect(result.lines[0]?.perDate.map((d) => d.itemTotal)).toEqual([33, 67]);
    });

    it('marks catering items and prices them by the same rules', () => {
      const result = sut([
        { ...line(biryani, '8.99', 3, [on('2025-06-10', PICKUP, 'PM_5_7')]), isCateringItem: true },
      ]);
      expect(result.lines[0]?.isCateringItem).toBe(true);
      expect(result.lines[0]?.itemTotal).toBe(2697);
    });

    it('refuses one chef selling in two currencies', () => {
      const inInr = { ...paneer, currencyCode: 'INR' };
      expect(() =>
        sut([
          line(paneer, '1', 1, [on('2025-06-10', PICKUP, 'PM_5_7')]),
          line(inInr, '1', 1, [on('2025-06-10', PICKUP, 'PM_5_7')]),
        ]),
      ).toThrow(/two currencies/);
    });
  });
});
