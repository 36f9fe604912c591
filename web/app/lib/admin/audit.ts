import type { Schemas } from '../api/schemas';

/** One row of the audit trail as the API answers it. */
export type AuditEntry = Schemas['AuditEntryDto'];
/** One action present on the trail, with its number of rows. */
export type AuditAction = Schemas['AuditActionDto'];

export const AUDIT_PAGE_SIZE = 25;

/** The reader's filters as the URL carries them (`?actor=&action=&targetType=&targetId=&from=&to=&page=`). */
export interface AuditFilters {
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
  page: number;
}

export const AUDIT_FILTER_FIELDS = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const;

/** The filters of the URL, trimmed and cut to the API's lengths; the API judges them (400 with field errors). */
export function readAuditFilters(url: URL): AuditFilters {
  const text = (name: string, max: number) => (url.searchParams.get(name) ?? '').trim().slice(0, max);
  const page = Number.parseInt(url.searchParams.get('page') ?? '0', 10);
  return {
    actor: text('actor', 320),
    action: text('action', 100),
    targetType: text('targetType', 50),
    targetId: text('targetId', 200),
    from: text('from', 10),
    to: text('to', 10),
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 1000) : 0,
  };
}

/** One changed field of an audited object: its value before and after (`–` when absent). */
export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

const shown = (value: unknown): string =>
  value === undefined
    ? '–'
    : value === null
      ? 'none'
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);

/**
 * Before and after as a readable diff: the fields that differ, in the order they first appear (before's,
 * then after's new ones); fields with the same value on both sides are left out.
 */
export function auditChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): AuditChange[] {
  const b = before ?? {};
  const a = after ?? {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .filter((f) => JSON.stringify(b[f]) !== JSON.stringify(a[f]))
    .map((field) => ({ field, before: shown(b[field]), after: shown(a[field]) }));
}

/** `2026-11-25T06:02:00.000Z` → `2026-11-25 06:02 UTC` (the same on the server and in the browser). */
export function auditTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
