import { describe, expect, it } from 'vitest';
import { formatKitchenCodes, MAX_HEADER_CODES, parseKitchenCodes, sameCode } from './kitchen-code-header.js';

const A = '0b6f7c1e-8a7d-4c1b-9d55-0a1b2c3d4e5f';
const B = '1c7f7c1e-8a7d-4c1b-9d55-0a1b2c3d4e5f';

describe('kitchen code header', () => {
  it('reads kitchen id → code pairs, upper-casing codes and dropping what is malformed', () => {
    const codes = parseKitchenCodes(
      `${A}:k7m2-xq9p, nonsense, ${B.toUpperCase()}: ABCD EFGH ,${A}:LATER,x:y`,
    );
    expect([...codes]).toEqual([
      [A, 'K7M2XQ9P'],
      [B, 'ABCDEFGH'],
    ]);
  });

  it('reads at most MAX_HEADER_CODES pairs and writes what it reads', () => {
    const many = Array.from(
      { length: MAX_HEADER_CODES + 5 },
      (_, i) => `${A.slice(0, -2)}${String(i).padStart(2, '0')}:CODE${i}`,
    ).join(',');
    expect(parseKitchenCodes(many).size).toBe(MAX_HEADER_CODES);
    const two = new Map([
      [A, 'AAAA'],
      [B, 'BBBB'],
    ]);
    expect(parseKitchenCodes(formatKitchenCodes(two))).toEqual(two);
    expect(parseKitchenCodes(undefined).size).toBe(0);
  });

  it('compares codes case-insensitively and refuses any other code', () => {
    expect(sameCode('k7m2xq9p', 'K7M2XQ9P')).toBe(true);
    expect(sameCode('K7M2-XQ9P', 'K7M2XQ9P')).toBe(true);
    expect(sameCode('K7M2XQ9Q', 'K7M2XQ9P')).toBe(false);
    expect(sameCode('', 'K7M2XQ9P')).toBe(false);
  });
});
