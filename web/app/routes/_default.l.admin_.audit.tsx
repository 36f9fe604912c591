import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { FieldError, FormAlert, Notice } from '~/components/form-feedback';
import { Paging } from '~/components/search-results';
import { buttonClass, inputClass, labelClass, linkClass } from '~/components/ui';
import {
  AUDIT_FILTER_FIELDS,
  AUDIT_PAGE_SIZE,
  auditChanges,
  auditTime,
  readAuditFilters,
  type AuditAction,
  type AuditEntry,
  type AuditFilters,
} from '~/lib/admin/audit';
import { auditActions, auditLog } from '~/lib/admin/audit.server';
import { isApiError } from '~/lib/api/client.server';
import { requireRole } from '~/lib/session/guards.server';
import { failureText } from '~/lib/ui/notifications';

export const meta: MetaFunction = () => [{ title: 'Audit trail — Admin — Hearth' }];

type FilterField = (typeof AUDIT_FILTER_FIELDS)[number];

/**
 * /l/admin/audit?actor=&action=&targetType=&targetId=&from=&to=&page= (admins): the audit trail, newest first,
 * narrowed by who (account id or e-mail), what (an action, or a prefix ending in "."), which object and which
 * days (in the admin's time zone). A filter the API refuses is shown beside its field, the others kept.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  const url = new URL(request.url);
  const filters = readAuditFilters(url);
  const base = { user: { name, email }, filters, path: `${url.pathname}${url.search}` };
  const actions = await auditActions(request).catch((error: unknown) => {
    if (!isApiError(error)) throw error;
    return [] as AuditAction[];
  });
  try {
    const { entries, total } = await auditLog(request, filters);
    return { ...base, actions, entries, total, error: null, fieldErrors: {} };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const fieldErrors: Partial<Record<FilterField, string>> = {};
    for (const f of error.problem?.fieldErrors ?? []) {
      const field = AUDIT_FILTER_FIELDS.find((k) => k === f.field);
      if (field && !fieldErrors[field]) fieldErrors[field] = f.message;
    }
    return {
      ...base,
      actions,
      entries: [] as AuditEntry[],
      total: 0,
      error:
        Object.keys(fieldErrors).length > 0
          ? 'Please correct the marked filters.'
          : failureText(error.problem),
      fieldErrors,
    };
  }
}

const LABELS: Record<FilterField, { label: string; hint?: string; type?: string }> = {
  actor: { label: 'Who', hint: 'Account id or e-mail address' },
  action: { label: 'Action', hint: 'Exact, or a prefix ending in “.” such as publisher.' },
  targetType: { label: 'Object type', hint: 'e.g. publisher, order-date, bulk_message' },
  targetId: { label: 'Object id' },
  from: { label: 'From day', type: 'date' },
  to: { label: 'To day', type: 'date' },
};

function FilterForm({
  filters,
  actions,
  fieldErrors,
}: {
  filters: AuditFilters;
  actions: AuditAction[];
  fieldErrors: Partial<Record<FilterField, string>>;
}) {
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter the audit trail"
      className="mt-4 grid gap-3 rounded-3xl bg-white p-4 shadow-card sm:grid-cols-2 md:grid-cols-3"
    >
      {AUDIT_FILTER_FIELDS.map((field) => {
        const { label, hint, type } = LABELS[field];
        const id = `audit-${field}`;
        const described = [hint ? `${id}-hint` : null, fieldErrors[field] ? `${id}-error` : null]
          .filter(Boolean)
          .join(' ');
        return (
          <div key={field}>
            <label htmlFor={id} className={labelClass}>
              {label}
            </label>
            <input
              id={id}
              name={field}
              type={type ?? 'text'}
              defaultValue={filters[field]}
              list={field === 'action' ? 'audit-actions' : undefined}
              aria-invalid={fieldErrors[field] ? true : undefined}
              aria-describedby={described || undefined}
              className={inputClass}
            />
            {hint ? (
              <p id={`${id}-hint`} className="mt-1 text-xs text-cocoa-700">
                {hint}
              </p>
            ) : null}
            <FieldError id={`${id}-error`} message={fieldErrors[field]} />
          </div>
        );
      })}
      <datalist id="audit-actions">
        {actions.map((a) => (
          <option key={a.action} value={a.action} />
        ))}
      </datalist>
      <div className="flex items-end gap-3">
        <button type="submit" className={buttonClass.primary}>
          Filter
        </button>
        <Link to="/l/admin/audit" className={linkClass}>
          Clear
        </Link>
      </div>
    </Form>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-cocoa-700">no change recorded</span>;
  return (
    <ul className="space-y-1">
      {changes.map((c) => (
        <li key={c.field}>
          <span className="font-semibold">{c.field}</span>: <del className="text-red-800">{c.before}</del>
          {' → '}
          <ins className="text-sage-700 no-underline">{c.after}</ins>
        </li>
      ))}
    </ul>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="overflow-x-auto rounded-3xl bg-white shadow-card">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Audit trail entries, newest first</caption>
        <thead>
          <tr>
            {['When', 'Who', 'Action', 'Object', 'Changes', 'Request'].map((h) => (
              <th
                key={h}
                scope="col"
                className="border-b border-cocoa-500/40 px-3 py-2 text-left font-semibold"
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className="align-top">
              <th
                scope="row"
                className="border-b border-cocoa-500/20 px-3 py-2 text-left font-normal whitespace-nowrap"
              >
                <time dateTime={e.createdAt}>{auditTime(e.createdAt)}</time>
              </th>
              <td className="border-b border-cocoa-500/20 px-3 py-2">
                <div>{e.actorName ?? 'Unknown account'}</div>
                {e.actorEmail ? <div className="text-cocoa-700">{e.actorEmail}</div> : null}
                <div className="text-xs text-cocoa-700">{e.actorRole}</div>
              </td>
              <td className="border-b border-cocoa-500/20 px-3 py-2 font-mono">{e.action}</td>
              <td className="border-b border-cocoa-500/20 px-3 py-2">
                <div>{e.targetType}</div>
                {e.targetId ? <div className="break-all font-mono text-xs">{e.targetId}</div> : null}
              </td>
              <td className="border-b border-cocoa-500/20 px-3 py-2">
                <Changes entry={e} />
              </td>
              <td className="border-b border-cocoa-500/20 px-3 py-2">
                <div className="break-all font-mono text-xs">{e.requestId ?? '–'}</div>
                {e.ip ? <div className="text-xs text-cocoa-700">{`IP ${e.ip}`}</div> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function AdminAuditRoute() {
  const { user, filters, path, actions, entries, total, error, fieldErrors } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Audit trail" user={user}>
      <p className="mt-2 text-sm">
        <Link to="/l/admin" className={linkClass}>
          Back to Admin
        </Link>
      </p>
      <FilterForm filters={filters} actions={actions} fieldErrors={fieldErrors} />
      <div className="mt-6">
        {error ? <FormAlert messages={[error]} /> : null}
        {!error && entries.length === 0 ? (
          <Notice>
            <p>No audit entries match these filters.</p>
          </Notice>
        ) : null}
        {entries.length > 0 ? (
          <>
            <p className="mb-3 text-sm text-cocoa-700" role="status">
              {`${total} ${total === 1 ? 'entry' : 'entries'}, newest first`}
            </p>
            <AuditTable entries={entries} />
            <Paging path={path} page={filters.page} total={total} size={AUDIT_PAGE_SIZE} />
          </>
        ) : null}
      </div>
    </AccountPage>
  );
}
