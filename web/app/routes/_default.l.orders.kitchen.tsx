import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Role } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ChefNav } from '~/components/chef-nav';
import { FieldError, FormAlert, Notice } from '~/components/form-feedback';
import { StatusBadge } from '~/components/order-bits';
import { Paging } from '~/components/search-results';
import { buttonClass, focusRing } from '~/components/ui';
import { isApiError, timeZoneFor } from '~/lib/api.server';
import { returnPath } from '~/lib/auth';
import { dayLabel, instantLabel, slotsLabel } from '~/lib/dates';
import { requireRole } from '~/lib/guards.server';
import { formatAmount } from '~/lib/money';
import { failureText, successNotification } from '~/lib/notifications';
import { PAYMENT_STATUS_LABELS, statusLabel } from '~/lib/orders';
import type { Fulfilment } from '~/lib/orders';
import { listFulfilments, moveStatus } from '~/lib/orders.server';
import type { FulfilmentList } from '~/lib/orders.server';
import { safeRedirect } from '~/lib/redirect';
import { redirectWithToast } from '~/lib/toast.server';

const PAGE = '/l/orders/kitchen';
const PAGE_SIZE = 20;
const LISTS: { value: FulfilmentList; label: string }[] = [
  { value: 'active', label: 'To do' },
  { value: 'archived', label: 'Delivered' },
  { value: 'cancelled', label: 'Cancelled' },
];

export const meta: MetaFunction = () => [{ title: 'Kitchen orders — Hearth' }];

/** /l/orders/kitchen (chefs): incoming date selections, each with the statuses it may move to next. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, Role.CHEF);
  const url = new URL(request.url);
  const list = LISTS.find((l) => l.value === url.searchParams.get('list'))?.value ?? 'active';
  const page = Math.max(0, Number.parseInt(url.searchParams.get('page') ?? '0', 10) || 0);
  const base = {
    user: { name: user.name, email: user.email },
    list,
    page,
    path: returnPath(url),
    timeZone: timeZoneFor(request),
  };
  try {
    return { ...base, ...(await listFulfilments(request, list, page, PAGE_SIZE)), loadError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { ...base, items: [] as Fulfilment[], total: 0, loadError: failureText(error.problem) };
  }
}

interface MoveResult {
  dateSelectionId: string;
  error: string;
}

/** Moves one date selection to the status the chef pressed; a refused move shows the API's sentence. */
export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, Role.CHEF);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '').trim();
  if (field('intent') !== 'move') throw data('This form is not known here.', { status: 400 });
  const ref = {
    orderNumber: field('orderNumber'),
    cartItemId: field('cartItemId'),
    itemId: field('itemId'),
    dateSelectionId: field('dateSelectionId'),
  };
  const status = field('status');
  if (!ref.orderNumber || !ref.cartItemId || !ref.itemId || !ref.dateSelectionId || !status) {
    throw data('Which date, and to which status? The form did not say.', { status: 400 });
  }
  try {
    await moveStatus(request, ref, status);
  } catch (error) {
    if (!isApiError(error)) throw error;
    const message = error.problem?.detail ?? failureText(error.problem);
    return data<MoveResult>(
      { dateSelectionId: ref.dateSelectionId, error: message },
      { status: error.unreachable ? 503 : error.status },
    );
  }
  return redirectWithToast(safeRedirect(form.get('redirectTo'), PAGE), successNotification());
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function placeOf(f: Fulfilment): string {
  const place = f.deliveryOption === 'PICKUP' ? f.pickupLocation : f.deliveryAddress;
  if (!place) return '';
  return [text(place.name), text(place.addressLine1), text(place.city), text(place.zipcode)]
    .filter(Boolean)
    .join(', ');
}

