import { Form, Link } from '@remix-run/react';
import { buttonClass, inputClass, labelClass } from '~/components/ui';
import { RECIPIENT_STATES } from '~/lib/admin/bulk-message-types';
import type { BulkRecipient, RecipientState } from '~/lib/admin/bulk-message-types';

const stateLabel = (state: string) => RECIPIENT_STATES.find((s) => s.value === state)?.label ?? state;

/** The recipients of one message, narrowed to one state (a GET form), a page at a time, with SMTP's reasons. */
export function RecipientsTable({
  path,
  recipients,
  state,
  pageNumber,
  pages,
}: {
  path: string;
  recipients: BulkRecipient[];
  state: RecipientState | null;
  pageNumber: number;
  pages: number;
}) {
  const href = (n: number) => {
    const params = new URLSearchParams();
    if (state) params.set('state', state);
    if (n > 0) params.set('page', String(n));
    const query = params.toString();
    return query ? `${path}?${query}` : path;
  };
  return (
    <section aria-labelledby="recipients-heading" className="mt-10">
      <h2 id="recipients-heading" className="font-display text-2xl font-semibold text-cocoa-900">
        Recipients
      </h2>
      <Form method="get" action={path} className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="recipients-state" className={labelClass}>
            Show
          </label>
          <select id="recipients-state" name="state" defaultValue={state ?? ''} className={inputClass}>
            <option value="">Everyone</option>
            {RECIPIENT_STATES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass.secondary}>
          Show
        </button>
      </Form>
      {recipients.length === 0 ? (
        <p className="mt-4 text-cocoa-700">Nobody here.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Recipients{state ? ` (${stateLabel(state)})` : ''}</caption>
            <thead>
              <tr className="text-cocoa-700">
                <th scope="col" className="py-2 pr-3">
                  E-mail
                </th>
                <th scope="col" className="py-2 pr-3">
                  Name
                </th>
                <th scope="col" className="py-2 pr-3">
                  State
                </th>
                <th scope="col" className="py-2 pr-3">
                  Sent
                </th>
                <th scope="col" className="py-2">
                  Why it failed
                </th>
              </tr>
            </thead>
            <tbody>
              {recipients.map((r) => (
                <tr
                  key={r.email}
                  className="border-t border-cocoa-700/10 align-top"
                  data-testid="recipient-row"
                >
                  <td className="py-2 pr-3">{r.email}</td>
                  <td className="py-2 pr-3">{r.name ?? '—'}</td>
                  <td className="py-2 pr-3">{stateLabel(r.state)}</td>
                  <td className="py-2 pr-3">
                    {r.sentAt
                      ? new Date(r.sentAt).toISOString().replace('T', ' ').slice(0, 19) + ' UTC'
                      : '—'}
                  </td>
                  <td className="py-2">{r.error ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages of recipients" className="mt-4 flex flex-wrap items-center gap-3">
          {pageNumber > 0 ? (
            <Link to={href(pageNumber - 1)} className={buttonClass.secondary} rel="prev">
              Previous
            </Link>
          ) : null}
          <span className="text-sm text-cocoa-700">
            Page {pageNumber + 1} of {pages}
          </span>
          {pageNumber + 1 < pages ? (
            <Link to={href(pageNumber + 1)} className={buttonClass.secondary} rel="next">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
