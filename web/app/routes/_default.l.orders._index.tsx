import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { AccountPage } from '~/components/account-page';
import { FormAlert, Notice } from '~/components/form-feedback';
import { DateSelectionSummary, OrderTotals } from '~/components/order-bits';
import { Paging } from '~/components/search-results';
import { buttonClass, linkClass } from '~/components/ui';
import { isApiError, timeZoneFor } from '~/lib/api/client.server';
import { returnPath } from '~/lib/session/auth';
import { displayZone, instantLabel } from '~/lib/format/dates';
import { requireUser } from '~/lib/session/guards.server';
import { formatAmount } from '~/lib/format/money';
import { failureText } from '~/lib/ui/notifications';
import { ORDERS_PAGE_SIZE, PAYMENT_METHOD_LABELS } from '~/lib/orders/orders';
import type { Order } from '~/lib/orders/orders';
import { listOrders } from '~/lib/orders/orders.server';
import { ordersWithKitchenBrands } from '~/lib/cart/cart.server';
import { Role, hasRole } from '@hearth/shared';

export const meta: MetaFunction = () => [{ title: 'Orders — Hearth' }];

/** /l/orders: the signed-in customer's orders, newest first, each date with its status and amounts. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const page = Math.max(0, Number.parseInt(url.searchParams.get('page') ?? '0', 10) || 0);
  const base = {
    user: { name: user.name, email: user.email },
    isChef: hasRole(user, Role.CHEF),
    page,
    path: returnPath(url),
    timeZone: timeZoneFor(request),
  };
  try {
    const { orders, total } = await listOrders(request, page);
    return { ...base, orders: await ordersWithKitchenBrands(request, orders), total, loadError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { ...base, orders: [] as Order[], total: 0, loadError: failureText(error.problem) };
  }
}

function orderStatusHref(orderNumber: string): string {
  return `/l/orders/order-status?orderNumber=${encodeURIComponent(orderNumber)}`;
}

function OrderCard({ order, timeZone }: { order: Order; timeZone: string }) {
  return (
    <article
      className="rounded-3xl bg-white p-5 shadow-card md:p-6"
      aria-labelledby={`order-${order.orderNumber}`}
      data-testid="order"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2
            id={`order-${order.orderNumber}`}
            className="font-display text-2xl font-semibold text-cocoa-900"
          >
            Order {order.orderNumber}
          </h2>
          <p className="text-sm text-cocoa-700">
            Placed {instantLabel(order.orderedDate, displayZone(order.cartItems[0]?.timeZone, timeZone))}
            {order.paymentDetails
              ? ` · ${PAYMENT_METHOD_LABELS[order.paymentDetails.paymentMethod] ?? order.paymentDetails.paymentMethod}`
              : ''}
          </p>
        </div>
        <p className="text-right">
          <span className="block text-xs text-cocoa-600">Total</span>
          <span className="text-xl font-semibold text-cocoa-900" data-testid="order-total">
            {formatAmount(order.amounts.total, order.currencyCode)}
          </span>
        </p>
      </div>
      <ul className="mt-4 divide-y divide-cocoa-700/10">
        {order.cartItems.map((line) => (
          <li key={line.cartItemId} className="py-3">
            <p className="font-semibold text-cocoa-900">
              {line.orderQuantity} × {line.itemName}{' '}
              <span className="font-normal text-cocoa-700">· {line.kitchenName}</span>
            </p>
            <ul className="mt-2 space-y-2">
              {line.dates.map((d) => (
                <li key={d.id}>
                  <DateSelectionSummary line={line} selection={d} currencyCode={order.currencyCode} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <div className="mt-4 border-t border-cocoa-700/10 pt-4 md:ml-auto md:max-w-xs">
        <OrderTotals order={order} />
      </div>
      <p className="mt-4">
        <Link to={orderStatusHref(order.orderNumber)} className={buttonClass.secondary}>
          Follow this order<span className="sr-only"> {order.orderNumber}</span>
        </Link>
      </p>
    </article>
  );
}

export default function OrdersRoute() {
  const { user, isChef, orders, total, page, path, loadError, timeZone } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Orders" user={user}>
      {isChef ? (
        <p className="mb-6 text-sm text-cocoa-700">
          Cooking for others?{' '}
          <Link to="/l/orders/kitchen" className={linkClass}>
            See your kitchen&apos;s incoming orders
          </Link>
        </p>
      ) : null}
      {loadError ? (
        <FormAlert messages={[loadError]} />
      ) : orders.length === 0 ? (
        <Notice>
          <p className="font-semibold text-cocoa-900">No orders yet.</p>
          <p className="mt-1">
            Your orders will appear here once you place one.{' '}
            <Link to="/l/find-items" className={linkClass}>
              Find food near you
            </Link>
          </p>
        </Notice>
      ) : (
        <>
          <ul className="space-y-5">
            {orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} timeZone={timeZone} />
              </li>
            ))}
          </ul>
          <Paging path={path} page={page} total={total} size={ORDERS_PAGE_SIZE} />
        </>
      )}
    </AccountPage>
  );
}