function FulfilmentCard({
  f,
  result,
  path,
  timeZone,
}: {
  f: Fulfilment;
  result: MoveResult | undefined;
  path: string;
  timeZone: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === 'submitting' && navigation.formData?.get('dateSelectionId') === f.dateSelectionId
      ? navigation.formData.get('status')
      : null;
  const error = result?.dateSelectionId === f.dateSelectionId ? result.error : null;
  const customer = f.customer
    ? [text(f.customer.name), text(f.customer.phone)].filter(Boolean).join(' · ')
    : '';
  const errorId = `move-${f.dateSelectionId}-error`;
  return (
    <article
      className="rounded-3xl bg-white p-5 shadow-card"
      aria-labelledby={`f-${f.dateSelectionId}`}
      data-testid="fulfilment"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`f-${f.dateSelectionId}`} className="font-display text-xl font-semibold text-cocoa-900">
            {f.orderQuantity} × {f.itemName} · {dayLabel(f.date)}
          </h2>
          <p className="text-sm text-cocoa-700">
            {slotsLabel(f.timeSlots)} · {f.deliveryOption === 'PICKUP' ? 'Pickup' : 'Delivery'} · Order{' '}
            {f.orderNumber}, placed {instantLabel(f.orderedDate, timeZone)}
          </p>
          {customer ? <p className="text-sm text-cocoa-700">For {customer}</p> : null}
          {placeOf(f) ? <p className="text-sm text-cocoa-700">{placeOf(f)}</p> : null}
          {f.note ? <p className="text-sm text-cocoa-700">Note: “{f.note}”</p> : null}
        </div>
        <div className="text-right text-sm">
          <StatusBadge status={f.orderStatus} />
          <p className="mt-1 text-cocoa-700">{PAYMENT_STATUS_LABELS[f.paymentStatus] ?? f.paymentStatus}</p>
          <p className="font-semibold text-cocoa-900">{formatAmount(f.netAmountPerDate, f.currencyCode)}</p>
        </div>
      </div>
      {f.nextStatuses.length ? (
        <div
          className="mt-4 flex flex-wrap gap-2"
          role="group"
          aria-label={`Move ${f.itemName} on ${dayLabel(f.date)} to`}
          aria-describedby={error ? errorId : undefined}
        >
          {f.nextStatuses.map((status) => (
            <Form method="post" key={status}>
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="orderNumber" value={f.orderNumber} />
              <input type="hidden" name="cartItemId" value={f.cartItemId} />
              <input type="hidden" name="itemId" value={f.itemId ?? ''} />
              <input type="hidden" name="dateSelectionId" value={f.dateSelectionId} />
              <input type="hidden" name="status" value={status} />
              <input type="hidden" name="redirectTo" value={path} />
              <button
                type="submit"
                className={status === 'CANCELLED' ? buttonClass.ghost : buttonClass.secondary}
                disabled={pending !== null}
              >
                {pending === status ? 'Saving…' : status === 'CANCELLED' ? 'Cancel' : statusLabel(status)}
              </button>
            </Form>
          ))}
        </div>
      ) : null}
      <FieldError id={errorId} message={error} />
    </article>
  );
}

export default function KitchenOrdersRoute() {
  const { user, list, items, total, page, path, loadError, timeZone } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <AccountPage title="Kitchen orders" user={user}>
      <ChefNav />
      <nav aria-label="Which orders" className="mb-6 flex flex-wrap gap-2">
        {LISTS.map((l) => (
          <Link
            key={l.value}
            to={l.value === 'active' ? PAGE : `${PAGE}?list=${l.value}`}
            aria-current={l.value === list ? 'page' : undefined}
            className={`rounded-full px-4 py-2 text-sm font-semibold ${focusRing} ${l.value === list ? 'bg-ember-700 text-white' : 'bg-white text-cocoa-800 hover:bg-cream-200'}`}
          >
            {l.label}
          </Link>
        ))}
      </nav>
      {loadError ? (
        <FormAlert messages={[loadError]} />
      ) : items.length === 0 ? (
        <Notice>
          <p>
            {list === 'active'
              ? 'Nothing to cook right now. New orders appear here as soon as they are placed.'
              : 'Nothing here yet.'}
          </p>
        </Notice>
      ) : (
        <>
          <ul className="space-y-4">
            {items.map((f) => (
              <li key={f.dateSelectionId}>
                <FulfilmentCard f={f} result={result} path={path} timeZone={timeZone} />
              </li>
            ))}
          </ul>
          <Paging path={path} page={page} total={total} size={PAGE_SIZE} />
        </>
      )}
    </AccountPage>
  );
}
