import { describe, expect, it } from 'vitest';
import { auditChanges, auditTime, readAuditFilters } from './audit';

describe('auditChanges', () => {
  it('lists the fields that differ, before’s order first, and leaves equal ones out', () => {
    expect(
      auditChanges(
        { status: 'PENDING', kitchenName: 'Priya', share: null },
        { status: 'APPROVED', kitchenName: 'Priya', share: '0.15', comments: 'ok' },
      ),
    ).toEqual([
      { field: 'status', before: 'PENDING', after: 'APPROVED' },
      { field: 'share', before: 'none', after: '0.15' },
      { field: 'comments', before: '–', after: 'ok' },
    ]);
  });

  it('shows objects as JSON and copes with a missing side', () => {
    expect(auditChanges(null, { to: { a: 1 } })).toEqual([{ field: 'to', before: '–', after: '{"a":1}' }]);
    expect(auditChanges({ status: 'X' }, null)).toEqual([{ field: 'status', before: 'X', after: '–' }]);
    expect(auditChanges(null, null)).toEqual([]);
  });
});

describe('readAuditFilters', () => {
  it('trims the filters and keeps a sensible page', () => {
    expect(
      readAuditFilters(
        new URL('http://x/l/admin/audit?actor=%20a%40b.c%20&action=publisher.&page=-2&from=2026-11-01'),
      ),
    ).toEqual({
      actor: 'a@b.c',
      action: 'publisher.',
      targetType: '',
      targetId: '',
      from: '2026-11-01',
      to: '',
      page: 0,
    });
    expect(readAuditFilters(new URL('http://x/?page=3')).page).toBe(3);
  });
});

describe('auditTime', () => {
  it('writes an instant as UTC day and minute', () => {
    expect(auditTime('2026-11-25T06:02:41.123Z')).toBe('2026-11-25 06:02 UTC');
  });
});
