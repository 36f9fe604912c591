import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ChefNav } from '~/components/chef-nav';
import { Notice } from '~/components/form-feedback';
import { Paging } from '~/components/search-results';
import { isApiError } from '~/lib/api/client.server';
import { requireRole } from '~/lib/session/guards.server';
import { mySubscribers } from '~/lib/subscriptions/subscriptions.server';
import { SUBSCRIPTIONS_PAGE_SIZE } from '~/lib/subscriptions/subscriptions';
import type { Subscriber } from '~/lib/subscriptions/subscriptions';
import { failureText } from '~/lib/ui/notifications';

export const meta: MetaFunction = () => [{ title: 'Subscribers — Hearth' }];

/**
 * /l/subscribers (chefs): how many people follow the kitchen and who (customers by name, guests' addresses
 * masked); they get one e-mail when a menu is published or gets new dates, at most one a day.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.CHEF);
  const url = new URL(request.url);
  const page = Math.max(0, Math.min(1000, Number.parseInt(url.searchParams.get('page') ?? '0', 10) || 0));
  const path = `${url.pathname}${url.search}`;
  try {
    const { subscribers, total } = await mySubscribers(request, page);
    return { user: { name, email }, subscribers, total, page, path, loadError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return {
      user: { name, email },
      subscribers: [] as Subscriber[],
      total: 0,
      page,
      path,
      loadError: failureText(error.problem),
    };
  }
}

export default function SubscribersRoute() {
  const { user, subscribers, total, page, path, loadError } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Subscribers" user={user}>
      <ChefNav />
      {loadError ? (
        <p role="alert" className="text-ember-800">
          {loadError}
        </p>
      ) : (
        <>
          <p className="text-cocoa-800" data-testid="subscriber-count">
            <strong>{total}</strong> {total === 1 ? 'person follows' : 'people follow'} your kitchen. When you
            publish a menu or add dates they get one e-mail about it (at most one a day).
          </p>
          {subscribers.length === 0 ? (
            <div className="mt-6">
              <Notice>
                <p>Nobody yet. Customers follow you from your kitchen page.</p>
              </Notice>
            </div>
          ) : (
            <table className="mt-6 w-full text-left text-sm">
              <caption className="sr-only">Your subscribers</caption>
              <thead>
                <tr className="border-b border-cocoa-700/20 text-cocoa-700">
                  <th scope="col" className="py-2 pr-4">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    E-mail
                  </th>
                  <th scope="col" className="py-2">
                    Since
                  </th>
                </tr>
              </thead>
              <tbody>
                {subscribers.map((s) => (
                  <tr key={s.id} className="border-b border-cocoa-700/10">
                    <td className="py-2 pr-4">{s.name ?? (s.customer ? 'Customer' : 'Guest')}</td>
                    <td className="py-2 pr-4">{s.email}</td>
                    <td className="py-2">{s.confirmedAt ? s.confirmedAt.slice(0, 10) : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Paging path={path} page={page} total={total} size={SUBSCRIPTIONS_PAGE_SIZE} />
        </>
      )}
    </AccountPage>
  );
}
