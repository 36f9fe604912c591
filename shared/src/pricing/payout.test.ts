import { describe, expect, it } from 'vitest';
import { splitDatePayouts } from './payout.js';

describe('splitDatePayouts', () => {
  it('splits gateway fees by gross and takes the platform fee of what is left, exactly', () => {
    const split = splitDatePayouts(
      [
        { id: 'a', gross: 2697, vsFeeRate: '0.2' },
        { id: 'b', gross: 899, vsFeeRate: '0.2' },
        { id: 'c', gross: 1001, vsFeeRate: '0.15' },
      ],
      163,
    );
    const parts = [...split.values()];
    expect(parts.reduce((s, p) => s + p.gatewayFee, 0)).toBe(163);
    for (const p of parts) expect(p.gatewayFee + p.platformFee + p.payout).toBe(p.gross);
    // a: 163 × 2697 / 4597 = 95.6… → 96 (largest remainder); net 2601, 20 % = 520.2 → 520
    expect(split.get('a')).toEqual({ gross: 2697, gatewayFee: 96, platformFee: 520, payout: 2081 });
    expect(split.get('c')!.platformFee).toBe(Math.round((1001 - split.get('c')!.gatewayFee) * 0.15));
  });

  it('without gateway fees the chef gets the gross less the platform fee; an empty order splits nothing', () => {
    expect(splitDatePayouts([{ id: 'a', gross: 1999, vsFeeRate: '0.2' }], 0).get('a')).toEqual({
      gross: 1999,
      gatewayFee: 0,
      platformFee: 400,
      payout: 1599,
    });
    expect(splitDatePayouts([{ id: 'a', gross: 0, vsFeeRate: '0.2' }], 0).get('a')!.payout).toBe(0);
    expect(() => splitDatePayouts([{ id: 'a', gross: 10, vsFeeRate: '0.2' }], 11)).toThrow(RangeError);
  });
});
