import { describe, expect, it } from 'vitest';
import {
  expandAhead,
  expandCalendarDates,
  expandMenuDates,
  isOpenForOrders,
  slotWindows,
  type MenuSchedule,
} from './menu-schedule.js';

const base: MenuSchedule = {
  menuType: 'RECURRING',
  timeZone: 'America/New_York',
  deliveryDate: '2026-11-23',
  occurrence: 'weeks',
  repeatsEvery: 1,
  timeSlots: ['PM_5_7'],
};

describe('expandCalendarDates', () => {
  it('gives the single date of a one-time menu', () => {
    expect(expandCalendarDates({ ...base, menuType: 'ONETIME', occurrence: 'onetime' })).toEqual([
      '2026-11-23',
    ]);
  });

  it('repeats every 2 days until an end date, inclusive', () => {
    const sut = expandCalendarDates({
      ...base,
      deliveryDate: '2026-12-01',
      occurrence: 'days',
      repeatsEvery: 2,
      endsOnOrAfter: 'On',
      endsOnDate: '2026-12-07',
    });
    expect(sut).toEqual(['2026-12-01', '2026-12-03', '2026-12-05', '2026-12-07']);
  });

  it('ends after the default 3 occurrences', () => {
    expect(expandCalendarDates({ ...base, occurrence: 'days' })).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
  });

  it('repeats weekly on chosen weekdays and ends after N occurrences', () => {
    const sut = expandCalendarDates({ ...base, repeatsOn: ['MO', 'WE', 'FR'], endsAfterOccurrences: 4 });
    expect(sut).toEqual(['2026-11-23', '2026-11-25', '2026-11-27', '2026-11-30']);
  });

  it('repeats every other week on the weekday of the first date by default', () => {
    const sut = expandCalendarDates({ ...base, deliveryDate: '2026-11-27', repeatsEvery: 2 });
    expect(sut).toEqual(['2026-11-27', '2026-12-11', '2026-12-25']);
  });

  it('repeats monthly on the same day and skips months without it', () => {
    const sut = expandCalendarDates({ ...base, deliveryDate: '2027-01-31', occurrence: 'months' });
    expect(sut).toEqual(['2027-01-31', '2027-03-31', '2027-05-31']);
  });

  it('repeats monthly on the same weekday of the month (2nd Tuesday)', () => {
    const sut = expandCalendarDates({
      ...base,
      deliveryDate: '2026-11-10',
      occurrence: 'months',
      monthRepeatsOn: 'WEEKDAY_OF_MONTH',
    });
    expect(sut).toEqual(['2026-11-10', '2026-12-08', '2027-01-12']);
  });

  it('refuses a malformed date', () => {
    expect(() => expandCalendarDates({ ...base, deliveryDate: '2026-02-30' })).toThrow(/not a calendar date/);
  });
});

describe('expandMenuDates across daylight saving', () => {
  it('keeps a 5 PM slot at 5 PM local when New York leaves DST (2026-11-01)', () => {
    const sut = expandMenuDates({
      ...base,
      deliveryDate: '2026-10-30',
      repeatsOn: ['FR'],
      endsAfterOccurrences: 2,
    });
    expect(sut.map((o) => o.date)).toEqual(['2026-10-30', '2026-11-06']);
    expect(sut[0].slots[0].startsAt.toISOString()).toBe('2026-10-30T21:00:00.000Z'); // EDT, UTC-4
    expect(sut[1].slots[0].startsAt.toISOString()).toBe('2026-11-06T22:00:00.000Z'); // EST, UTC-5
    expect(sut[1].slots[0].endsAt.toISOString()).toBe('2026-11-07T00:00:00.000Z');
  });

  it('keeps slots when New York enters DST (2027-03-14)', () => {
    const sut = expandMenuDates({
      ...base,
      deliveryDate: '2027-03-13',
      occurrence: 'days',
      timeSlots: ['AM_9_11'],
    });
    expect(sut.map((o) => o.slots[0].startsAt.toISOString())).toEqual([
      '2027-03-13T14:00:00.000Z',
      '2027-03-14T13:00:00.000Z',
      '2027-03-15T13:00:00.000Z',
    ]);
  });

  it('is a constant offset in a zone without DST (Asia/Kolkata, UTC+5:30)', () => {
    const sut = expandMenuDates({
      ...base,
      timeZone: 'Asia/Kolkata',
      deliveryDate: '2026-10-30',
      repeatsOn: ['FR'],
      endsAfterOccurrences: 2,
    });
    expect(sut.map((o) => o.slots[0].startsAt.toISOString())).toEqual([
      '2026-10-30T11:30:00.000Z',
      '2026-11-06T11:30:00.000Z',
    ]);
  });

  it('orders slots by start hour and lets a late slot end the next day', () => {
    const [sut] = expandMenuDates({ ...base, menuType: 'ONETIME', timeSlots: ['PM_11_1AM', 'AM_9_11'] });
    expect(sut.slots.map((s) => s.slot)).toEqual(['AM_9_11', 'PM_11_1AM']);
    expect(sut.slots[1].endsAt.toISOString()).toBe('2026-11-24T06:00:00.000Z');
  });
});

