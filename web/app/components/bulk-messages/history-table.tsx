import { Link } from '@remix-run/react';
import { buttonClass, linkClass } from '~/components/ui';
import { STATUS_LABELS, groupLabel } from '~/lib/admin/bulk-message-types';
import type { BulkMessage } from '~/lib/admin/bulk-message-types';

export const MESSAGES_PAGE = '/l/admin/messages';

function when(at: string | null): string {
  if (!at) return '—';
  return (
    new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) +
    ' UTC'
  );
}

/** Past sends, newest first, a page at a time, each leading to its progress page. */
export function HistoryTable({
  messages,
  page,
  pages,
}: {
  messages: BulkMessage[];
  page: number;
  pages: number;
}) {
  if (messages.length === 0) return <p className="mt-4 text-cocoa-700">No message has been sent yet.</p>;
  return (
    <>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Messages sent, newest first</caption>
          <thead>
            <tr className="text-cocoa-700">
              <th scope="col" className="py-2 pr-3">
                Subject
              </th>
              <th scope="col" className="py-2 pr-3">
                To
              </th>
              <th scope="col" className="py-2 pr-3">
                Status
              </th>
              <th scope="col" className="py-2 pr-3">
                Sent / failed / skipped / total
              </th>
              <th scope="col" className="py-2 pr-3">
                Started
              </th>
              <th scope="col" className="py-2">
                Finished
              </th>
            </tr>
          </thead>
          <tbody>
            {messages.map((m) => (
              <tr
                key={m.id}
                className="border-t border-cocoa-700/10 align-top"
                data-testid="bulk-history-row"
              >
                <td className="py-2 pr-3">
                  <Link to={`${MESSAGES_PAGE}/${m.id}`} className={linkClass}>
                    {m.subject}
                  </Link>
                </td>
                <td className="py-2 pr-3">
                  {groupLabel(m.targetGroup)}
                  {m.targetChef ? ` · ${m.targetChef.kitchenName}` : ''}
                </td>
                <td className="py-2 pr-3">{STATUS_LABELS[m.status] ?? m.status}</td>
                <td className="py-2 pr-3">
                  {m.progress.sent} / {m.progress.failed} / {m.progress.skipped} / {m.progress.total}
                </td>
                <td className="py-2 pr-3">{when(m.startedAt ?? m.createdAt)}</td>
                <td className="py-2">{when(m.finishedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label="Pages of sent messages" className="mt-4 flex flex-wrap items-center gap-3">
          {page > 0 ? (
            <Link to={`${MESSAGES_PAGE}?page=${page - 1}`} className={buttonClass.secondary} rel="prev">
              Newer
            </Link>
          ) : null}
          <span className="text-sm text-cocoa-700">
            Page {page + 1} of {pages}
          </span>
          {page + 1 < pages ? (
            <Link to={`${MESSAGES_PAGE}?page=${page + 1}`} className={buttonClass.secondary} rel="next">
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
