import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { Role, dayLabel, type FulfilmentList } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ChefNav } from '~/components/chef-nav';
import { FormAlert, Notice } from '~/components/form-feedback';
import { Paging } from '~/components/search-results';
import { focusRing } from '~/components/ui';
import { isApiError, timeZoneFor } from '~/lib/api/client.server';
import { ownPublisher } from '~/lib/chef/publisher.server';
import { returnPath } from '~/lib/session/auth';
import { displayZone } from '~/lib/format/dates';
import { requireRole } from '~/lib/session/guards.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { statusLabel } from '~/lib/orders/orders';
import type { Fulfilment } from '~/lib/orders/orders';
import { listFulfilments, markNoShow, moveStatus, recordCash } from '~/lib/orders/orders.server';
import { safeRedirect } from '~/lib/http/redirect';
import { redirectWithToast } from '~/lib/ui/toast.server';
import { FulfilmentCard } from '~/components/orders/fulfilment-card';
import type { MoveResult } from '~/components/orders/fulfilment-card';

const PAGE = '/l/orders/kitchen';
const PAGE_SIZE = 20;
const LISTS: { value: FulfilmentList; label: string }[] = [
  { value: 'active', label: 'To do' },
  { value: 'archived', label: 'Delivered' },
  { value: 'cancelled', label: 'Cancelled' },
];

export const meta: MetaFunction = () => [{ title: 'Kitchen orders — Hearth' }];

/** The signed-in chef's kitchen zone, or null when it cannot be had just now. */
async function kitchenZone(request: Request): Promise<string | null> {
  try {
    return (await ownPublisher(request))?.timeZone?.timeZoneId ?? null;
  } catch (error) {
    if (!isApiError(error)) throw error;
    return null;
  }
}

/** /l/orders/kitchen (chefs): incoming date selections, each with the statuses it may move to next. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, Role.CHEF);
  const url = new URL(request.url);
  const list = LISTS.find((l) => l.value === url.searchParams.get('list'))?.value ?? 'active';
  const page = Math.max(0, Number.parseInt(url.searchParams.get('page') ?? '0', 10) || 0);
  // `?cancel={dateSelectionId}` opens the confirm step of cancelling that date (see kitchen-cancel.tsx).
  const cancel = url.searchParams.get('cancel');
  url.searchParams.delete('cancel');
  // `?noShow={dateSelectionId}`: the confirm step of marking that cash date not collected (cash-actions.tsx).
  const noShow = url.searchParams.get('noShow');
  url.searchParams.delete('noShow');
  const base = {
    user: { name: user.name, email: user.email },
    list,
    page,
    path: returnPath(url),
    cancel,
    noShow,
    // One clock: the chef's orders in the kitchen's own zone (the viewer's only when it is unknown).
    timeZone: displayZone(await kitchenZone(request), timeZoneFor(request)),
  };
  try {
    return { ...base, ...(await listFulfilments(request, list, page, PAGE_SIZE)), loadError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { ...base, items: [] as Fulfilment[], total: 0, loadError: failureText(error.problem) };
  }
}

const REASON_REQUIRED =
  'Say why you are cancelling: the customer reads your reason in their e-mail and on their order page.';

/** What the chef is told after a move: the dish, the date and where it is now. */
function movedMessage(itemName: string, date: string, status: string): string {
  const what = `${itemName || 'The dish'} for ${dayLabel(date)}`;
  return status === 'CANCELLED'
    ? `Cancelled ${what} — the customer has been told`
    : `${what}: ${statusLabel(status)}`;
}

/**
 * Moves one date selection to the status the chef pressed; a refused move shows the API's sentence. A cancel
 * comes from its confirm step and needs a reason (the API refuses one without, too).
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireRole(request, Role.CHEF);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '').trim();
  const intent = field('intent');
  if (intent === 'cash' || intent === 'no-show') return cashAction(request, form);
  if (intent !== 'move') throw data('This form is not known here.', { status: 400 });
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
  const cancelling = status === 'CANCELLED';
  const reason = cancelling ? field('reason') : '';
  if (cancelling && !reason) {
    return data<MoveResult>(
      { dateSelectionId: ref.dateSelectionId, error: null, reasonError: REASON_REQUIRED, reason },
      { status: 400 },
    );
  }
  let moved: { date: string };
  try {
    moved = await moveStatus(request, ref, status, reason || undefined);
  } catch (error) {
    if (!isApiError(error)) throw error;
    const reasonError = error.problem?.fieldErrors?.find((e) => e.field === 'reason')?.message ?? null;
    const message = reasonError ? null : (error.problem?.detail ?? failureText(error.problem));
    return data<MoveResult>(
      {
        dateSelectionId: ref.dateSelectionId,
        error: message,
        ...(cancelling ? { reasonError, reason } : {}),
      },
      { status: error.unreachable ? 503 : error.status },
    );
  }
  return redirectWithToast(
    safeRedirect(form.get('redirectTo'), PAGE),
    successNotification(movedMessage(field('itemName'), moved.date, status)),
  );
}

/** "Cash received" and the confirmed "Not collected": the API's refusal is shown under that date's buttons. */
async function cashAction(request: Request, form: FormData) {
  const field = (name: string) => String(form.get(name) ?? '').trim();
  const intent = field('intent');
  const ref = {
    orderNumber: field('orderNumber'),
    cartItemId: field('cartItemId'),
    dateSelectionId: field('dateSelectionId'),
  };
  if (!ref.orderNumber || !ref.dateSelectionId || (intent === 'no-show' && !ref.cartItemId))
    throw data('Which order and date? The form did not say.', { status: 400 });
  try {
    if (intent === 'cash') await recordCash(request, ref.orderNumber, [ref.dateSelectionId]);
    else await markNoShow(request, ref);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return data<MoveResult>(
      { dateSelectionId: ref.dateSelectionId, error: error.problem?.detail ?? failureText(error.problem) },
      { status: error.unreachable ? 503 : error.status },
    );
  }
  const what = `${field('itemName') || 'The dish'} for ${field('date') ? dayLabel(field('date')) : 'that date'}`;
  return redirectWithToast(
    safeRedirect(form.get('redirectTo'), PAGE),
    successNotification(intent === 'cash' ? `Cash received: ${what}` : `${what}: marked as not collected`),
  );
}

export default function KitchenOrdersRoute() {
  const { user, list, items, total, page, path, cancel, noShow, loadError, timeZone } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const confirmable = cancel
    ? items.find((f) => f.dateSelectionId === cancel && f.nextStatuses.includes('CANCELLED'))
    : undefined;
  const noShowable = noShow ? items.find((f) => f.dateSelectionId === noShow && f.canMarkNoShow) : undefined;
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
      {cancel && !confirmable && !loadError ? (
        <div className="mb-6">
          <Notice tone="warning">
            <p>That date is not on this page or can no longer be cancelled. Nothing was cancelled.</p>
          </Notice>
        </div>
      ) : null}
      {noShow && !noShowable && !loadError ? (
        <div className="mb-6">
          <Notice tone="warning">
            <p>
              That date is not on this page or can no longer be marked as not collected. Nothing was changed.
            </p>
          </Notice>
        </div>
      ) : null}
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
                <FulfilmentCard
                  f={f}
                  result={result}
                  path={path}
                  confirming={f.dateSelectionId === confirmable?.dateSelectionId}
                  confirmingNoShow={f.dateSelectionId === noShowable?.dateSelectionId}
                  timeZone={timeZone}
                />
              </li>
            ))}
          </ul>
          <Paging path={path} page={page} total={total} size={PAGE_SIZE} />
        </>
      )}
    </AccountPage>
  );
}
