import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { DeliveryOption, OrderStatus, Role, TimeSlot, dayLabel, type FulfilmentList } from '@hearth/shared';
import { AccountPage } from '~/components/account-page';
import { ChefNav } from '~/components/chef-nav';
import { FormAlert, Notice } from '~/components/form-feedback';
import { Paging } from '~/components/search-results';
import { buttonClass, focusRing } from '~/components/ui';
import { isApiError, timeZoneFor } from '~/lib/api/client.server';
import { ownPublisher } from '~/lib/chef/publisher.server';
import { returnPath } from '~/lib/session/auth';
import { displayZone, slotsLabel } from '~/lib/format/dates';
import { requireRole } from '~/lib/session/guards.server';
import { failureText, successNotification } from '~/lib/ui/notifications';
import { statusLabel } from '~/lib/orders/orders';
import type { BoardGroup, Fulfilment } from '~/lib/orders/orders';
import {
  boardCsvHref,
  boardGroups,
  bulkUpdateStatus,
  listFulfilments,
  markNoShow,
  moveStatus,
  recordCash,
  type BoardFilters,
} from '~/lib/orders/orders.server';
import { boardSections, selectedIds } from '~/lib/orders/board';
import { BULK_FORM_ID, BulkForm, BulkResults, type BulkAnswer } from '~/components/orders/board-bulk';
import { safeRedirect } from '~/lib/http/redirect';
import { redirectWithToast } from '~/lib/ui/toast.server';
import { FulfilmentCard } from '~/components/orders/fulfilment-card';
import { DateReceipts } from '~/components/orders/date-receipts';
import { receiptsForDates, type Receipt } from '~/lib/menus/receipts.server';
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
const PAGE_SIZE = 50;
const LISTS: { value: FulfilmentList; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'cancelled', label: 'Cancelled' },
];

/** The board's filters from the page's query, only values the API knows (others are dropped). */
function filtersOf(url: URL): BoardFilters {
  const q = (name: string) => url.searchParams.get(name) ?? '';
  const filters: BoardFilters = {};
  if (/^\d{4}-\d{2}-\d{2}$/.test(q('date'))) filters.date = q('date');
  if ((Object.values(TimeSlot) as string[]).includes(q('slot'))) filters.slot = q('slot');
  if ((Object.values(DeliveryOption) as string[]).includes(q('deliveryOption')))
    filters.deliveryOption = q('deliveryOption');
  if ((Object.values(OrderStatus) as string[]).includes(q('status'))) filters.status = q('status');
  return filters;
}

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
    filters: filtersOf(url),
    csvHref: boardCsvHref(list, filtersOf(url)),
    // One clock: the chef's orders in the kitchen's own zone (the viewer's only when it is unknown).
    timeZone: displayZone(await kitchenZone(request), timeZoneFor(request)),
  };
  let listed: { items: Fulfilment[]; total: number };
  // The counts per group are over the whole list; without them the page's own rows are counted.
  const groups = boardGroups(request, list, base.filters).then(
    (g) => g.groups,
    (error: unknown) => {
      if (!isApiError(error)) throw error;
      return null;
    },
  );
  try {
    listed = await listFulfilments(request, list, page, PAGE_SIZE, base.filters);
  } catch (error) {
    await groups.catch(() => null);
    if (!isApiError(error)) throw error;
    return {
      ...base,
      items: [] as Fulfilment[],
      total: 0,
      groups: null as BoardGroup[] | null,
      threads: {} as Record<string, OrderThread>,
      receipts: {} as Record<string, Receipt[]>,
      loadError: failureText(error.problem),
    };
  }
  return {
    ...base,
    ...listed,
    groups: await groups,
    threads: await kitchenThreads(request, listed.items),
    // The chef's receipts of each cook date on the page (menu/{id}/upload_receipts), listed under its heading.
    receipts: await receiptsForDates(request, [...new Set(listed.items.map((f) => f.date))]),
    loadError: null,
  };
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
  if (intent === 'bulk') return bulkAction(request, form);
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

/**
 * "Move selected": the ticked rows (`sel`) to one status with one reason. The API answers per row; the answer
 * is shown above the board and the refused rows stay ticked. Nothing ticked, or no status, is said at once.
 */
