import { describe, expect, it } from 'vitest';
import { MAX_RECEIPT_NAME, receiptName } from './menu-receipts.service.js';

describe('receiptName', () => {
  it('keeps the last path segment, without control characters', () => {
    expect(receiptName('C:\\Users\\me\\market run.pdf', 'x.pdf')).toBe('market run.pdf');
    expect(receiptName('../../etc/till.png', 'x.pdf')).toBe('till.png');
    expect(receiptName('bad\u0000\u001b[31mname\u007f.pdf', 'x.pdf')).toBe('bad[31mname.pdf');
  });

  it('falls back when nothing is left, and cuts long names keeping the extension', () => {
    expect(receiptName(undefined, 'abc.pdf')).toBe('abc.pdf');
    expect(receiptName('  \u0001 ', 'abc.pdf')).toBe('abc.pdf');
    const long = receiptName(`${'a'.repeat(300)}.jpeg`, 'x.pdf');
    expect(long).toHaveLength(MAX_RECEIPT_NAME);
    expect(long.endsWith('….jpeg')).toBe(true);
  });
});
