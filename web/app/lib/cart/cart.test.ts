import { describe, expect, it } from 'vitest';
import { HOBOKEN, PRIYA, cartDto } from '~/test/cart-fixtures';
import { groupCart, lineFactors, toCart } from './cart';

describe('groupCart', () => {
  const chefs = groupCart(toCart(cartDto));

  it('groups the lines by chef in cart order, then by date, soonest first', () => {
    expect(chefs.map((c) => c.publisherId)).toEqual([PRIYA, HOBOKEN]);
    expect(chefs[0].dates.map((d) => [d.date, d.rows.map((r) => r.line.item.name)])).toEqual([
      ['2026-11-24', ['Dal Tadka', 'Butter Chicken']],
      ['2026-11-26', ['Dal Tadka']],
    ]);
  });

  it('puts each delivery fee of the API once, under its chef and date, however many lines share the trip', () => {
    expect(
      chefs[0].dates.map((d) => d.fees.map((f) => [f.firstTimeSlot, f.amount, f.cartItemIds.length])),
    ).toEqual([[['PM_5_7', '4.99', 2]], [['PM_5_7', '4.99', 1]]]);
    expect(chefs[1].dates[0].fees.map((f) => f.amount)).toEqual(['3.99']);
    expect(chefs.flatMap((c) => c.dates.flatMap((d) => d.fees))).toHaveLength(cartDto.deliveryFees.length);
  });

  it("keeps each chef's totals and the per-date amounts as the API priced them", () => {
    expect(chefs[0].totals).toMatchObject({ itemsTotal: '47.00', deliveryFeesTotal: '9.98', total: '56.98' });
    expect(chefs[0].dates[0].rows.map((r) => r.date.itemTotal)).toEqual(['9.00', '29.00']);
  });

  it('names the factors of a line total: price × quantity × slots × dates', () => {
    expect(lineFactors(toCart(cartDto).cartItems[0])).toEqual({ slotsPerDate: 1, dates: 2, slotCount: 2 });
    const uneven = { ...toCart(cartDto).cartItems[0], slotCount: 3 };
    uneven.dates = [{ ...uneven.dates[0], timeSlots: ['LUNCH_12PM', 'PM_5_7'] }, uneven.dates[1]];
    expect(lineFactors(uneven)).toEqual({ slotsPerDate: null, dates: 2, slotCount: 3 });
  });

  it('reads a partial answer without breaking', () => {
    expect(toCart({ cartItems: null })).toMatchObject({
      cartItems: [],
      deliveryFees: [],
      totals: [],
      isValid: true,
      removed: [],
    });
    expect(toCart(null).cartItems).toEqual([]);
  });
});
