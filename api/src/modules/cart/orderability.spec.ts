import { describe, expect, it } from 'vitest';
import { ItemStatus, PublisherStatus, StopOrdersType, type DeliveryOption, dayLabel } from '@hearth/shared';
import type { CatalogItem, OfferedDate } from './catalog.reader.js';
import { capacityMessage, dateUnavailable, itemUnavailable, portions, slotCutoff } from './orderability.js';

const item = (over: Partial<CatalogItem> = {}): CatalogItem => ({
  id: 'i1',
  name: 'Masala Dosa',
  itemStatus: ItemStatus.ACTIVE,
  isChefBlocked: false,
  deliveryOptions: ['PICKUP', 'DELIVERY'],
  deliveryFees: '0',
  deliveryMinimumAmount: '0',
  pictures: [],
  publisherId: 'p1',
  publisherStatus: PublisherStatus.APPROVED,
  kitchenName: 'k',
  currencyCode: 'USD',
  publisherTimeZone: 'America/New_York',
  chefConsumerId: 'c1',
  chefEmail: null,
  chefName: null,
  pricingOptions: [],
  ...over,
});

// 2025-11-24 is a Monday; 5 PM in New York is 22:00Z.
const offer = (over: Partial<OfferedDate> = {}): OfferedDate => ({
  itemId: 'i1',
  date: '2025-11-24',
  menuId: 'm1',
  timeSlots: ['PM_5_7', 'PM_7_9'],
  startsAt: new Date('2025-11-24T22:00:00Z'),
  cutoffAt: new Date('2025-11-24T20:00:00Z'),
  timeZone: 'America/New_York',
  stopOrdersType: StopOrdersType.HOURS,
  stopOrdersByDaysOrHours: 2,
  cateringEnabled: true,
  stopOrdersTypeForCatering: StopOrdersType.DAYS,
  stopOrdersByDaysOrHoursForCatering: 2,
  associatedAddressId: null,
  isPrivate: false,
  kitchenCode: null,
  ...over,
});

const wanted = (deliveryOption: DeliveryOption = 'DELIVERY', timeSlots = ['PM_5_7'] as const) => ({
  date: '2025-11-24',
  timeSlots: [...timeSlots],
  deliveryOption,
});
const at = (iso: string, isCatering = false) => ({
  now: new Date(iso),
  isCatering,
  pickupLocationIds: new Set<string>(),
});

