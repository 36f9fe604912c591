import { describe, expect, it } from 'vitest';
import { todayIn } from '@hearth/shared';
import { calendarDateLabel, clockLabel, cutoffLabel, defaultTimeZoneFor, formatPrice } from './chef-format';

describe('chef-format', () => {
  it('formats prices in the chef’s currency with the shared money rules', () => {
    expect(formatPrice('8.99', 'USD')).toBe('$8.99');
    expect(formatPrice('18', 'USD')).toBe('$18.00');
    expect(formatPrice('250', 'INR')).toBe('₹250.00');
    expect(formatPrice(null, 'USD')).toBe('');
  });

  it('says cut-offs as "Tue 5 PM" in the chef’s zone, whatever the server’s zone', () => {
    // 2025-11-25T22:00Z is Tuesday 5 PM in New York and Wednesday 3:30 AM in Kolkata.
    expect(cutoffLabel('2025-11-25T22:00:00Z', 'America/New_York')).toBe('Tue 5 PM');
    expect(cutoffLabel('2025-11-25T22:00:00Z', 'Asia/Kolkata')).toBe('Wed 3:30 AM');
    expect(clockLabel('2025-07-01T16:00:00Z', 'America/New_York')).toBe('12 PM');
  });

  it('follows daylight saving time: 5 PM stays 5 PM in summer and in winter', () => {
    expect(cutoffLabel('2025-07-01T21:00:00Z', 'America/New_York')).toBe('Tue 5 PM');
    expect(cutoffLabel('2025-12-02T22:00:00Z', 'America/New_York')).toBe('Tue 5 PM');
  });

  it('labels calendar dates without shifting them by a zone', () => {
    expect(calendarDateLabel('2030-01-04')).toBe('Fri 4 Jan');
    expect(todayIn('Pacific/Kiritimati', new Date('2030-01-04T23:00:00Z'))).toBe('2030-01-05');
    expect(todayIn('Pacific/Pago_Pago', new Date('2030-01-04T05:00:00Z'))).toBe('2030-01-03');
  });

  it('gives each country its time zone, New York when unknown', () => {
    expect(defaultTimeZoneFor('India')).toBe('Asia/Kolkata');
    expect(defaultTimeZoneFor('Atlantis')).toBe('America/New_York');
  });
});
