import { describe, expect, it } from 'vitest';
import { COUNTRIES, currencyForCountry, distanceUnitForCountry, findCountry } from './countries.js';
import { DEFAULTS, isForbiddenPageId } from './defaults.js';
import { genericErrorMessage, invalidIdMessage, unmatchedRouteMessage } from './messages.js';
import { slotStartHour, TimeSlot, TIME_SLOTS, TIME_SLOTS_BY_START } from './time-slots.js';

describe('isForbiddenPageId', () => {
  it.each([
    'index.html',
    'robots.txt',
    'app.js.map',
    'logo-min.png',
    'highlight-client-worker',
    'image-bitmap-data-url-worker.js',
    'callback#state=abc',
    'chef-anna.html',
  ])('rejects %j', (id) => {
    expect(isForbiddenPageId(id)).toBe(true);
  });

  it.each(['chef-anna', 'annas-kitchen', 'html', 'txt', 'logo.png', 'state=1'])('accepts %j', (id) => {
    expect(isForbiddenPageId(id)).toBe(false);
  });
});

describe('genericErrorMessage', () => {
  it('uses the error title and status (spec §8)', () => {
    expect(genericErrorMessage('Bad Request', 400)).toBe(
      'Error: Bad Request - 400 - Logout and Login Again, If Required. Or Contact Support.',
    );
  });

  it('falls back to "Something went wrong" without a title', () => {
    expect(genericErrorMessage(undefined, 500)).toBe(
      'Error: Something went wrong - 500 - Logout and Login Again, If Required. Or Contact Support.',
    );
    expect(genericErrorMessage('', '503')).toBe(
      'Error: Something went wrong - 503 - Logout and Login Again, If Required. Or Contact Support.',
    );
  });

  it('builds the not-found texts of spec §8', () => {
    expect(invalidIdMessage('/index.html')).toBe('Page Not Found: /index.html');
    expect(unmatchedRouteMessage('/nope')).toBe('Page not found: /nope');
  });
});

describe('findCountry', () => {
  it('finds by ISO code or name, case-insensitively and trimmed', () => {
    expect(findCountry('IN')?.name).toBe('India');
    expect(findCountry('in')?.currencyCode).toBe('INR');
    expect(findCountry(' united states ')?.code).toBe('US');
    expect(findCountry('Malaysia')?.currencyCode).toBe('MYR');
  });

  it('finds nothing for unknown, empty or missing input', () => {
    expect(findCountry('France')).toBeUndefined();
    expect(findCountry('')).toBeUndefined();
    expect(findCountry(null)).toBeUndefined();
  });

  it('holds the six spec countries with their currencies', () => {
    expect(COUNTRIES.map((c) => `${c.code}:${c.currencyCode}`)).toEqual([
      'US:USD',
      'IN:INR',
      'CA:CAD',
      'SG:SGD',
      'MY:MYR',
      'AU:AUD',
    ]);
  });

  it('gives miles in the US, km elsewhere, and USD/miles for unknown countries', () => {
    expect(distanceUnitForCountry('US')).toBe('miles');
    expect(distanceUnitForCountry('Canada')).toBe('km');
    expect(distanceUnitForCountry('Atlantis')).toBe('miles');
    expect(currencyForCountry('AU')).toBe('AUD');
    expect(currencyForCountry(undefined)).toBe('USD');
  });
});

describe('time slots', () => {
  it.each([
    ['BREAKFAST_8AM', 8],
    ['AM_1_5AM', 1],
    ['AM_7_9', 7],
    ['AM_9_11', 9],
    ['AM_11_1PM', 11],
    ['LUNCH_12PM', 12],
    ['PM_1_3', 13],
    ['PM_3_5', 15],
    ['SNACK_3PM', 15],
    ['PM_5_7', 17],
    ['DINNER_7PM', 19],
    ['PM_7_9', 19],
    ['PM_8_10', 20],
    ['DINNER_9PM', 21],
    ['PM_9_11', 21],
    ['PM_11_1AM', 23],
  ] as const)('%s starts at %i:00', (slot, hour) => {
    expect(slotStartHour(slot)).toBe(hour);
  });

  it('describes every slot of spec §9, and only those', () => {
    expect(Object.keys(TIME_SLOTS).sort()).toEqual(Object.values(TimeSlot).sort());
    expect(Object.values(TimeSlot)).toHaveLength(16);
  });

  it('has end hours after the start, or past midnight for PM_11_1AM only', () => {
    const overnight = Object.entries(TIME_SLOTS)
      .filter(([, s]) => s.end <= s.start)
      .map(([k]) => k);
    expect(overnight).toEqual(['PM_11_1AM']);
  });

  it('orders slots by start hour, ties in table order', () => {
    expect(TIME_SLOTS_BY_START[0]).toBe('AM_1_5AM');
    expect(TIME_SLOTS_BY_START.at(-1)).toBe('PM_11_1AM');
    expect(TIME_SLOTS_BY_START.indexOf('PM_3_5')).toBeLessThan(TIME_SLOTS_BY_START.indexOf('SNACK_3PM'));
    const starts = TIME_SLOTS_BY_START.map(slotStartHour);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });
});

describe('DEFAULTS', () => {
  it('carries the spec §9 constants', () => {
    expect(DEFAULTS.searchDistance).toBe(15);
    expect(DEFAULTS.maxAllowedOrders).toBe(10);
    expect(DEFAULTS.chefPrice).toBe('8.99');
    expect(DEFAULTS.vsFees).toBe('0.2');
    expect(DEFAULTS.pageSize).toBe(3);
  });
});