describe('orderability', () => {
  it('words capacity as a customer reads it', () => {
    expect(dayLabel('2025-11-24')).toBe('Mon, Nov 24');
    expect(capacityMessage('Pad Thai', '2025-11-24', 3)).toBe(
      'Only 3 portions of "Pad Thai" are left for Mon, Nov 24.',
    );
    expect(capacityMessage('Pad Thai', '2025-11-24', 1)).toBe(
      'Only 1 portion of "Pad Thai" is left for Mon, Nov 24.',
    );
    expect(capacityMessage('Pad Thai', '2025-11-24', 0)).toBe('"Pad Thai" is sold out for Mon, Nov 24.');
  });

  it('counts a portion per unit and slot', () => {
    expect(portions(3, ['PM_5_7', 'PM_7_9'])).toBe(6);
    expect(portions(2, ['PM_5_7'])).toBe(2);
  });

  it('refuses items that cannot be sold at all', () => {
    expect(itemUnavailable(item())).toBeNull();
    expect(itemUnavailable(item({ itemStatus: ItemStatus.HIDDEN }))?.reason).toBe('ITEM_HIDDEN');
    expect(itemUnavailable(item({ itemStatus: ItemStatus.DELETED }))?.reason).toBe('ITEM_DELETED');
    expect(itemUnavailable(item({ isChefBlocked: true }))?.reason).toBe('CHEF_BLOCKED');
    expect(itemUnavailable(item({ publisherStatus: PublisherStatus.PENDING }))?.reason).toBe('CHEF_BLOCKED');
  });

  it("closes each slot at its own cut-off, never later than the date's, and earlier for catering", () => {
    const o = offer({ cutoffAt: new Date('2025-11-25T00:00:00Z') });
    expect(slotCutoff(o, 'PM_5_7', false).toISOString()).toBe('2025-11-24T20:00:00.000Z'); // 5 PM − 2 h
    expect(slotCutoff(o, 'PM_7_9', false).toISOString()).toBe('2025-11-24T22:00:00.000Z'); // 7 PM − 2 h
    expect(slotCutoff(offer(), 'PM_7_9', false).toISOString()).toBe('2025-11-24T20:00:00.000Z'); // the date's own cut-off
    expect(slotCutoff(o, 'PM_5_7', true).toISOString()).toBe('2025-11-22T22:00:00.000Z'); // 2 days before 5 PM
  });

  it('checks offer, fulfilment, slot, catering and cut-off in that order', () => {
    const ok = at('2025-11-24T19:00:00Z');
    expect(dateUnavailable(item(), wanted(), [offer()], ok)).toBeNull();
    expect(dateUnavailable(item(), wanted(), [], ok)?.message).toBe(
      '"Masala Dosa" is not offered on Mon, Nov 24.',
    );
    expect(
      dateUnavailable(item({ deliveryOptions: ['PICKUP'] }), wanted('DELIVERY'), [offer()], ok)?.message,
    ).toBe('"Masala Dosa" is not available for delivery.');
    expect(dateUnavailable(item(), { ...wanted(), timeSlots: ['AM_9_11'] }, [offer()], ok)?.reason).toBe(
      'SLOT_NOT_OFFERED',
    );
    expect(
      dateUnavailable(item(), wanted(), [offer({ cateringEnabled: false })], at('2025-11-20T00:00:00Z', true))
        ?.reason,
    ).toBe('CATERING_UNAVAILABLE');
    const late = dateUnavailable(item(), wanted(), [offer()], at('2025-11-24T20:00:00Z'));
    expect(late?.reason).toBe('CUTOFF_PASSED');
    expect(late?.message).toBe(
      'Orders for "Masala Dosa" on Mon, Nov 24 closed on Mon, Nov 24 at 3:00 PM EST.',
    );
    expect(
      dateUnavailable(item(), { ...wanted('PICKUP'), pickupLocationId: 'elsewhere' }, [offer()], ok)?.reason,
    ).toBe('UNKNOWN_PICKUP_LOCATION');
  });

  it("orders a private menu's date only with the kitchen's current code", () => {
    const ok = at('2025-11-24T19:00:00Z');
    const secret = offer({ isPrivate: true, kitchenCode: 'K7M2XQ9P' });
    expect(dateUnavailable(item(), wanted(), [secret], ok)?.reason).toBe('CODE_REQUIRED');
    expect(dateUnavailable(item(), wanted(), [secret], { ...ok, accessCode: 'OLDCODE1' })?.reason).toBe(
      'CODE_REQUIRED',
    );
    expect(dateUnavailable(item(), wanted(), [secret], { ...ok, accessCode: 'k7m2xq9p' })).toBeNull();
    // A kitchen without a code opens its private menus to nobody.
    expect(
      dateUnavailable(item(), wanted(), [offer({ isPrivate: true })], { ...ok, accessCode: 'ANYTHING' })
        ?.reason,
    ).toBe('CODE_REQUIRED');
    // The same item on a public menu that date is orderable without a code, through that menu only.
    expect(dateUnavailable(item(), wanted(), [secret, offer({ menuId: 'm2' })], ok)).toBeNull();
  });

  it('accepts a slot another menu of the same date still takes orders for', () => {
    const closed = offer({ cutoffAt: new Date('2025-11-24T18:00:00Z') });
    const open = offer({
      menuId: 'm2',
      cutoffAt: new Date('2025-11-24T23:00:00Z'),
      stopOrdersByDaysOrHours: 0,
    });
    expect(dateUnavailable(item(), wanted(), [closed, open], at('2025-11-24T21:00:00Z'))).toBeNull();
  });
});
