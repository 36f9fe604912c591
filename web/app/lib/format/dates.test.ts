import { describe, expect, it } from 'vitest';
import { dayLabel } from '@hearth/shared';
import {
  cutoffShortLabel,
  dateIn,
  displayZone,
  instantLabel,
  slotsLabel,
  zoneAbbreviation,
  zoneName,
} from './dates';

describe('one clock: the zone a kitchen’s times are shown in', () => {
  it('is the kitchen’s zone whatever the viewer’s (a server in UTC, a browser elsewhere)', () => {
    expect(displayZone('America/New_York', 'UTC')).toBe('America/New_York');
    expect(displayZone('America/New_York', 'America/Los_Angeles')).toBe('America/New_York');
    expect(displayZone('Asia/Kolkata', undefined)).toBe('Asia/Kolkata');
  });

  it('falls back to the viewer’s zone only when the kitchen’s is unknown or not a zone, then to UTC', () => {
    expect(displayZone(null, 'America/Chicago')).toBe('America/Chicago');
    expect(displayZone('Mars/Olympus_Mons', 'America/Chicago')).toBe('America/Chicago');
    expect(displayZone(undefined, 'nowhere')).toBe('UTC');
  });

  it('names the zone as people say it', () => {
    expect(zoneName('America/New_York')).toBe('New York time');
    expect(zoneName('America/Indiana/Indianapolis')).toBe('Indianapolis time');
    expect(zoneName('Asia/Kolkata')).toBe('Kolkata time');
    expect(zoneName('UTC')).toBe('UTC');
    expect(zoneName('Etc/UTC')).toBe('UTC');
  });
});

describe('labels', () => {
  it('writes an instant in the given zone with the zone’s short name, standard and daylight time', () => {
    expect(instantLabel('2026-11-27T23:00:00Z', 'America/New_York')).toBe('Fri, Nov 27, 6:00 PM EST');
    expect(instantLabel('2026-07-03T22:00:00Z', 'America/New_York')).toBe('Fri, Jul 3, 6:00 PM EDT');
    expect(instantLabel('2026-11-27T23:00:00Z', 'America/Los_Angeles')).toBe('Fri, Nov 27, 3:00 PM PST');
    // The same instant is already Saturday in Kolkata.
    expect(instantLabel('2026-11-27T23:00:00Z', 'Asia/Kolkata')).toBe('Sat, Nov 28, 4:30 AM GMT+5:30');
    expect(zoneAbbreviation('America/Chicago', '2026-01-10T12:00:00Z')).toBe('CST');
  });

  it('uses plain spaces only, so the server’s and the browser’s words are the same', () => {
    expect(instantLabel('2026-11-27T23:00:00Z', 'America/New_York')).not.toMatch(/[\u202f\u00a0]/);
    expect(cutoffShortLabel('2026-11-27T23:00:00Z', 'America/New_York', '2026-11-28')).not.toMatch(
      /[\u202f\u00a0]/,
    );
  });

  it('writes nothing for a missing or broken instant', () => {
    expect(instantLabel(null, 'America/New_York')).toBe('');
    expect(instantLabel('not a date', 'America/New_York')).toBe('');
  });

  it('writes a cut-off for a date chip: the time on the day, the weekday within the week, else the date', () => {
    const zone = 'America/New_York';
    expect(cutoffShortLabel('2026-11-28T08:00:00Z', zone, '2026-11-28')).toBe('3:00 AM');
    expect(cutoffShortLabel('2026-11-27T23:00:00Z', zone, '2026-11-28')).toBe('Fri 6:00 PM');
    expect(cutoffShortLabel('2026-11-20T23:00:00Z', zone, '2026-11-28')).toBe('Nov 20, 6:00 PM');
    // 02:00 UTC on the 28th is still the 27th in New York: the day before.
    expect(cutoffShortLabel('2026-11-28T02:00:00Z', zone, '2026-11-28')).toBe('Fri 9:00 PM');
  });

  it('reads a calendar date as the chef’s day, never shifted by a zone', () => {
    expect(dayLabel('2026-11-29')).toBe('Sun, Nov 29');
    expect(dateIn('2026-11-28T02:00:00Z', 'America/New_York')).toBe('2026-11-27');
    expect(dateIn('2026-11-28T02:00:00Z', 'Asia/Kolkata')).toBe('2026-11-28');
    expect(slotsLabel(['LUNCH_12PM', 'PM_5_7'])).toBe('Lunch, 12 PM, 5 PM – 7 PM');
  });
});
