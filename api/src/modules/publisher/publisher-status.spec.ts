import { describe, expect, it } from 'vitest';
import { PublisherStatus } from '@hearth/shared';
import { nextReviewStatus } from './publisher-status.js';

describe('nextReviewStatus', () => {
  it.each([
    [PublisherStatus.PENDING, 'approve', PublisherStatus.APPROVED],
    [PublisherStatus.PENDING, 'block', PublisherStatus.BLOCKED],
    [PublisherStatus.APPROVED, 'block', PublisherStatus.BLOCKED],
    [PublisherStatus.BLOCKED, 'approve', PublisherStatus.APPROVED],
    [PublisherStatus.APPROVED, 'approve', null],
    [PublisherStatus.BLOCKED, 'block', null],
  ] as const)('%s + %s → %s', (from, action, to) => {
    expect(nextReviewStatus(from, action)).toBe(to);
  });
});
