import { describe, expect, it } from 'vitest';
import { dayLabel, isValidTimeZone, todayIn } from './index.js';

describe('dayLabel', () => {
  it('writes a calendar date as pages, e-mails and the API write it', () => {
    expect(dayLabel('2026-11-24')).toBe('Tue, Nov 24');
    expect(dayLabel('2025-11-03')).toBe('Mon, Nov 3');
  });

  it("never shifts the day by a zone: it is the kitchen's own day", () => {
    expect(dayLabel('2026-01-01')).toBe('Thu, Jan 1');
    expect(dayLabel('2024-02-29')).toBe('Thu, Feb 29');
  });

  it('returns anything that is not a calendar date as given', () => {
    expect(dayLabel('')).toBe('');
    expect(dayLabel('tomorrow')).toBe('tomorrow');
    expect(dayLabel('2025-02-29')).toBe('2025-02-29');
  });
});

describe('isValidTimeZone', () => {
  it('knows IANA zones and refuses anything else', () => {
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('Asia/Kolkata')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(null)).toBe(false);
    expect(isValidTimeZone(undefined)).toBe(false);
    expect(isValidTimeZone(`America/${'x'.repeat(64)}`)).toBe(false);
  });

  it('gives the same answer the second time (known zones are remembered)', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Europe/Nowhere')).toBe(false);
    expect(isValidTimeZone('Europe/Nowhere')).toBe(false);
  });
});

describe('todayIn without a zone', () => {
  it('reads the date in UTC', () => {
    const evening = new Date('2025-03-09T20:00:00Z');
    expect(todayIn(null, evening)).toBe('2025-03-09');
    expect(todayIn(undefined, evening)).toBe(todayIn('UTC', evening));
  });
});
