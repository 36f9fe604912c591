import { describe, expect, it } from 'vitest';
import * as shared from './index.js';

describe('@hearth/shared entry point', () => {
  it.each([
    'toMinor',
    'fromMinor',
    'multiplyMinor',
    'roundHalfAwayFromZero',
    'applyRate',
    'formatMoney',
    'priceCart',
    'computePaymentAmounts',
    'pruneCart',
    'canTransition',
    'nextStatuses',
    'isTerminal',
    'orderTimeline',
    'isForbiddenPageId',
    'genericErrorMessage',
  ])('exports %s', (name) => {
    expect(typeof (shared as Record<string, unknown>)[name]).toBe('function');
  });

  it('prices a one-item cart end to end through the entry point', () => {
    const result = shared.priceCart([
      {
        orderQuantity: 3,
        userSelectedPricingOption: { chefPrice: shared.DEFAULTS.chefPrice },
        dates: [{ date: '2025-06-10', timeSlots: ['PM_5_7'], deliveryOption: 'DELIVERY' }],
        item: { id: 1, name: 'Chicken Biryani', publisherId: 7, deliveryFees: 5, currencyCode: 'USD' },
      },
    ]);
    // 8.99 × 3 = 26.97 + 5.00 delivery = 31.97
    expect(shared.fromMinor(result.totals[0]?.cartTotal ?? 0)).toBe('31.97');
  });
});
