import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ChefNav } from '~/components/chef-nav';
import { Notice } from '~/components/form-feedback';
import { StatusFilter } from '~/components/inbox/status-filter';
import { Paging } from '~/components/search-results';
import { linkClass } from '~/components/ui';
import { INBOX_PAGE_SIZE, senderName } from '~/lib/inbox/inbox';
import { listEnquiries, openEnquiryCount } from '~/lib/inbox/inbox.server';
import { requireRole } from '~/lib/session/guards.server';

export const meta: MetaFunction = () => [{ title: 'Questions to your kitchen — Hearth' }];

function pageOf(url: URL): number {
  const page = Math.floor(Number(url.searchParams.get('page')));
  return Number.isFinite(page) && page > 0 ? Math.min(page, 1000) : 0;
}

/** /l/orders/kitchen/enquiries?status=&page= (chefs): the questions sent to the chef's kitchen, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, Role.CHEF);
  const url = new URL(request.url);
  const raw = url.searchParams.get('status');
  const status = raw === 'OPEN' || raw === 'CLOSED' ? raw : null;
  const page = pageOf(url);
  const [{ items, total }, open] = await Promise.all([
    listEnquiries(request, status, page),
    openEnquiryCount(request),
  ]);
  return {
    user: { name: user.name, email: user.email },
    items,
    total,
    open,
    status,
    page,
    path: `${url.pathname}${url.search}`,
  };
}

export default function ChefEnquiriesRoute() {
  const { user, items, total, open, status, page, path } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Questions to your kitchen" user={user}>
      <ChefNav openEnquiries={open} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <p className="text-cocoa-800" role="status">
          {open === null ? '' : `${open} open ${open === 1 ? 'question' : 'questions'}.`}
        </p>
        <StatusFilter status={status} />
      </div>
      {items.length === 0 ? (
        <div className="mt-6">
          <Notice>
            <p>No questions here yet. Customers ask from your kitchen page.</p>
          </Notice>
        </div>
      ) : (
        <table className="mt-6 w-full text-left text-sm">
          <caption className="sr-only">Questions to your kitchen, newest first</caption>
          <thead>
            <tr className="border-b border-cocoa-700/20">
              <th scope="col" className="py-2 pr-3">
                Received
              </th>
              <th scope="col" className="py-2 pr-3">
                From
              </th>
              <th scope="col" className="py-2 pr-3">
                Question
              </th>
              <th scope="col" className="py-2">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((e) => (
              <tr key={e.id} className="border-b border-cocoa-700/10 align-top">
                <td className="py-2 pr-3 whitespace-nowrap">{e.createdAt.slice(0, 10)}</td>
                <td className="py-2 pr-3">
                  <Link to={`/l/orders/kitchen/enquiries/${e.id}`} className={linkClass}>
                    {senderName(e)}
                  </Link>
                </td>
                <td className="py-2 pr-3">
                  {e.message.length > 120 ? `${e.message.slice(0, 120)}…` : e.message}
                </td>
                <td className="py-2">{e.status === 'OPEN' ? 'Open' : 'Closed'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Paging path={path} page={page} total={total} size={INBOX_PAGE_SIZE} />
    </AccountPage>
  );
}
