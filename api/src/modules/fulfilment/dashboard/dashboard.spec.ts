import { describe, expect, it } from 'vitest';
import { dashboardWindow, fillWeeks, mondayOf, plusDays, share } from './dashboard.js';

describe('dashboard windows', () => {
  it('starts weeks on Monday, across month and year ends', () => {
    expect(mondayOf('2026-11-25')).toBe('2026-11-23'); // a Wednesday
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(plusDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('gives the last N weeks ending with this one, and today ± days', () => {
    expect(dashboardWindow('2026-11-25', 3, 2)).toEqual({
      today: '2026-11-25',
      weeks: ['2026-11-09', '2026-11-16', '2026-11-23'],
      from: '2026-11-09',
      to: '2026-11-29',
      datesFrom: '2026-11-23',
      datesTo: '2026-11-27',
    });
  });

  it('fills the weeks without rows with zeros, keeping the rows given', () => {
    const rows = fillWeeks(['2026-11-09', '2026-11-16'], [{ week: '2026-11-16', n: 4 }], (week) => ({
      week,
      n: 0,
    }));
    expect(rows).toEqual([
      { week: '2026-11-09', n: 0 },
      { week: '2026-11-16', n: 4 },
    ]);
  });

  it('rounds shares to 4 decimals and gives 0 for nothing', () => {
    expect(share(1, 3)).toBe(0.3333);
    expect(share(2, 3)).toBe(0.6667);
    expect(share(0, 0)).toBe(0);
  });
});
