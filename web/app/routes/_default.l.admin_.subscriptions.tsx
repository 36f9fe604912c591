import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { Paging } from '~/components/search-results';
import { buttonClass, inputClass, labelClass, linkClass } from '~/components/ui';
import { isApiError } from '~/lib/api/client.server';
import { requireRole } from '~/lib/session/guards.server';
import { adminSubscriptions } from '~/lib/subscriptions/subscriptions.server';
import { SUBSCRIPTIONS_PAGE_SIZE } from '~/lib/subscriptions/subscriptions';
import type { AdminSubscriptionList, Subscription } from '~/lib/subscriptions/subscriptions';
import { failureText } from '~/lib/ui/notifications';

const PAGE = '/l/admin/subscriptions';
const LISTS: ReadonlyArray<{ list: AdminSubscriptionList; label: string }> = [
  { list: 'all', label: 'All' },
  { list: 'subscribed', label: 'Subscribed' },
  { list: 'unsubscribed', label: 'Unsubscribed' },
];

export const meta: MetaFunction = () => [{ title: 'Subscriptions — Admin — Hearth' }];

/** /l/admin/subscriptions (admins): every subscription to kitchens' news, subscribed or not, found by address. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  const url = new URL(request.url);
  const given = url.searchParams.get('list');
  const list: AdminSubscriptionList = given === 'subscribed' || given === 'unsubscribed' ? given : 'all';
  const address = (url.searchParams.get('email') ?? '').trim().slice(0, 254);
  const page = Math.max(0, Math.min(1000, Number.parseInt(url.searchParams.get('page') ?? '0', 10) || 0));
  const search = { list, email: address, page };
  const path = `${url.pathname}${url.search}`;
  try {
    const { subscriptions, total } = await adminSubscriptions(request, search);
    return { user: { name, email }, search, subscriptions, total, path, loadError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return {
      user: { name, email },
      search,
      subscriptions: [] as Subscription[],
      total: 0,
      path,
      loadError: failureText(error.problem),
    };
  }
}

export default function AdminSubscriptionsRoute() {
  const { user, search, subscriptions, total, path, loadError } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Subscriptions" user={user}>
      <p className="mt-2 text-sm">
        <Link to="/l/admin" className={linkClass}>
          Back to Admin
        </Link>
      </p>
      <nav aria-label="Which subscriptions" className="mt-4 flex flex-wrap gap-2">
        {LISTS.map((l) => (
          <Link
            key={l.list}
            to={`${PAGE}?list=${l.list}`}
            aria-current={search.list === l.list ? 'page' : undefined}
            className={search.list === l.list ? buttonClass.primary : buttonClass.secondary}
          >
            {l.label}
          </Link>
        ))}
      </nav>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="list" value={search.list} />
        <div>
          <label htmlFor="subscriptions-email" className={labelClass}>
            E-mail contains
          </label>
          <input id="subscriptions-email" name="email" defaultValue={search.email} className={inputClass} />
        </div>
        <button type="submit" className={buttonClass.secondary}>
          Search
        </button>
      </Form>
      {loadError ? (
        <p role="alert" className="mt-4 text-ember-800">
          {loadError}
        </p>
      ) : (
        <>
          <p className="mt-4 text-sm text-cocoa-700">{total} subscriptions</p>
          <table className="mt-2 w-full text-left text-sm">
            <caption className="sr-only">Subscriptions</caption>
            <thead>
              <tr className="border-b border-cocoa-700/20 text-cocoa-700">
                <th scope="col" className="py-2 pr-3">
                  E-mail
                </th>
                <th scope="col" className="py-2 pr-3">
                  Kitchen
                </th>
                <th scope="col" className="py-2 pr-3">
                  State
                </th>
                <th scope="col" className="py-2">
                  Since
                </th>
              </tr>
            </thead>
            <tbody>
              {subscriptions.map((s) => (
                <tr key={s.id} className="border-b border-cocoa-700/10">
                  <td className="py-2 pr-3">{s.email}</td>
                  <td className="py-2 pr-3">
                    <Link to={`/kitchen/${s.publisherId}`} className={linkClass}>
                      {s.kitchenName}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">{s.status}</td>
                  <td className="py-2">{(s.unsubscribedAt ?? s.confirmedAt ?? s.createdAt).slice(0, 10)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Paging path={path} page={search.page} total={total} size={SUBSCRIPTIONS_PAGE_SIZE} />
        </>
      )}
    </AccountPage>
  );
}
