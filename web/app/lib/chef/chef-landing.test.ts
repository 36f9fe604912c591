import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '@hearth/shared';
import { PLATFORM_SHARE_PERCENT, sharePercent } from './chef-landing';

describe(sharePercent.name, () => {
  it('turns a share into a percentage without floating-point noise', () => {
    expect(sharePercent('0.2')).toBe('20');
    expect(sharePercent('0.125')).toBe('12.5');
    expect(sharePercent('0.1500')).toBe('15');
    expect(sharePercent('0.07')).toBe('7');
    expect(sharePercent('1')).toBe('100');
    expect(sharePercent('0')).toBe('0');
    expect(sharePercent('0.0005')).toBe('0.05');
  });

  it("gives the platform's default share of spec §9 (vsFees 0.2) as 20 %", () => {
    expect(DEFAULTS.vsFees).toBe('0.2');
    expect(PLATFORM_SHARE_PERCENT).toBe('20');
  });
});
