import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ChefNav } from '~/components/chef-nav';
import { FormAlert, Notice } from '~/components/form-feedback';
import { OrderSearchTable } from '~/components/orders/order-search-table';
import { Paging } from '~/components/search-results';
import { focusRing } from '~/components/ui';
import { isApiError } from '~/lib/api/client.server';
import { MIN_QUERY_LENGTH, ORDER_SEARCH_PAGE_SIZE, type OrderSearchHit } from '~/lib/orders/order-search';
import { searchOrders } from '~/lib/orders/order-search.server';
import { requireRole } from '~/lib/session/guards.server';
import { failureText } from '~/lib/ui/notifications';

export const meta: MetaFunction = () => [{ title: 'Find an order — Hearth' }];

const MAX_QUERY = 100;

/**
 * /l/orders/kitchen/search?q=&page= (chefs): the kitchen's orders matching an order number (or its beginning),
 * the customer's name, e-mail or phone, or a dish — one row per date, like the board.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, Role.CHEF);
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY);
  const page = Math.max(0, Math.min(1000, Number.parseInt(url.searchParams.get('page') ?? '0', 10) || 0));
  const base = {
    user: { name: user.name, email: user.email },
    q,
    page,
    path: `${url.pathname}${url.search}`,
  };
  const none = { items: [] as OrderSearchHit[], total: 0 };
  if (!q) return { ...base, ...none, searched: false, error: null };
  if (q.length < MIN_QUERY_LENGTH) {
    return { ...base, ...none, searched: false, error: `Type at least ${MIN_QUERY_LENGTH} characters.` };
  }
  try {
    return {
      ...base,
      ...(await searchOrders(request, q, page, ORDER_SEARCH_PAGE_SIZE)),
      searched: true,
      error: null,
    };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { ...base, ...none, searched: false, error: failureText(error.problem) };
  }
}

export default function KitchenOrderSearchRoute() {
  const { user, q, page, path, items, total, searched, error } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Find an order" user={user}>
      <ChefNav />
      <p className="mb-4">
        <Link to="/l/orders/kitchen" className={`font-semibold text-ember-700 underline ${focusRing}`}>
          Back to kitchen orders
        </Link>
      </p>
      <Form
        method="get"
        role="search"
        aria-label="Find an order"
        className="flex flex-wrap items-end gap-4 rounded-3xl bg-white p-4 shadow-card"
      >
        <label className="flex min-w-64 flex-1 flex-col text-sm font-semibold text-cocoa-900">
          Order number, customer name, e-mail or phone, or dish
          <input
            type="search"
            name="q"
            defaultValue={q}
            maxLength={MAX_QUERY}
            className={`mt-1 rounded-xl border border-cocoa-300 px-3 py-2 font-normal ${focusRing}`}
          />
        </label>
        <button
          type="submit"
          className={`rounded-full bg-ember-700 px-5 py-2 font-semibold text-white ${focusRing}`}
        >
          Search
        </button>
      </Form>
      <div className="mt-6">
        {error ? <FormAlert messages={[error]} /> : null}
        {searched && items.length === 0 ? (
          <Notice>
            <p>{`No orders match “${q}”.`}</p>
          </Notice>
        ) : null}
        {items.length > 0 ? (
          <>
            <p className="mb-3 text-sm text-cocoa-700" role="status">
              {`${total} ${total === 1 ? 'date matches' : 'dates match'} “${q}”`}
            </p>
            <OrderSearchTable items={items} link="board" />
            <Paging path={path} page={page} total={total} size={ORDER_SEARCH_PAGE_SIZE} />
          </>
        ) : null}
      </div>
    </AccountPage>
  );
}