describe('cut-off', () => {
  const schedule = { timeZone: 'America/New_York', timeSlots: ['PM_5_7' as const] };

  it('is N calendar days before the slot at the same local hour, across a DST change', () => {
    const [sut] = slotWindows(
      { ...schedule, stopOrdersType: 'Days', stopOrdersByDaysOrHours: 2 },
      '2026-11-02',
    );
    expect(sut.startsAt.toISOString()).toBe('2026-11-02T22:00:00.000Z');
    expect(sut.cutoffAt.toISOString()).toBe('2026-10-31T21:00:00.000Z'); // 5 PM EDT on Oct 31
  });

  it('is N elapsed hours before the slot', () => {
    const [sut] = slotWindows(
      { ...schedule, stopOrdersType: 'Hours', stopOrdersByDaysOrHours: 48 },
      '2026-11-02',
    );
    expect(sut.cutoffAt.toISOString()).toBe('2026-10-31T22:00:00.000Z'); // 6 PM EDT
  });

  it('defaults to the slot start when no cut-off is set', () => {
    const [sut] = slotWindows(schedule, '2026-11-02');
    expect(sut.cutoffAt).toEqual(sut.startsAt);
    expect(isOpenForOrders(sut, new Date('2026-11-02T21:59:59Z'))).toBe(true);
    expect(isOpenForOrders(sut, new Date('2026-11-02T22:00:00Z'))).toBe(false);
  });
});

describe('expandAhead (auto-extended menus)', () => {
  const weekly: MenuSchedule = {
    ...base,
    deliveryDate: '2026-10-02',
    repeatsOn: ['FR'],
    endsAfterOccurrences: 2,
  };

  it('keeps the next N orderable dates from today on, whatever the end rule says', () => {
    const sut = expandAhead(weekly, new Date('2026-11-18T12:00:00Z'), 3);
    expect(sut.map((o) => o.date)).toEqual(['2026-11-20', '2026-11-27', '2026-12-04']);
  });

  it('includes today when its cut-off has passed but does not count it', () => {
    // Friday 2026-11-20, 6 PM in New York: the 5 PM slot has started.
    const sut = expandAhead(weekly, new Date('2026-11-20T23:00:00Z'), 2);
    expect(sut.map((o) => o.date)).toEqual(['2026-11-20', '2026-11-27', '2026-12-04']);
  });

  it('moves forward as days pass, so running it daily extends the menu', () => {
    const monday = expandAhead(weekly, new Date('2026-11-16T12:00:00Z'), 2).map((o) => o.date);
    const nextMonday = expandAhead(weekly, new Date('2026-11-23T12:00:00Z'), 2).map((o) => o.date);
    expect(monday).toEqual(['2026-11-20', '2026-11-27']);
    expect(nextMonday).toEqual(['2026-11-27', '2026-12-04']);
  });

  it('gives the one date of a one-time menu', () => {
    expect(
      expandAhead(
        { ...base, menuType: 'ONETIME', occurrence: 'onetime' },
        new Date('2026-11-01T00:00:00Z'),
        3,
      ).map((o) => o.date),
    ).toEqual(['2026-11-23']);
  });
});
