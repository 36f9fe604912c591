import { apiFetch, totalCount } from '../api/client.server';
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEntry, type AuditFilters } from './audit';

/** One page of the audit trail narrowed by the filters (`GET admin/audit-log`), newest first. */
export async function auditLog(
  request: Request,
  filters: AuditFilters,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const { page, ...rest } = filters;
  const { data, headers } = await apiFetch<AuditEntry[]>(request, 'admin/audit-log', {
    query: {
      ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v || undefined])),
      page,
      size: AUDIT_PAGE_SIZE,
    },
  });
  const entries = Array.isArray(data) ? data : [];
  return { entries, total: totalCount(headers) ?? entries.length };
}

/** The actions on the trail, for the action filter's suggestions (`GET admin/audit-log/actions`). */
export async function auditActions(request: Request): Promise<AuditAction[]> {
  const { data } = await apiFetch<AuditAction[]>(request, 'admin/audit-log/actions');
  return Array.isArray(data) ? data : [];
}
