import { describe, expect, it } from 'vitest';
import { NOTIFICATION_DURATION_MS } from '@hearth/shared';
import {
  failureNotification,
  failureText,
  shouldShowNotification,
  successNotification,
} from './notifications';

describe('notification rules (spec §5, §8)', () => {
  it('never shows a notification with empty or blank text', () => {
    expect(shouldShowNotification({ text: '' })).toBe(false);
    expect(shouldShowNotification({ text: '   ' })).toBe(false);
    expect(shouldShowNotification(null)).toBe(false);
    expect(shouldShowNotification({ text: 'Saved' })).toBe(true);
  });

  it('lasts 3500 ms', () => {
    expect(NOTIFICATION_DURATION_MS).toBe(3500);
  });

  it('uses the exact generic failure text when the error has data', () => {
    expect(failureText({ title: 'Sold out', status: 409 })).toBe(
      'Error: Sold out - 409 - Logout and Login Again, If Required. Or Contact Support.',
    );
    expect(failureText({ title: '', status: 500 })).toBe(
      'Error: Something went wrong - 500 - Logout and Login Again, If Required. Or Contact Support.',
    );
    expect(failureNotification({ title: 'Sold out', status: 409 }).kind).toBe('negative');
  });

  it('uses the exact "no error data" text when there is none', () => {
    expect(failureText(null)).toBe('Invalid Request. Check your internet connection and try again.');
    expect(failureNotification(undefined)).toEqual({
      kind: 'negative',
      text: 'Invalid Request. Check your internet connection and try again.',
    });
  });

  it('uses the exact generic success text', () => {
    expect(successNotification()).toEqual({ kind: 'positive', text: 'Operation Success!' });
  });
});