async function bulkAction(request: Request, form: FormData) {
  const status = String(form.get('status') ?? '').trim();
  const reason = String(form.get('reason') ?? '').trim();
  const ids = selectedIds(form.getAll('sel'));
  const labels = new Map(
    form.getAll('selLabel').map((v) => {
      const [id = '', ...rest] = String(v).split('|');
      return [id, rest.join('|')] as const;
    }),
  );
  const answer = (over: Partial<BulkAnswer>): BulkAnswer => ({
    intent: 'bulk',
    status,
    reason,
    moved: 0,
    refused: 0,
    results: [],
    keep: ids,
    error: null,
    stamp: Date.now(),
    ...over,
  });
  if (ids.length === 0) return data(answer({ error: 'Tick at least one order to move.' }), { status: 400 });
  if (!(Object.values(OrderStatus) as string[]).includes(status))
    return data(answer({ error: 'Choose the status to move the ticked orders to.' }), { status: 400 });
  try {
    const result = await bulkUpdateStatus(request, ids, status, reason || undefined);
    return data(
      answer({
        moved: result.moved,
        refused: result.refused,
        results: result.results.map((r) => ({
          ...r,
          label:
            labels.get(r.ref) ||
            (r.orderNumber ? `Order ${r.orderNumber}` : 'An order no longer on your board'),
        })),
        keep: result.results.filter((r) => r.outcome === 'refused').map((r) => r.ref),
      }),
    );
  } catch (error) {
    if (!isApiError(error)) throw error;
    const sentence =
      error.problem?.fieldErrors?.[0]?.message ?? error.problem?.detail ?? failureText(error.problem);
    return data(answer({ error: sentence }), { status: error.unreachable ? 503 : error.status });
  }
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

const OPTION_LABEL: Record<string, string> = { PICKUP: 'Pickup', DELIVERY: 'Delivery' };
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export default function KitchenOrdersRoute() {
  const {
    user,
    list,
    items,
    total,
    groups,
    receipts,
    page,
    path,
    cancel,
    noShow,
    loadError,
    timeZone,
    threads,
    csvHref,
  } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const bulkAnswer =
    answer && 'intent' in answer && answer.intent === 'bulk' ? (answer as BulkAnswer) : undefined;
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
  const keep = new Set(bulkAnswer?.keep ?? []);
  const sections = boardSections(items, groups);
  const timeSlotsOf = (date: string) => datesOf(items).find((d) => d.date === date)?.timeSlots ?? [];
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
      <div className="mb-6 flex flex-wrap items-end gap-4">
        <form
          method="get"
          action={`${PAGE}/search`}
          role="search"
          aria-label="Search orders"
          className="flex items-end gap-2"
        >
          <label className="flex flex-col text-sm font-semibold text-cocoa-800">
            Search orders
            <input
              type="search"
              name="q"
              placeholder="Order number, name, e-mail, phone, dish"
              className={`mt-1 w-72 rounded-lg border border-cocoa-300 px-3 py-2 font-normal ${focusRing}`}
            />
          </label>
          <button type="submit" className={buttonClass.secondary}>
            Search
          </button>
        </form>
        <p className="flex flex-wrap gap-4">
          <Link to={`${PAGE}/prep`} className={`font-semibold text-ember-700 underline ${focusRing}`}>
            Prep sheet and shopping list
          </Link>
          <a href={csvHref} download className={`font-semibold text-ember-700 underline ${focusRing}`}>
            Download this list (CSV)
          </a>
        </p>
      </div>
      {bulkAnswer ? <BulkResults answer={bulkAnswer} /> : null}
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
          <p className="mb-4 text-sm text-cocoa-700" data-testid="board-total">
            {plural(total, 'order date')} on this list
          </p>
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
          <BulkForm answer={bulkAnswer} redirectTo={path} />
          <div className="space-y-10">
            {sections.map((d) => {
              const day = dayLabel(d.date);
              const headingId = `board-date-${d.date}`;
              return (
                <section key={d.date} aria-labelledby={headingId} data-testid="board-date" data-date={d.date}>
                  <div className="mb-3 flex flex-wrap items-baseline justify-between gap-3 border-b border-cocoa-200 pb-2">
                    <h2 id={headingId} className="text-xl font-bold text-cocoa-900">
                      {day}{' '}
                      <span className="text-base font-normal text-cocoa-700">
                        · {plural(d.count, 'order date')}
                      </span>
                    </h2>
                    <nav aria-label={`Sheets of ${day}`} className="flex flex-wrap gap-4 text-sm">
                      <Link
                        to={`${PAGE}/prep?date=${d.date}`}
                        className={`font-semibold text-ember-700 underline ${focusRing}`}
                      >
                        Prep sheet<span className="sr-only"> of {day}</span>
                      </Link>
                      {d.hasDeliveries ? (
                        <Link
                          to={`${PAGE}/round?date=${d.date}`}
                          className={`font-semibold text-ember-700 underline ${focusRing}`}
                        >
                          Delivery round<span className="sr-only"> of {day}</span>
                        </Link>
                      ) : null}
                    </nav>
                  </div>
                  <div className="mb-3">
                    <DateReceipts receipts={receipts[d.date] ?? []} date={d.date} />
                  </div>
                  {list === 'active' ? (
                    <div className="mb-4">
                      <DateMessageForm
                        date={d.date}
                        timeSlots={timeSlotsOf(d.date)}
                        result={dateResult}
                        redirectTo={path}
                      />
                    </div>
                  ) : null}
                  {d.slots.map((slot) => (
                    <div key={slot.key} className="mb-6">
                      <h3 className="mb-2 text-lg font-semibold text-cocoa-900">
                        {slotsLabel(slot.timeSlots) || 'No time slot'}{' '}
                        <span className="text-sm font-normal text-cocoa-700">
                          · {plural(slot.count, 'order date')}
                        </span>
                      </h3>
                      {slot.options.map((o) => (
                        <div key={o.deliveryOption} data-testid="board-group" className="mb-4">
                          <h4 className="mb-2 font-semibold text-cocoa-800">
                            {OPTION_LABEL[o.deliveryOption] ?? o.deliveryOption}{' '}
                            <span className="font-normal text-cocoa-700">· {o.count}</span>
                          </h4>
                          <ul className="space-y-4">
                            {o.rows.map((f) => {
                              const label = `Order ${f.orderNumber} · ${f.itemName} · ${dayLabel(f.date)}`;
                              return (
                                <li key={f.dateSelectionId}>
                                  <label className="mb-1 flex items-center gap-2 text-sm font-semibold text-cocoa-800">
                                    <input
                                      // A new answer re-mounts the boxes: only the refused rows stay ticked.
                                      key={`${f.dateSelectionId}:${bulkAnswer?.stamp ?? 0}`}
                                      type="checkbox"
                                      name="sel"
                                      value={f.dateSelectionId}
                                      form={BULK_FORM_ID}
                                      defaultChecked={keep.has(f.dateSelectionId)}
                                      className={`h-5 w-5 ${focusRing}`}
                                    />
                                    Select {label}
                                  </label>
                                  <input
                                    type="hidden"
                                    name="selLabel"
                                    value={`${f.dateSelectionId}|${label}`}
                                    form={BULK_FORM_ID}
                                  />
                                  <FulfilmentCard
                                    f={f}
                                    result={result}
                                    path={path}
                                    confirming={f.dateSelectionId === confirmable?.dateSelectionId}
                                    confirmingNoShow={f.dateSelectionId === noShowable?.dateSelectionId}
                                    timeZone={timeZone}
                                    headingLevel={5}
                                  />
                                  <SelectionThread
                                    thread={threads[f.orderNumber]}
                                    orderNumber={f.orderNumber}
                                    cartItemId={f.cartItemId}
                                    dateSelectionId={f.dateSelectionId}
                                    customerName={
                                      typeof f.customer?.name === 'string' ? f.customer.name : null
                                    }
                                    timeZone={timeZone}
                                    result={messageResult}
                                    redirectTo={path}
                                  />
                                </li>
                              );
                            })}
                          </ul>
                        </div>
                      ))}
                    </div>
                  ))}
                </section>
              );
            })}
          </div>
          <Paging path={path} page={page} total={total} size={PAGE_SIZE} />
        </>
      )}
    </AccountPage>
  );
}
