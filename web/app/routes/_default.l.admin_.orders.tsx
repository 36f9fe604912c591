import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { FormAlert, Notice } from '~/components/form-feedback';
import { OrderSearchTable } from '~/components/orders/order-search-table';
import { Paging } from '~/components/search-results';
import { buttonClass, inputClass, labelClass, linkClass } from '~/components/ui';
import { isApiError } from '~/lib/api/client.server';
import {
  isSearchKey,
  ORDER_SEARCH_PAGE_SIZE,
  SEARCH_KEYS,
  type OrderSearchHit,
  type SearchKey,
} from '~/lib/orders/order-search';
import { searchOrdersBy } from '~/lib/orders/order-search.server';
import { requireRole } from '~/lib/session/guards.server';
import { failureText } from '~/lib/ui/notifications';

export const meta: MetaFunction = () => [{ title: 'Orders — Admin — Hearth' }];

const MAX_QUERY = 200;

/**
 * /l/admin/orders?searchBy=&q=&page= (admins): orders of every kitchen found by one exact key (spec §9): order
 * number or id, customer e-mail, customer phone (any formatting), or kitchen name or id.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, email } = await requireRole(request, Role.ADMIN);
  const url = new URL(request.url);
  const given = url.searchParams.get('searchBy');
  const searchBy: SearchKey = isSearchKey(given) ? given : 'id';
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY);
  const page = Math.max(0, Math.min(1000, Number.parseInt(url.searchParams.get('page') ?? '0', 10) || 0));
  const base = { user: { name, email }, searchBy, q, page, path: `${url.pathname}${url.search}` };
  const none = { items: [] as OrderSearchHit[], total: 0 };
  if (!q) return { ...base, ...none, searched: false, error: null };
  try {
    const found = await searchOrdersBy(request, searchBy, q, page, ORDER_SEARCH_PAGE_SIZE);
    return { ...base, ...found, searched: true, error: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { ...base, ...none, searched: false, error: failureText(error.problem) };
  }
}

export default function AdminOrdersRoute() {
  const { user, searchBy, q, page, path, items, total, searched, error } = useLoaderData<typeof loader>();
  const key = SEARCH_KEYS.find((k) => k.value === searchBy)?.label ?? '';
  return (
    <AccountPage title="Orders" user={user}>
      <p className="mt-2 text-sm">
        <Link to="/l/admin" className={linkClass}>
          Back to Admin
        </Link>
      </p>
      <Form
        method="get"
        role="search"
        aria-label="Find orders"
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <div>
          <label htmlFor="orders-search-by" className={labelClass}>
            Search by
          </label>
          <select id="orders-search-by" name="searchBy" defaultValue={searchBy} className={inputClass}>
            {SEARCH_KEYS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-q" className={labelClass}>
            Looking for
          </label>
          <input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={MAX_QUERY}
            className={inputClass}
          />
        </div>
        <button type="submit" className={buttonClass.secondary}>
          Search
        </button>
      </Form>
      <div className="mt-6">
        {error ? <FormAlert messages={[error]} /> : null}
        {searched && items.length === 0 ? (
          <Notice>
            <p>{`No orders match ${key.toLowerCase()} “${q}”.`}</p>
          </Notice>
        ) : null}
        {items.length > 0 ? (
          <>
            <p className="mb-3 text-sm text-cocoa-700" role="status">
              {`${total} ${total === 1 ? 'date matches' : 'dates match'} ${key.toLowerCase()} “${q}”`}
            </p>
            <OrderSearchTable items={items} link="order" />
            <Paging path={path} page={page} total={total} size={ORDER_SEARCH_PAGE_SIZE} />
          </>
        ) : null}
      </div>
    </AccountPage>
  );
}
