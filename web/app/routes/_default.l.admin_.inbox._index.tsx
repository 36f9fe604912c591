import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { FormAlert, Notice } from '~/components/form-feedback';
import { Paging } from '~/components/search-results';
import { buttonClass, inputClass, labelClass, linkClass } from '~/components/ui';
import { isApiError } from '~/lib/api/client.server';
import { INBOX_KINDS, INBOX_PAGE_SIZE, conversationPath, kindLabel } from '~/lib/inbox/inbox';
import type { InboxItem } from '~/lib/inbox/inbox';
import { listInbox } from '~/lib/inbox/inbox.server';
import { requireRole } from '~/lib/session/guards.server';
import { failureText } from '~/lib/ui/notifications';

export const meta: MetaFunction = () => [{ title: 'Support inbox — Admin — Hearth' }];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as the URL has them; anything that is not one of the choices is left out. */
function filterOf(url: URL) {
  const get = (name: string) => (url.searchParams.get(name) ?? '').trim();
  const type = get('type');
  const status = get('status');
  const page = Math.floor(Number(url.searchParams.get('page')));
  return {
    type: INBOX_KINDS.some((k) => k.value === type) ? type : '',
    status: status === 'OPEN' || status === 'CLOSED' ? status : '',
    from: DATE.test(get('from')) ? get('from') : '',
    to: DATE.test(get('to')) ? get('to') : '',
    query: get('query').slice(0, 200),
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 1000) : 0,
  };
}

/**
 * /l/admin/inbox (admins): contact messages, enquiries of every type and feedback in one list, newest first,
 * with filters (type, open/closed, received from–to) and words, as a GET form that works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  const url = new URL(request.url);
  const filter = filterOf(url);
  const base = { user: { name, email }, filter, path: `${url.pathname}${url.search}` };
  const { page, ...query } = filter;
  try {
    const apiQuery = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''));
    return { ...base, ...(await listInbox(request, apiQuery, page)), error: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { ...base, items: [] as InboxItem[], total: 0, error: failureText(error.problem) };
  }
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** The sender, linked to the conversation (feedback has none: its text is in the list). */
function Sender({ item }: { item: InboxItem }) {
  const to = conversationPath(item.kind, item.id);
  const name = item.name ?? item.email ?? 'Someone';
  return to ? (
    <Link to={to} className={linkClass}>
      {name}
    </Link>
  ) : (
    <span className="font-semibold">{name}</span>
  );
}

export default function AdminInboxRoute() {
  const { user, filter, path, items, total, error } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Support inbox" user={user}>
      <p className="mb-6 text-cocoa-800">
        Contact messages, enquiries (general, to a chef, catering pricing) and feedback, newest first.
      </p>
      <Form
        method="get"
        role="search"
        aria-label="Filter the inbox"
        className="grid gap-4 rounded-3xl bg-white p-4 shadow-card sm:grid-cols-3"
      >
        <Field id="inbox-query" label="Words (name, e-mail, message)">
          <input
            id="inbox-query"
            type="search"
            name="query"
            defaultValue={filter.query}
            maxLength={200}
            className={inputClass}
          />
        </Field>
        <Field id="inbox-type" label="Type">
          <select id="inbox-type" name="type" defaultValue={filter.type} className={inputClass}>
            <option value="">Every type</option>
            {INBOX_KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="inbox-status" label="Status">
          <select id="inbox-status" name="status" defaultValue={filter.status} className={inputClass}>
            <option value="">Open and closed (and feedback)</option>
            <option value="OPEN">Open</option>
            <option value="CLOSED">Closed</option>
          </select>
        </Field>
        <Field id="inbox-from" label="Received from">
          <input id="inbox-from" type="date" name="from" defaultValue={filter.from} className={inputClass} />
        </Field>
        <Field id="inbox-to" label="Received to">
          <input id="inbox-to" type="date" name="to" defaultValue={filter.to} className={inputClass} />
        </Field>
        <div className="flex items-end">
          <button type="submit" className={buttonClass.primary}>
            Show
          </button>
        </div>
      </Form>
      <div className="mt-6">
        <FormAlert messages={error ? [error] : null} />
        {!error && items.length === 0 ? (
          <Notice>
            <p>Nothing in the inbox matches.</p>
          </Notice>
        ) : null}
        {items.length > 0 ? (
          <>
            <p className="mb-3 text-sm text-cocoa-700" role="status">
              {`${total} ${total === 1 ? 'item' : 'items'}`}
            </p>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">The inbox, newest first</caption>
              <thead>
                <tr className="border-b border-cocoa-700/20">
                  <th scope="col" className="py-2 pr-3">
                    Received
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Type
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    From
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Message
                  </th>
                  <th scope="col" className="py-2">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={`${item.kind}-${item.id}`} className="border-b border-cocoa-700/10 align-top">
                    <td className="whitespace-nowrap py-2 pr-3">{item.createdAt.slice(0, 10)}</td>
                    <td className="py-2 pr-3">
                      {kindLabel(item.kind)}
                      {item.kitchenName ? ` (${item.kitchenName})` : ''}
                    </td>
                    <td className="py-2 pr-3">
                      <Sender item={item} />
                      {item.email && item.name ? (
                        <span className="block text-cocoa-700">{item.email}</span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-3">{item.excerpt}</td>
                    <td className="py-2">
                      {item.status === 'OPEN' ? 'Open' : item.status === 'CLOSED' ? 'Closed' : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Paging path={path} page={filter.page} total={total} size={INBOX_PAGE_SIZE} />
          </>
        ) : null}
      </div>
    </AccountPage>
  );
}
