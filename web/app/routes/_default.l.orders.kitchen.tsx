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
import { DateMessageForm, type DateMessageResult } from '~/components/order-messages/date-message-form';
import type { MessageResult } from '~/components/order-messages/order-thread';
import { SelectionThread } from '~/components/order-messages/selection-thread';
import {
  orderThreads,
  sendDateMessage,
  sendOrderMessage,
  type OrderThread,
} from '~/lib/orders/order-messages.server';

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
  let listed: { items: Fulfilment[]; total: number };
  try {
    listed = await listFulfilments(request, list, page, PAGE_SIZE);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return {
      ...base,
      items: [] as Fulfilment[],
      total: 0,
      threads: {} as Record<string, OrderThread>,
      loadError: failureText(error.problem),
    };
  }
  return { ...base, ...listed, threads: await kitchenThreads(request, listed.items), loadError: null };
}

/** The kitchen's thread of each order on the page, by order number (a thread that cannot be had is left out). */
async function kitchenThreads(request: Request, items: readonly Fulfilment[]) {
  const numbers = [...new Set(items.map((f) => f.orderNumber))];
  const threads: Record<string, OrderThread> = {};
  await Promise.all(
    numbers.map(async (n) => {
      try {
        const [thread] = await orderThreads(request, n);
        if (thread) threads[n] = thread;
      } catch (error) {
        if (!isApiError(error)) throw error;
      }
    }),
  );
  return threads;
}

/** The dates on the page, soonest first, each with the time slots of its orders. */
function datesOf(items: readonly Fulfilment[]): Array<{ date: string; timeSlots: string[] }> {
  const byDate = new Map<string, Set<string>>();
  for (const f of items) {
    const slots = byDate.get(f.date) ?? new Set<string>();
    for (const s of f.timeSlots) slots.add(s);
    byDate.set(f.date, slots);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, slots]) => ({ date, timeSlots: [...slots] }));
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
  if (intent === 'message') return messageAction(request, form);
  if (intent === 'date-message-preview' || intent === 'date-message') return dateMessageAction(request, form);
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

/** "Message customer" on one date selection: written about that date; the customer is e-mailed. */
async function messageAction(request: Request, form: FormData) {
  const field = (name: string) => String(form.get(name) ?? '').trim();
  const formKey = field('formKey');
  const message = field('message');
  const orderNumber = field('orderNumber');
  if (!orderNumber) throw data('Which order? The form did not say.', { status: 400 });
  if (!message)
    return data<MessageResult>(
      { intent: 'message', formKey, message, error: 'Write a message' },
      { status: 400 },
    );
  try {
    await sendOrderMessage(request, {
      orderNumber,
      message,
      ...(field('cartItemId') ? { cartItemId: field('cartItemId') } : {}),
      ...(field('userSelectionDateId') ? { userSelectionDateId: field('userSelectionDateId') } : {}),
    });
  } catch (error) {
    if (!isApiError(error)) throw error;
    const sentence =
      error.problem?.fieldErrors?.[0]?.message ?? error.problem?.detail ?? failureText(error.problem);
    return data<MessageResult>(
      { intent: 'message', formKey, message, error: sentence },
      { status: error.unreachable ? 503 : error.status },
    );
  }
  return redirectWithToast(
    safeRedirect(form.get('redirectTo'), PAGE),
    successNotification(`Message sent to the customer of order ${orderNumber}`),
  );
}

/**
 * "Message all customers of this date": first a dry run that says whom it reaches (the confirm step), then
 * the send itself; the API's refusal (nobody on that date and slot, a bad message) is shown in the form.
 */
async function dateMessageAction(request: Request, form: FormData) {
  const field = (name: string) => String(form.get(name) ?? '').trim();
  const intent = field('intent');
  const base = {
    date: field('date'),
    timeSlot: field('timeSlot'),
    fulfilment: field('fulfilment'),
    message: field('message'),
  };
  if (!base.date) throw data('Which date? The form did not say.', { status: 400 });
  if (!base.message)
    return data<DateMessageResult>(
      { intent: 'date-message-error', ...base, error: 'Write a message' },
      { status: 400 },
    );
  const body = {
    date: base.date,
    message: base.message,
    ...(base.timeSlot ? { timeSlot: base.timeSlot } : {}),
    ...(base.fulfilment === 'PICKUP' || base.fulfilment === 'DELIVERY'
      ? { fulfilment: base.fulfilment as 'PICKUP' | 'DELIVERY' }
      : {}),
  };
  try {
    if (intent === 'date-message-preview') {
      const reach = await sendDateMessage(request, { ...body, dryRun: true });
      return data<DateMessageResult>({
        intent: 'date-message-preview',
        ...base,
        customers: reach.customers,
        orders: reach.orders,
      });
    }
    const sent = await sendDateMessage(request, body);
    const customers = `${sent.customers} ${sent.customers === 1 ? 'customer' : 'customers'}`;
    return redirectWithToast(
      safeRedirect(form.get('redirectTo'), PAGE),
      successNotification(`Message sent to ${customers} of ${dayLabel(base.date)}`),
    );
  } catch (error) {
    if (!isApiError(error)) throw error;
    const sentence =
      error.problem?.fieldErrors?.[0]?.message ?? error.problem?.detail ?? failureText(error.problem);
    return data<DateMessageResult>(
      { intent: 'date-message-error', ...base, error: sentence },
      { status: error.unreachable ? 503 : error.status },
    );
  }
}

export default function KitchenOrdersRoute() {
  const { user, list, items, total, page, path, cancel, noShow, loadError, timeZone, threads } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const messageResult = answer && 'intent' in answer && answer.intent === 'message' ? answer : undefined;
  const dateResult =
    answer && 'intent' in answer && answer.intent.startsWith('date-message')
      ? (answer as DateMessageResult)
      : undefined;
  const result = answer && !('intent' in answer) ? answer : undefined;
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
      <p className="mb-6">
        <Link to={`${PAGE}/prep`} className={`font-semibold text-ember-700 underline ${focusRing}`}>
          Prep sheet and shopping list
        </Link>
      </p>
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
          {list === 'active' ? (
            <nav aria-label="Prep sheets" className="mb-6 flex flex-wrap gap-2">
              {datesOf(items).map((d) => (
                <Link
                  key={d.date}
                  to={`${PAGE}/prep?date=${d.date}`}
                  className={`rounded-full bg-white px-4 py-2 text-sm font-semibold text-cocoa-800 hover:bg-cream-200 ${focusRing}`}
                >
                  Prep sheet <span className="font-normal">{dayLabel(d.date)}</span>
                </Link>
              ))}
            </nav>
          ) : null}
          {list === 'active' ? (
            <section aria-labelledby="date-messages-heading" className="mb-6">
              <h2 id="date-messages-heading" className="sr-only">
                Message the customers of a date
              </h2>
              <div className="space-y-3">
                {datesOf(items).map((d) => (
                  <DateMessageForm
                    key={d.date}
                    date={d.date}
                    timeSlots={d.timeSlots}
                    result={dateResult}
                    redirectTo={path}
                  />
                ))}
              </div>
            </section>
          ) : null}
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
                <SelectionThread
                  thread={threads[f.orderNumber]}
                  orderNumber={f.orderNumber}
                  cartItemId={f.cartItemId}
                  dateSelectionId={f.dateSelectionId}
                  customerName={typeof f.customer?.name === 'string' ? f.customer.name : null}
                  timeZone={timeZone}
                  result={messageResult}
                  redirectTo={path}
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
